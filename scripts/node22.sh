#!/usr/bin/env bash
# Node 22 LTS, the floor in package.json's engines, for a machine whose Node is older: fetched from
# the npm registry (the node-linux-<arch> package carries bin/node and include/node, the headers
# node-gyp builds better-sqlite3 and node-pty against, so nothing else is downloaded). Prints the
# two lines to eval:   eval "$(bash scripts/node22.sh)"   → PATH and npm_config_nodedir set.
# PADDOCK_NODE22_HOME=/opt/… puts it where the OS sandbox shows it (see .ci/run).
set -euo pipefail
VERSION=22.23.5
cd "$(dirname "$0")/.."
# The machine's own Node when it meets the floor (22.13, package.json engines): nothing to print.
# Its own headers, when it has them: npm's configured nodedir may name another Node's (a distribution's
# /usr for its older Node), and node-gyp would build the natives for that one.
if node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 13) ? 0 : 1)' 2>/dev/null; then
  prefix=$(node -p 'require("path").dirname(require("path").dirname(require("fs").realpathSync(process.execPath)))')
  if [ -f "$prefix/include/node/node.h" ]; then echo "export npm_config_nodedir=\"$prefix\""; fi
  exit 0
fi
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no Node 22 package for $(uname -m) on the npm registry" >&2; exit 1 ;;
esac
# Where it goes: PADDOCK_NODE22_HOME, else the checkout's .tmp/ (ignored by git).
dir="${PADDOCK_NODE22_HOME:-$PWD/.tmp}/node-v$VERSION-linux-$arch"
if [ ! -x "$dir/bin/node" ]; then
  work=$(mktemp -d)
  (cd "$work" && npm pack --silent "node-linux-$arch@$VERSION" >/dev/null && tar xzf "node-linux-$arch-$VERSION.tgz")
  test -f "$work/package/include/node/node.h" || { echo "node-linux-$arch@$VERSION has no headers: native modules cannot build" >&2; exit 1; }
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$work/package" "$dir"
  rm -rf "$work"
fi
echo "export PATH=\"$dir/bin:\$PATH\""
echo "export npm_config_nodedir=\"$dir\""
