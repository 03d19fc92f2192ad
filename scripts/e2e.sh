#!/usr/bin/env bash
# e2e.sh BIN DB...: the browser flows (web/e2e/*.mjs, in name order) against
# the built app and server BIN, once per database named (sqlite, postgres),
# the databases' runs side by side. Each run is a lane of its own: its own
# server and database (scripts/with-server.sh, which audits the ledger
# after), its own Chromium, its flows one after another, its log in
# $ARTIFACTS/e2e-DB.log and its screenshots in $ARTIFACTS/screenshots (SQLite)
# or $ARTIFACTS/screenshots-DB. A flow never shares a server with another
# flow running at the same time, so no flow sees another's orders or review
# items appear mid-step. Fails when any lane fails; every lane's log is
# printed at the end, the failing ones last.
#
# The audits of the app itself, tap targets with axe on every screen
# (targets.mjs) and what the first visit downloads (load.mjs), run in the
# first lane only: they look at the screens and the bundle, which are the
# same whatever database the server writes to, and on two cores the axe
# pass alone took 190 s beside another lane against 73 s on its own.
set -uo pipefail
bin=${1:?usage: e2e.sh BIN DB...}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
artifacts=${ARTIFACTS:-$root/artifacts}
mkdir -p "$artifacts"
declare -A pids
for db in "$@"; do
  shots="$artifacts/screenshots"
  [ "$db" = sqlite ] || shots="$artifacts/screenshots-$db"
  log="$artifacts/e2e-$db.log"
  skip=""
  [ "$db" = "$1" ] || skip="e2e/targets.mjs e2e/load.mjs"
  WITH_SERVER_DB=$db ARTIFACTS_DIR="$shots" SKIP="$skip" "$root/scripts/with-server.sh" "$bin" "$root/web" \
    sh -c 'for f in e2e/*.mjs; do case " $SKIP " in *" $f "*) continue;; esac; echo "== $f"; node "$f" || exit 1; done' >"$log" 2>&1 &
  pids[$db]=$!
  echo "e2e on $db: pid ${pids[$db]}, log $log"
done
failed=()
for db in "$@"; do
  if wait "${pids[$db]}"; then
    echo "=== e2e on $db: passed"
    cat "$artifacts/e2e-$db.log"
  else
    failed+=("$db")
  fi
done
for db in "${failed[@]}"; do
  echo "=== e2e on $db: FAILED"
  cat "$artifacts/e2e-$db.log"
done
[ ${#failed[@]} -eq 0 ]
