#!/usr/bin/env bash
# Installs chessops at the version of recount/package-lock.json into recount/node_modules (npm ci),
# unless it is there; under a lock, since the tests that need it run in parallel. Exit status 1
# when npm ci fails (no access to the npm registry?). Used by stats.sh, table.sh,
# castling_test.sh and tests/pgn/fixtures_chessops.sh.
set -euo pipefail
d="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/recount"
[[ -f $d/node_modules/chessops/package.json ]] && exit 0
cd "$d"
if command -v flock >/dev/null; then exec 9>"$d/.npm-install.lock"; flock 9; fi
[[ -f node_modules/chessops/package.json ]] || npm ci --no-audit --no-fund --loglevel=error >&2
