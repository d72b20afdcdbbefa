#!/usr/bin/env bash
# `npm test`: everything a change must pass, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/side-by-side.sh
source scripts/side-by-side.sh

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
# ESLint and the type checker each use one core: they run side by side, and each one's output is
# shown whole, after both have finished.
step "static checks: lint (ESLint, Prettier --check) and type check, side by side; the browser to use"
lint() { npm run --silent lint; }
typecheck() { npm run --silent typecheck; }
side_by_side "npm run lint" lint "npm run typecheck" typecheck
# The patches on Docusaurus, MDX and bundler internals still match the installed files
# (patches/README.md); after a dependency upgrade this names each patch to re-read.
npm run --silent check-upgrade

# Chrome, Chromium or Edge (scripts/find-browser.ts; CHROMIUM_PATH picks one).
CHROMIUM_PATH="$(npx tsx scripts/find-browser.ts --install)"
export CHROMIUM_PATH
echo "browser: $CHROMIUM_PATH"

step "unit tests"
npm run --silent test:unit

step "build failures: each broken fixture fails the build with a clear message"
npm run --silent test:fixtures

# One production build: under a path, served only under it (the harder case: every link, request
# and search result must keep the base), with a public address, so sitemap, canonical links and
# robots.txt are checked too. A build at the root, without SITE_URL, is checked by
# `npm run test:root-build` (.ci/run runs it after its Node 20 build, which is such a build).
step "production build under a path (BASE_URL=/medplum-docs/ SITE_URL=https://docs.example.org) into build/"
BASE_URL=/medplum-docs/ SITE_URL=https://docs.example.org npm run --silent build

# The development server writes .docusaurus/ and the generated pages as a build does, so it runs
# alone, after the build.
step "browser: the development server's search (npm start)"
npm run --silent test:browser -- tests/browser/dev-search.test.ts

# Two files run at a time, each started as a slot frees up: the longest files go first (each
# takes three to four minutes here), so the run does not end with one long file alone on one core.
step "browser tests against build/, served only under /medplum-docs/"
LONGEST_FIRST="search-quality search-shortcut tools crawl accessibility react-demos"
BROWSER_FILES=""
for name in $LONGEST_FIRST; do BROWSER_FILES+=" tests/browser/$name.test.ts"; done
for file in $(find tests/browser -name "*.test.ts" ! -name dev-search.test.ts ! -name tool-limits.test.ts | sort); do
  case " $BROWSER_FILES " in *" $file "*) ;; *) BROWSER_FILES+=" $file" ;; esac
done
# shellcheck disable=SC2086
npm run --silent test:browser -- $BROWSER_FILES

# Alone, because it times the page's main thread: a freeze is a task over 2 s.
step "browser: the FHIR tools' limits on hostile links (alone: it times the main thread)"
npm run --silent test:browser -- tests/browser/tool-limits.test.ts

summary
