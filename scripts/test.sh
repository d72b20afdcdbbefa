#!/usr/bin/env bash
# `npm test`: everything a change must pass, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$1"; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm install`, not `npm ci`: the lock file npm 11 writes here leaves out other platforms'
  # optional packages (@swc/core-darwin-*, …) and `npm ci` refuses it as out of sync, even when
  # regenerated from scratch. `npm install` installs the locked versions all the same.
  step "install dependencies (npm install)"
  npm install --no-audit --no-fund
fi
step "browser: make sure Debian's chromium is installed"
bash scripts/ensure-chromium.sh

step "type check"
npm run --silent typecheck

step "unit tests"
npm run --silent test:unit

step "build failures: each broken fixture fails the build with a clear message"
npm run --silent test:fixtures

step "production build"
npm run --silent build

step "browser tests against the built site"
npm run --silent test:browser
