#!/usr/bin/env bash
# with-server.sh BIN DIR CMD...: starts the bourse binary BIN on a free port with a
# fresh SQLite database (default config otherwise: demo data, live prices), runs
# CMD in DIR with BOURSE_URL set to the server's address (and ADMIN_EMAIL /
# ADMIN_PASSWORD of an admin account), stops the server and, when CMD succeeded,
# runs `BIN audit` on the same database: the script fails when the ledger does
# not balance. The server logs at RUST_LOG (warn unless set). CMD also gets
# BOURSE_BIN, the binary's absolute path, for tests that need a server of their
# own with other settings.
#
# Settings: BOURSE__SECTION__KEY variables reach the server (and CMD). What they
# cannot set (arrays such as microtrade.durations) can be given as TOML text in
# SERVER_TOML: it is written next to the database and named in BOURSE_CONFIG.
#
# KEEP_SERVER_LOG=FILE keeps the server's log there when the script ends.
#
# WITH_SERVER_DB=postgres runs the server on a fresh PostgreSQL database made on
# the server TEST_DATABASE_URL names (dropped afterwards), with its realtime
# events fanned out through TEST_REDIS_URL under a key prefix of the run's own
# when that is set; the audit reads the same database.
set -euo pipefail
bin=${1:?usage: with-server.sh BIN DIR CMD...}
dir=${2:?usage: with-server.sh BIN DIR CMD...}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
export BOURSE_BIN="$bin"
work=$(mktemp -d)
log="$work/server.log"
pg_admin=""
pg_db=""
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
  if [ -n "${KEEP_SERVER_LOG:-}" ]; then cp "$log" "$KEEP_SERVER_LOG" || true; fi
  if [ -n "$pg_db" ]; then
    psql -q "$pg_admin" -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
cd "$root"
case "${WITH_SERVER_DB:-sqlite}" in
  sqlite)
    export BOURSE__DATABASE__URL="sqlite://$work/run.db?mode=rwc"
    ;;
  postgres)
    pg_admin=${TEST_DATABASE_URL:?WITH_SERVER_DB=postgres needs TEST_DATABASE_URL}
    pg_db="bourse_ws_$(date +%s)_$$"
    psql -q "$pg_admin" -c "CREATE DATABASE $pg_db" >/dev/null
    # The same server and credentials, the run's own database.
    export BOURSE__DATABASE__URL="${pg_admin%/*}/$pg_db"
    if [ -n "${TEST_REDIS_URL:-}" ]; then
      export BOURSE__REDIS__URL="$TEST_REDIS_URL" BOURSE__REDIS__PREFIX="$pg_db"
    fi
    ;;
  *)
    echo "WITH_SERVER_DB must be sqlite or postgres"; exit 2
    ;;
esac
echo "database: ${WITH_SERVER_DB:-sqlite}"
export BOURSE__UPLOADS__DIR="$work/uploads"
if [ -n "${SERVER_TOML:-}" ]; then
  printf '%s\n' "$SERVER_TOML" >"$work/server.toml"
  export BOURSE_CONFIG="$work/server.toml"
fi
# An admin account for the review screens and calls.
export ADMIN_EMAIL=admin@bourse.local ADMIN_PASSWORD=AdminPass123
"$bin" admin create-user --email "$ADMIN_EMAIL" --password "$ADMIN_PASSWORD" >/dev/null
BOURSE__SERVER__PORT=0 RUST_LOG=${RUST_LOG:-warn} "$bin" serve >"$log" 2>&1 &
pid=$!
addr=""
for _ in $(seq 1 600); do
  addr=$(grep -o 'listening on http://[^ ]*' "$log" | head -1 | cut -d' ' -f3 || true)
  [ -n "$addr" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.1
done
[ -n "$addr" ] || { echo "server did not start"; cat "$log"; exit 1; }
echo "running against $addr: $*"
status=0
(cd "$dir" && BOURSE_URL="$addr" "$@") || status=$?
[ "$status" -eq 0 ] || { echo "--- server log ---"; tail -50 "$log"; exit "$status"; }

# Stop the server (it finishes its writes on SIGTERM), then prove the ledger
# balances with everything the run wrote.
kill "$pid"
for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  echo "server did not stop within 30 s"; kill -9 "$pid" 2>/dev/null || true
fi
wait "$pid" 2>/dev/null || true
pid=""
echo "auditing the ledger"
RUST_LOG=${RUST_LOG:-warn} "$bin" audit || { echo "--- server log ---"; tail -50 "$log"; echo "ledger audit FAILED"; exit 1; }
