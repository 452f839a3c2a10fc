#!/usr/bin/env bash
# merge == one run, byte for byte, in every format (cli.md v2): partials of parts of tests/data
# merged give what one run over the same inputs in the same order prints, the listed games (mates
# by castling, illegal castlings) and their input numbers included, and in the HTML report the
# viewer of the listed games, replayed from the moves the partials carry (stats-json.md v1.3);
# --where and --by travel in the partials; merge refuses (exit 2) a partial given twice, a copy of a partial, and partials made
# with different --by or --where.
#   tests/cli/merge_test.sh ROCHADE DATA_DIR CROSSCHECK_PGN
set -uo pipefail
rochade=$1; data=$2; illegal=$3
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }
M() { "$rochade" merge "$@"; }

parts=("$data/masters" "$data/historical" "$illegal" "$data/lichess")
for opts in "--by decade --by elo" "--by timecontrol --where setup=0" ""; do
  read -ra o <<<"$opts"
  partials=()
  for i in "${!parts[@]}"; do
    R stats "${o[@]}" -j2 --partial "$tmp/p$i.json" -o "$tmp/ignored.txt" "${parts[$i]}"
    partials+=("$tmp/p$i.json")
  done
  for f in text json csv md html; do
    R stats "${o[@]}" -j3 --format "$f" "${parts[@]}" >"$tmp/one.$f"
    M --format "$f" "${partials[@]}" >"$tmp/merged.$f"; rc=$?
    check "merge ($opts) --format $f: exit 0 (got $rc)" test "$rc" -eq 0
    check "merge ($opts) --format $f == one run" cmp -s "$tmp/one.$f" "$tmp/merged.$f"
  done
  # A merge of merges is a partial too.
  M --format json "$tmp/p0.json" "$tmp/p1.json" >"$tmp/m01.json"
  M --format json "$tmp/p2.json" "$tmp/p3.json" >"$tmp/m23.json"
  M --format json "$tmp/m01.json" "$tmp/m23.json" >"$tmp/mm.json"
  check "merge of merges ($opts) == one run" cmp -s "$tmp/one.json" "$tmp/mm.json"
done
check "the listed games travel: mates by castling in the merged report" grep -q "Mates by castling" "$tmp/merged.text"
check "the listed games travel: illegal castlings in the merged report" grep -q "Illegal castlings, first games" "$tmp/merged.text"
check "the report says how many it lists" grep -Eq "All [0-9]+, in input order|The first [0-9]+ of" "$tmp/merged.text"
check "the highlights are in the JSON" grep -q '"highlights"' "$tmp/merged.json"
# v1.3: the listed games carry their moves, so the merged HTML report has the viewer of one run
# (the cmp above): each listed game replayed, the mates opened at O-O# / O-O-O#.
check "the listed games' moves are in the JSON" grep -q '"moves": "[^"]*O-O' "$tmp/merged.json"
check "the merged HTML report has the listed games' viewer" grep -q 'id="rochade-games"' "$tmp/merged.html"
check "each listed board links to the viewer" test "$(grep -o 'data-game-index="' "$tmp/merged.html" | wc -l)" -eq \
  "$(grep -c '<figure>' "$tmp/merged.html")"
check "the mates by castling are in the viewer, replayed" grep -q '"san":"O-O-O#","fen":"' "$tmp/merged.html"

R stats --by decade --partial "$tmp/a.json" -o "$tmp/x.txt" "${parts[0]}"
R stats --by elo --partial "$tmp/b.json" -o "$tmp/x.txt" "${parts[1]}"
R stats --by decade --where "year > 1900" --partial "$tmp/c.json" -o "$tmp/x.txt" "${parts[1]}"
R stats --by decade --partial "$tmp/d.json" -o "$tmp/x.txt" "${parts[1]}"
cp "$tmp/a.json" "$tmp/a-copy.json"
expect2() {
  local what=$1; shift
  "$rochade" merge "$@" -o "$tmp/refused.txt" 2>"$tmp/err"; local rc=$?
  check "$what: exit 2 (got $rc)" test "$rc" -eq 2
  check "$what: says why" test -s "$tmp/err"
  check "$what: writes nothing" test ! -e "$tmp/refused.txt"
}
expect2 "the same partial twice" "$tmp/a.json" "$tmp/a.json"
expect2 "a copy of a partial" "$tmp/a.json" "$tmp/a-copy.json"
expect2 "different --by" "$tmp/a.json" "$tmp/b.json"
expect2 "different --where" "$tmp/a.json" "$tmp/c.json"
M "$tmp/a.json" "$tmp/d.json" >/dev/null; rc=$?
check "the same --by, different inputs: exit 0 (got $rc)" test "$rc" -eq 0

echo "merge_test: $passes passed, $fails failed"
((fails == 0))
