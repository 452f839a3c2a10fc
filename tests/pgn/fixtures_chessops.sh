#!/usr/bin/env bash
# The games and main-line moves of the PGN fixtures' events against chessops' PGN parser
# (fixtures_chessops.mjs), chessops installed as tests/crosscheck installs it.
# Exit status 77 (ctest: skipped) where Node or chessops cannot be had (1 under CI, CI=true).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
skip=77; [[ ${CI:-} == true ]] && skip=1
command -v node >/dev/null || { echo "fixtures_chessops: node is missing" >&2; exit $skip; }
"$here/../crosscheck/npm_ci.sh" ||
  { echo "fixtures_chessops: npm ci failed (no access to the npm registry?)" >&2; exit $skip; }
exec node "$here/fixtures_chessops.mjs" "$here/../crosscheck/recount/node_modules" "$here/fixtures"
