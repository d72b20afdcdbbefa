#!/usr/bin/env bash
# `npm run test:unit`: the unit tests (node:test, one process per file, two at a time: node runs
# one at a time on a 2-core machine, and most of a file's time is starting tsx; the example test
# files share one process, tests/unit/examples.test.ts, for the same reason), with
# tests/unit/http-recorder.ts recording the HTTP requests the examples send, then a check that the
# stored recordings (examples/**/*.http.json, read by the build for the HTTP/curl/Python tabs)
# are current. Refresh them with: UPDATE_HTTP_RECORDINGS=1 npm run test:unit
set -euo pipefail
cd "$(dirname "$0")/.."
# Node 20 needs --experimental-websocket for @medplum/core (scripts/node-options.mjs); 22+ does not.
NODE_OPTIONS="$(node scripts/node-options.mjs)"
export NODE_OPTIONS
HTTP_RECORD_DIR="$(mktemp -d)"
export HTTP_RECORD_DIR
trap 'rm -rf "$HTTP_RECORD_DIR"' EXIT
# shellcheck disable=SC2046
tsx --test --test-concurrency=2 --import ./tests/unit/http-recorder.ts $(find tests/unit -name "*.test.ts" ! -path "tests/unit/examples/*" | sort)
tsx scripts/http-recordings.ts "$HTTP_RECORD_DIR"
