#!/usr/bin/env bash
# `npm run test:browser [-- <test files>]`: the browser tests (default: every tests/browser/*.test.ts)
# against the build in BUILD_DIR (default build/), two files at a time: each file has its own
# Chromium and static server on a free port, and most of a file's time is spent waiting on pages,
# so a second file uses the time the first leaves idle.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_OPTIONS="$(node scripts/node-options.mjs)"
export NODE_OPTIONS
if [ "$#" -eq 0 ]; then
  # shellcheck disable=SC2046
  set -- $(find tests/browser -name "*.test.ts" | sort)
fi
exec tsx --test --test-concurrency=2 "$@"
