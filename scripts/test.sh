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

# The development server writes .docusaurus/ and the generated pages as a build does, so it runs
# alone, before the root build starts.
step "browser: the development server's search (npm start)"
npm run --silent test:browser -- tests/browser/dev-search.test.ts

# The root build needs nothing from the browser tests, and they leave a core idle much of the
# time (pages loading, waits on the page): it runs beside them at the lowest CPU priority, so it
# uses that idle time without slowing them, and its output is shown when it is waited for.
ROOT_BUILD_LOG="$(mktemp)"
( env -u BASE_URL -u SITE_URL BUILD_DIR=build-root nice -n 19 npm run --silent build >"$ROOT_BUILD_LOG" 2>&1 ) &
ROOT_BUILD_PID=$!
trap 'kill "$ROOT_BUILD_PID" 2>/dev/null || true; rm -f "$ROOT_BUILD_LOG"' EXIT

step "browser tests against build/, served only under /medplum-docs/ (the root build runs beside them)"
# shellcheck disable=SC2046
npm run --silent test:browser -- $(find tests/browser -name "*.test.ts" ! -name dev-search.test.ts ! -name tool-limits.test.ts | sort)

# Alone, because it times the page's main thread: a freeze is a task over a second.
step "browser: the FHIR tools' limits on hostile links (alone: it times the main thread)"
npm run --silent test:browser -- tests/browser/tool-limits.test.ts

step "production build at the root (no BASE_URL, no SITE_URL) into build-root/: waiting for it"
ROOT_BUILD_STATUS=0
wait "$ROOT_BUILD_PID" || ROOT_BUILD_STATUS=$?
cat "$ROOT_BUILD_LOG"
if [ "$ROOT_BUILD_STATUS" -ne 0 ]; then
  echo "the root build failed (exit $ROOT_BUILD_STATUS)" >&2
  exit "$ROOT_BUILD_STATUS"
fi

step "browser: root smoke test, the build's address and npm run serve against build-root/"
env -u BASE_URL -u SITE_URL BUILD_DIR=build-root npm run --silent test:root
summary
