#!/usr/bin/env bash
# --where through the real binary (cli.md): stats, audit, find and games analyse only the games
# for which it holds; the others count in games.filtered (total = replayed + with_errors +
# skipped_variant + filtered); the games rows are exactly the rows that satisfy it; the same
# bytes for every -j; a malformed expression is exit 2, names the place and writes no output.
#   tests/cli/where_test.sh ROCHADE DATA_DIR
set -uo pipefail
rochade=$1; data=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }

R games "$data" >"$tmp/all.csv"
for expr in "year >= 1990 and mean_elo >= 2000 and setup = 0" "plies > 40 and white_castling = O-O" \
            "not (result = 1-0 or event ~ 'rated')"; do
  R games --where "$expr" -j1 "$data" >"$tmp/w1.csv"
  R games --where "$expr" -j4 "$data" >"$tmp/w4.csv"
  check "games --where '$expr': -j4 == -j1" cmp -s "$tmp/w1.csv" "$tmp/w4.csv"
  R stats --format json --where "$expr" -j3 "$data" >"$tmp/s.json"
  check "stats --where '$expr': the sums and the rows agree" python3 - "$tmp/s.json" "$tmp/w1.csv" "$tmp/all.csv" "$expr" <<'PY'
import csv, json, sys
s = json.load(open(sys.argv[1]))["games"]
rows = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))
total = len(list(csv.DictReader(open(sys.argv[3], encoding="utf-8", newline=""))))
assert s["total"] == total, (s, total)
assert s["replayed"] + s["with_errors"] + s["skipped_variant"] + s["filtered"] + s["without_moves"] == s["total"], s
assert s["filtered"] == total - len(rows), (s, len(rows))
assert 0 < len(rows) < total, len(rows)
PY
done
# The rows kept are those for which it holds (checked here in Python on the full table).
R games --where "year >= 1990 and mean_elo >= 2000 and setup = 0" "$data" >"$tmp/w.csv"
check "games --where: exactly the rows that satisfy it" python3 - "$tmp/all.csv" "$tmp/w.csv" <<'PY'
import csv, sys
def year(d):
    import re
    for v in (d,):
        m = re.match(r"^(\d{4})([.\-/]|$)", v) or re.match(r"^\S{1,2}[.\-/]\S{1,2}[.\-/](\d{4})$", v)
        if m and int(m.group(1)) > 0: return int(m.group(1))
    return None
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
got = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))
keep = [r for r in rows if r["white_elo"] and r["black_elo"] and int(r["white_elo"]) > 0 and
        int(r["black_elo"]) > 0 and (int(r["white_elo"]) + int(r["black_elo"])) / 2 >= 2000 and
        r["setup"] == "0" and year(r["date"]) is not None and year(r["date"]) >= 1990]
# Games whose Date has no year but EventDate/UTCDate has one are not in the table's columns:
# every kept row must satisfy the expression; rows only we keep must be explained by that.
key = lambda r: (r["input"], r["game"])
assert {key(r) for r in keep} <= {key(r) for r in got}, len(keep)
for r in got:
    assert r["setup"] == "0" and (int(r["white_elo"]) + int(r["black_elo"])) / 2 >= 2000
PY
R audit --format jsonl --where "setup = 1" "$data" >"$tmp/a.jsonl"
R audit --format jsonl "$data" >"$tmp/all.jsonl"
check "audit --where: fewer findings" test "$(wc -l <"$tmp/a.jsonl")" -lt "$(wc -l <"$tmp/all.jsonl")"
R find --count --mate-by-castling --where "setup = 0" "$data" >"$tmp/n0"
R find --count --mate-by-castling "$data" >"$tmp/n"
check "find --where: composed positions left out ($(cat "$tmp/n0") of $(cat "$tmp/n"))" \
  test "$(cat "$tmp/n0")" -lt "$(cat "$tmp/n")"

for expr in "year >> 1990" "yeer > 1" "(year > 1" "white = 'x" "year > abc" "a and"; do
  "$rochade" stats --where "$expr" -o "$tmp/out.txt" "$data" 2>"$tmp/err"; rc=$?
  check "malformed '$expr': exit 2 (got $rc)" test "$rc" -eq 2
  check "malformed '$expr': a caret under the place" grep -q '\^' "$tmp/err"
  check "malformed '$expr': no output written" test ! -e "$tmp/out.txt"
done

echo "where_test: $passes passed, $fails failed"
((fails == 0))
