#!/usr/bin/env bash
# The server tests of the verticals already on the storage seam (issue 28), run again with their tables on PostgreSQL:
# every __tests__/server file whose first lines carry the marker `@postgres`. TEST_DATABASE_URL: the cluster's admin
# address (default: the throw-away cluster of `node scripts/pg.mjs start`). JUnit: reports/junit-postgres.xml.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t FILES < <(grep -l -m1 '@postgres' __tests__/server/*.test.ts | sort)
if [ ${#FILES[@]} -eq 0 ]; then echo 'test-postgres: no test carries @postgres' >&2; exit 1; fi
printf 'on PostgreSQL: %s\n' "${FILES[@]}"
TEST_DATABASE_URL="${TEST_DATABASE_URL:-$(node scripts/pg.mjs url)}" JEST_JUNIT_OUTPUT_DIR=reports JEST_JUNIT_OUTPUT_NAME=junit-postgres.xml \
  npx jest -c jest.server.config.js "${FILES[@]}" --reporters=default --reporters=jest-junit "$@"
