#!/usr/bin/env bash
# `npm test`: everything a change must pass, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step prints the time the previous one took, and the end a summary, so a slow step shows.
STARTED=$SECONDS
LAST_STEP=""
LAST_START=$SECONDS
TIMES=""
step() {
  if [ -n "$LAST_STEP" ]; then TIMES+="$(printf '%5ds  %s' $((SECONDS - LAST_START)) "$LAST_STEP")"$'\n'; fi
  LAST_STEP="$1"
  LAST_START=$SECONDS
  printf '\n=== %s (Node %s, %ds in)\n' "$1" "$(node -p process.versions.node)" $((SECONDS - STARTED))
}
summary() {
  step ""
  printf '\n=== npm test passed in %dm%02ds\n%s' $(((SECONDS - STARTED) / 60)) $(((SECONDS - STARTED) % 60)) "$TIMES"
}

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm ci`: exactly the locked tree (tests/unit/lockfile.test.ts keeps every platform's
  # optional packages in the lock, so npm ci accepts it on Linux, macOS and Windows).
  step "install dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi
step "lint: ESLint and Prettier --check (npm run lint)"
npm run --silent lint

step "browser: Chrome, Chromium or Edge (scripts/find-browser.ts; CHROMIUM_PATH picks one)"
CHROMIUM_PATH="$(npx tsx scripts/find-browser.ts --install)"
export CHROMIUM_PATH
echo "$CHROMIUM_PATH"

step "type check"
npm run --silent typecheck

step "unit tests"
npm run --silent test:unit

step "build failures: each broken fixture fails the build with a clear message"
npm run --silent test:fixtures

# The browser suite runs on a build under a path, served only under it (the harder case: every
# link, request and search result must keep the base), with a public address, so sitemap,
# canonical links and robots.txt are checked too. A short smoke test then covers a root build.
step "production build under a path (BASE_URL=/medplum-docs/ SITE_URL=https://docs.example.org) into build/"
BASE_URL=/medplum-docs/ SITE_URL=https://docs.example.org npm run --silent build

step "browser tests against build/, served only under /medplum-docs/"
npm run --silent test:browser

step "production build at the root (no BASE_URL, no SITE_URL) into build-root/"
env -u BASE_URL -u SITE_URL BUILD_DIR=build-root npm run --silent build

step "browser: root smoke test, the build's address and npm run serve against build-root/"
env -u BASE_URL -u SITE_URL BUILD_DIR=build-root npm run --silent test:root
summary
