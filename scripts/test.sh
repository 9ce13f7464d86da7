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
npx vitest run
npx vitest run --config e2e/vitest.config.ts
