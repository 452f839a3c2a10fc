#!/usr/bin/env bash
# --where through the real binary (cli.md): stats, audit, find and games analyse only the games
# for which it holds; the others count in games.filtered (total = replayed + with_errors +
# skipped_variant + filtered); the games rows are exactly the rows that satisfy it; the same
# bytes for every -j; a column compared with a column selects what SQLite selects from the same
# table; ~ ignores the case of non-ASCII letters; a malformed expression is exit 2, names the place
# and writes no output.
#   tests/cli/where_test.sh ROCHADE DATA_DIR
set -uo pipefail
rochade=$1; data=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }

R games "$data" >"$tmp/all.csv"
for expr in "year >= 1990 and mean_elo >= 2000 and setup = 0" \
            "plies > 40 and white_castling = 'O-O'" \
            "not (result = '1-0' or event ~ 'rated')"; do
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
import csv, re, sys
def year(d):  # the year of a date as GAMES-TABLE.md reads it (1986.03.12, 1986.??.??, 12.03.1986)
    m = re.match(r"^(\d{4})([.\-/]|$)", d) or re.match(r"^\S{1,2}[.\-/]\S{1,2}[.\-/](\d{4})$", d)
    return int(m.group(1)) if m and int(m.group(1)) > 0 else None
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
got = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))
# The year column: the Date's year, else UTCDate's (GAMES-TABLE.md).
for r in rows:
    want = year(r["date"]) or year(r["utc_date"])
    assert (int(r["year"]) if r["year"] else None) == want, (r["date"], r["utc_date"], r["year"])
keep = [r for r in rows if r["white_elo"] and r["black_elo"] and int(r["white_elo"]) > 0 and
        int(r["black_elo"]) > 0 and (int(r["white_elo"]) + int(r["black_elo"])) / 2 >= 2000 and
        r["setup"] == "0" and r["year"] and int(r["year"]) >= 1990]
key = lambda r: (r["input"], r["game"])
assert [key(r) for r in got] == [key(r) for r in keep], (len(got), len(keep))
assert any(r["year"] and int(r["year"]) < 1990 and r["setup"] == "0" and r["white_elo"] and
           r["black_elo"] and (int(r["white_elo"]) + int(r["black_elo"])) / 2 >= 2000
           for r in rows), "no row that only the year clause leaves out"
PY
R audit --format jsonl --where "setup = 1" "$data" >"$tmp/a.jsonl"
R audit --format jsonl "$data" >"$tmp/all.jsonl"
check "audit --where: fewer findings" test "$(wc -l <"$tmp/a.jsonl")" -lt "$(wc -l <"$tmp/all.jsonl")"
R find --count --mate-by-castling --where "setup = 0" "$data" >"$tmp/n0"
R find --count --mate-by-castling "$data" >"$tmp/n"
check "find --where: composed positions left out ($(cat "$tmp/n0") of $(cat "$tmp/n"))" \
  test "$(cat "$tmp/n0")" -lt "$(cat "$tmp/n")"

for expr in "year >> 1990" "yeer > 1" "(year > 1" "white = 'x" "year > abc" "a and" "eco = B90" \
            "result = 1-0" "'a' = 'b'" "white ~ plies"; do
  "$rochade" stats --where "$expr" -o "$tmp/out.txt" "$data" 2>"$tmp/err"; rc=$?
  check "malformed '$expr': exit 2 (got $rc)" test "$rc" -eq 2
  check "malformed '$expr': a caret under the place" grep -q '\^' "$tmp/err"
  check "malformed '$expr': no output written" test ! -e "$tmp/out.txt"
done

# A column against a column: the rows SQLite selects from the same games table (--tag PlyCount is
# text there as here; cli.md's rule reads it as a number against the number column plies).
R games --tag PlyCount --format sqlite -o "$tmp/g.db" "$data"
"$rochade" games --where "eco = B90" "$data" 2>"$tmp/err" >/dev/null
check "a bare word that is no column: text goes in quotes" \
  grep -q "text goes in quotes ('B90')" "$tmp/err"
total=$(sqlite3 "$tmp/g.db" "select count(*) from games")
keys() {  # input,game of each row of a CSV table on stdin
  python3 -c 'import csv, sys
for r in csv.DictReader(sys.stdin): print(r["input"], r["game"], sep=",")'
}
while IFS='|' read -r expr sql; do
  R games --tag PlyCount --where "$expr" -j2 "$data" | keys | sort >"$tmp/mine"
  sqlite3 -csv "$tmp/g.db" "select input, game from games where $sql" | tr -d '"' | sort >"$tmp/sql"
  n=$(wc -l <"$tmp/sql")
  check "games --where '$expr': the rows of SQLite's where $sql ($n)" cmp -s "$tmp/mine" "$tmp/sql"
  check "games --where '$expr': some rows, not all ($n of $total)" \
    test "$n" -gt 0 -a "$n" -lt "$total"
done <<'SQL'
ply_count = plies|cast(ply_count as int) = plies
plies < ply_count|plies < cast(ply_count as int)
not (ply_count = plies)|not (cast(ply_count as int) = plies)
white_elo > black_elo|white_elo > black_elo
not (white_elo <= black_elo) and 2400 <= black_elo|white_elo > black_elo and black_elo >= 2400
white_castling = black_castling|white_castling = black_castling
white_castling_ply < black_castling_ply|white_castling_ply < black_castling_ply
round = game|round = game
white_castling_clock > black_castling_clock|white_castling_clock > black_castling_clock
white < black|white < black
year > white_elo or date = utc_date|year > white_elo or date = utc_date
SQL

# ~ ignores the case of letters beyond ASCII, in UTF-8 and in Latin-1 input alike.
printf '%s\n' '[White "MÜLLER B"]' '[Black "Ærø E"]' '' '1. e4 *' '' \
  '[White "Šahović D"]' '[Black "Карпов А"]' '' '1. d4 *' '' \
  '[White "Ğ Yılmaz"]' '[Black "ΟΔΥΣΣΕΥΣ"]' '' '1. c4 *' '' >"$tmp/names.pgn"
printf '[White "M\xfcller A"]\n[Black "\xc6r\xf8 F"]\n\n1. Nf3 *\n\n' >>"$tmp/names.pgn"
while IFS='|' read -r expr want; do
  got=$(R games --where "$expr" "$tmp/names.pgn" |
    python3 -c 'import csv, sys; print(" ".join(r["game"] for r in csv.DictReader(sys.stdin)))')
  check "games --where \"$expr\": games [$want] (got [$got])" test "$got" = "$want"
done <<'NAMES'
white ~ 'müller'|1 4
white ~ 'MüLLer'|1 4
black ~ 'ærø'|1 4
black ~ 'ÆRØ'|1 4
white ~ 'šahović'|2
black ~ 'карпов'|2
white ~ 'ğ'|3
white ~ 'yilmaz'|
black ~ 'οδυσσευς'|3
white ~ 'muller'|
NAMES

echo "where_test: $passes passed, $fails failed"
((fails == 0))
