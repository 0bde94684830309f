#!/usr/bin/env bash
# The whole server tier again with the server on PostgreSQL (issue 28): TEST_DATABASE_URL gives every test server a
# fresh database of that cluster (__tests__/server/helpers.ts); a test that means SQLite's own file says so and keeps
# SQLite. TEST_DATABASE_URL: the cluster's admin address (default: the throw-away cluster of `node scripts/pg.mjs start`).
# Extra arguments go to jest (a file, -t …). JUnit: reports/junit-postgres.xml.
set -euo pipefail
cd "$(dirname "$0")/.."
TEST_DATABASE_URL="${TEST_DATABASE_URL:-$(node scripts/pg.mjs url)}" JEST_JUNIT_OUTPUT_DIR=reports JEST_JUNIT_OUTPUT_NAME=junit-postgres.xml \
  npx jest -c jest.server.config.js "$@" --reporters=default --reporters=jest-junit
