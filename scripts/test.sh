#!/usr/bin/env bash
# npm test: every test. Storage tests run on SQLite, and on PostgreSQL too when DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-browser.sh
if [ -n "${DATABASE_URL:-}" ]; then
  echo "Storage tests: SQLite and PostgreSQL (${DATABASE_URL%%@*}@…)"
else
  echo "Storage tests: SQLite only (set DATABASE_URL=postgres://… to add PostgreSQL)"
fi
npm run build

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/unit.json"
npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json \
  --outputFile.json="$results/e2e.json"
node -e '
  const runs = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f, "utf8")));
  const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
  console.log(`${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed`);
' "$results/unit.json" "$results/e2e.json"
