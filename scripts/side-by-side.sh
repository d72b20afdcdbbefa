#!/usr/bin/env bash
# Sourced by scripts/test.sh and scripts/test-unit.sh.
#
# side_by_side "<title A>" <function A> "<title B>" <function B>
# Runs the two shell functions at once (one per core), keeps each one's output apart, prints
# each whole, under its title and exit status, after both have ended, and fails when either did.
side_by_side() {
  local logs status_a=0 status_b=0 pid_a pid_b
  logs="$(mktemp -d)"
  "$2" >"$logs/a" 2>&1 &
  pid_a=$!
  "$4" >"$logs/b" 2>&1 &
  pid_b=$!
  wait "$pid_a" || status_a=$?
  wait "$pid_b" || status_b=$?
  echo "--- $1 (exit $status_a)"
  cat "$logs/a"
  echo "--- $3 (exit $status_b)"
  cat "$logs/b"
  rm -rf "$logs"
  [ "$status_a" -eq 0 ] && [ "$status_b" -eq 0 ]
}
