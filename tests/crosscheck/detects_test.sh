#!/usr/bin/env bash
# The cross-check must fail where rochade counts an illegal castling (illegal-castling.pgn, a
# constructed game: both kings went back to their squares, then 6. O-O O-O). Checked: stats.sh
# exits 1 with the row of illegal castlings marked DIFF (rochade 2, chessops 1: it stops at the
# first), and the recount's dump says that chessops refused white's 6. O-O: the game's replay
# stopped there (after 10 plies), for that reason, in the position before it.
#   tests/crosscheck/detects_test.sh ROCHADE
# Exit status 77 (ctest: skipped) where Node or chessops cannot be had, as for stats.sh (1 under
# CI, CI=true).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rochade=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$here/stats.sh" --rochade "$rochade" -j 1 --dump "$tmp/dump.jsonl" "$here/illegal-castling.pgn" \
  >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
((rc == 77)) && exit 77
fails=0
bad() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
((rc == 1)) || bad "stats.sh: exit $rc, not 1"
grep -Eq '^illegal castlings \(rochade\) / refused \(chessops\) +2 +1 +DIFF: rochade executed illegal castlings' \
  "$tmp/out" || bad "no row 'illegal castlings: rochade 2, refused by chessops 1, DIFF'"
python3 - "$tmp/dump.jsonl" <<'PY' || bad "the dump does not say that chessops refused 6. O-O"
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
assert len(games) == 1, len(games)
g = games[0]
want = {"ply": 10, "san": "O-O", "reason": "castling refused by chessops",
        "fen": "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 8 6"}
assert g.get("stop") == want, g.get("stop")
assert g["plies"] == 10 and g["castlings"] == [], g
PY
((fails == 0)) || exit 1
echo "detects_test: chessops refused the illegal castling, and the cross-check failed on it"
