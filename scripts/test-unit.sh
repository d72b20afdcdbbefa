#!/usr/bin/env bash
# `npm run test:unit`: the unit tests (node:test), with tests/unit/http-recorder.ts recording the
# HTTP requests the examples send, then a check that the stored recordings
# (examples/**/*.http.json, read by the build for the HTTP/curl/Python tabs) are current. Refresh
# them with: UPDATE_HTTP_RECORDINGS=1 npm run test:unit
#
# Most of a small test file's time is starting tsx, so where Node can (23.6+; 22.8+ under the
# experimental name) the files share processes: the example tests in one (tests/unit/examples.test.ts,
# with the recorder, which fixes the clock and the random seed for every test it sees), every other
# file in a second, the two side by side on the two cores. Older Node (20) runs one process per
# file, two at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/side-by-side.sh
source scripts/side-by-side.sh
# Node 20 needs --experimental-websocket for @medplum/core (scripts/node-options.mjs); 22+ does not.
NODE_OPTIONS="$(node scripts/node-options.mjs)"
export NODE_OPTIONS
HTTP_RECORD_DIR="$(mktemp -d)"
export HTTP_RECORD_DIR
trap 'rm -rf "$HTTP_RECORD_DIR"' EXIT
RECORDER=(--import ./tests/unit/http-recorder.ts)
mapfile -t OTHERS < <(find tests/unit -name "*.test.ts" ! -path "tests/unit/examples/*" ! -name examples.test.ts | sort)
ISOLATION="$(node -p '
  const [major, minor] = process.versions.node.split(".").map(Number);
  major > 23 || (major === 23 && minor >= 6) ? "--test-isolation=none"
    : major >= 22 && (major > 22 || minor >= 8) ? "--experimental-test-isolation=none" : ""')"

if [ -z "$ISOLATION" ]; then
  tsx --test --test-concurrency=2 "${RECORDER[@]}" tests/unit/examples.test.ts "${OTHERS[@]}"
else
  examples() { tsx --test "${RECORDER[@]}" tests/unit/examples.test.ts; }
  others() { tsx --test "$ISOLATION" "${OTHERS[@]}"; }
  side_by_side "the example tests, tests/unit/examples.test.ts" examples \
    "the other ${#OTHERS[@]} unit test files, in one process" others
fi
tsx scripts/http-recordings.ts "$HTTP_RECORD_DIR"
