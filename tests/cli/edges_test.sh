#!/usr/bin/env bash
# The edges where a run once gave a wrong answer with exit status 0, through the real binary:
# games without moves kept out of every castling figure; the -o name choosing the format (and a
# --format that contradicts it refused); text that is not PGN an error, blank text not; archive
# members' own sizes; inputs listed in the order named and merge == one run in its exit status
# and its stderr summary; --list-inputs checking a run's options and output; the warnings' words.
#   tests/cli/edges_test.sh ROCHADE DATA_DIR
set -uo pipefail
rochade=$1; data=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

# --- games without moves (stats-json.md v1.2) ---------------------------------------------------
# Real games (Lichess) and the same number of real headers without moves (their tags).
real=$data/lichess/lichess-export-ChessGPT.pgn
python3 - "$real" "$tmp/headers.pgn" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
games = re.findall(r"((?:\[[^\n]*\]\n)+)\n", text)
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for tags in games:
        out.write(tags + "\n*\n\n")  # a broadcast header: the tags, no move
PY
R stats -q --format json "$real" >"$tmp/real.json"
R stats -q --format json "$real" "$tmp/headers.pgn" >"$tmp/mixed.json"
n_real=$(json "$tmp/real.json" 'd["games"]["total"]')
w_real=$(json "$tmp/real.json" 'd["games"]["without_moves"]')  # an aborted game has none
check "headers: counted without moves ($n_real + $w_real)" test "$(json "$tmp/mixed.json" 'd["games"]["without_moves"]')" -eq $((n_real + w_real))
check "headers: not replayed" test "$(json "$tmp/mixed.json" 'd["games"]["replayed"]')" -eq "$(json "$tmp/real.json" 'd["games"]["replayed"]')"
check "headers: every castling count and result as without them" \
  test "$(json "$tmp/mixed.json" 'json.dumps([d["castling"], d["results"], d["illegal_castling"]])')" = \
       "$(json "$tmp/real.json" 'json.dumps([d["castling"], d["results"], d["illegal_castling"]])')"
check "headers: the sum holds" test "$(json "$tmp/mixed.json" 'sum(v for k, v in d["games"].items() if k != "total") == d["games"]["total"]')" = True
R stats -q --format json --by elo --by year "$real" >"$tmp/real-g.json"
R stats -q --format json --by elo --by year "$real" "$tmp/headers.pgn" >"$tmp/mixed-g.json"
check "headers: every group's castling figures as without them" python3 - "$tmp/real-g.json" "$tmp/mixed-g.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["groups"] for p in sys.argv[1:])
for key in a:
    for value, counts in a[key].items():
        other = b[key][value]
        assert counts["castling"] == other["castling"] and counts["results"] == other["results"], (key, value)
        added = other["games"]["total"] - counts["games"]["total"]
        assert other["games"]["without_moves"] - counts["games"]["without_moves"] == added, (key, value)
PY
R stats -q "$real" "$tmp/headers.pgn" >"$tmp/mixed.txt"
check "text: a line among the games" grep -Eq "^  without moves +$((n_real + w_real)) " "$tmp/mixed.txt"
check "text: the percentages say they leave them out" \
  bash -c "tr -s ' \n' ' ' <'$tmp/mixed.txt' | grep -q 'without moves (tags only, or no move played) are left out of every percentage'"
R stats -q "$data/masters" >"$tmp/real.txt"
check "text: no such line without them" bash -c "! grep -q 'without moves' '$tmp/real.txt'"
R stats -q --format md "$real" "$tmp/headers.pgn" >"$tmp/mixed.md"
check "md: the line and the note" bash -c "grep -q '| without moves |' '$tmp/mixed.md' && grep -q 'left out of every percentage' '$tmp/mixed.md'"
R stats -q --format html "$real" "$tmp/headers.pgn" >"$tmp/mixed.html"
check "html: the note under the cards" grep -q "left out of every percentage" "$tmp/mixed.html"
R games "$tmp/headers.pgn" >"$tmp/headers.csv"
check "games: the without_moves column is 1 for each header" python3 - "$tmp/headers.csv" "$n_real" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
assert len(rows) == int(sys.argv[2]) and all(r["without_moves"] == "1" for r in rows), rows[:1]
PY
R games "$real" >"$tmp/real.csv"
check "games: 1 for as many real games as stats counts" test "$(python3 -c "import csv,sys; print(sum(r['without_moves'] == '1' for r in csv.DictReader(open(sys.argv[1], newline=''))))" "$tmp/real.csv")" -eq "$w_real"
R stats -q --dedup --format json "$tmp/headers.pgn" >"$tmp/dedup.json"
check "--dedup: headers are never duplicates of each other" test "$(json "$tmp/dedup.json" 'd["games"]["duplicates"]')" -eq 0
check "--where: the column" test "$(R games -q --where "without_moves = 1" "$real" "$tmp/headers.pgn" | tail -n +2 | wc -l)" -eq $((n_real + w_real))

# --- the -o name chooses the format (cli.md v3) ------------------------------------------------
small=$data/masters/Anand_Kramnik.pgn
R games -q -o "$tmp/g.db" "$small"
check "games -o x.db: an SQLite database" bash -c "head -c 15 '$tmp/g.db' | grep -q 'SQLite format 3'"
R stats -q -o "$tmp/r.html" "$small"
check "stats -o r.html: the HTML report" grep -q "<!DOCTYPE html>" "$tmp/r.html"
R stats -q -o "$tmp/r.JSON.gz" "$small"
check "stats -o r.JSON.gz: JSON, compressed" bash -c "gzip -dc '$tmp/r.JSON.gz' | python3 -m json.tool >/dev/null"
R stats -q -o "$tmp/r.md" "$small"; check "stats -o r.md: Markdown" grep -q "^# rochade" "$tmp/r.md"
R audit -q -o "$tmp/a.jsonl" "$data/historical"; check "audit -o a.jsonl: JSON lines" bash -c "head -1 '$tmp/a.jsonl' | python3 -m json.tool >/dev/null"
R find -q --kingside -o "$tmp/f.tsv" "$small"; check "find -o f.tsv: the table's rows" bash -c "head -1 '$tmp/f.tsv' | grep -q \$'^input\\tgame'"
R stats -q -o "$tmp/r.out" "$small"; check "an unknown name: the default format" grep -q "^rochade castling statistics" "$tmp/r.out"
R stats -q --format json -o "$tmp/r.txt" "$small" 2>/dev/null
check "--format json -o r.txt: refused" test $? -eq 2
R games -q --format csv -o "$tmp/c.db" "$small" 2>"$tmp/err"; rc=$?
check "--format csv -o x.db: exit 2 (got $rc)" test "$rc" -eq 2
check "--format csv -o x.db: names both" bash -c "grep -q 'csv' '$tmp/err' && grep -q 'c.db' '$tmp/err'"
check "--format csv -o x.db: no file" test ! -e "$tmp/c.db"
R stats -q --format html -o "$tmp/r2.json" "$small" 2>/dev/null; check "stats -o r.json --format html: exit 2" test $? -eq 2
R games -q --format csv -o "$tmp/c.csv" "$small"; check "an agreeing --format is fine" test $? -eq 0
# A name for a format the subcommand does not write is refused, with --format or without; .txt
# asks for nothing of find and games, which write no text.
R stats -q --format csv -o "$tmp/s.db" "$small" 2>"$tmp/err"; rc=$?
check "stats --format csv -o x.db: exit 2 (got $rc), no file" test "$rc" -eq 2 -a ! -e "$tmp/s.db"
R stats -q -o "$tmp/s2.db" "$small" 2>"$tmp/err"; rc=$?
check "stats -o x.db: exit 2 (got $rc), no file" test "$rc" -eq 2 -a ! -e "$tmp/s2.db"
check "stats -o x.db: says which formats stats writes" grep -q 'text, json, csv, md, html' "$tmp/err"
R find -q --kingside -o "$tmp/f.json" "$small" 2>/dev/null; rc=$?
check "find -o f.json: exit 2 (got $rc), no file" test "$rc" -eq 2 -a ! -e "$tmp/f.json"
R find -q --kingside --format pgn -o "$tmp/f.txt" "$small"; rc=$?
check "find --format pgn -o f.txt: PGN (got $rc)" bash -c "test $rc -eq 0 && grep -q '^\[Event ' '$tmp/f.txt'"
# A compression rochade does not write would leave plain bytes under a compressed name.
for z in bz2 xz XZ; do
  R stats -q -o "$tmp/r.json.$z" "$small" 2>"$tmp/err"; rc=$?
  check "stats -o r.json.$z: exit 2 (got $rc), no file" test "$rc" -eq 2 -a ! -e "$tmp/r.json.$z"
done
check "-o r.json.bz2: says .gz or .zst" grep -q '.gz or .zst' "$tmp/err"
P1=$tmp/p1.json; R stats -q --partial "$P1" -o /dev/null "$small"
"$rochade" merge -o "$tmp/m.html" "$P1"; check "merge -o m.html: the HTML report" grep -q "<!DOCTYPE html>" "$tmp/m.html"
"$rochade" merge --format csv -o "$tmp/m.json" "$P1" 2>/dev/null; check "merge --format csv -o m.json: exit 2" test $? -eq 2

# --- text that is not PGN (cli.md v3) ----------------------------------------------------------
printf '<!DOCTYPE html>\n<html><head><title>lichess.org</title></head>\n<body><p>Not found</p></body></html>\n' >"$tmp/page.pgn"
R stats -q --format json "$tmp/page.pgn" >"$tmp/page.json" 2>"$tmp/err"; rc=$?
check "an HTML page saved as .pgn: exit 1 (got $rc)" test "$rc" -eq 1
check "an HTML page saved as .pgn: not PGN text, named" grep -q "page.pgn: not PGN text" "$tmp/err"
check "an HTML page saved as .pgn: incomplete in the JSON" test "$(json "$tmp/page.json" 'd["inputs"][0]["complete"]')" = False
: >"$tmp/empty.pgn"; printf '\n  \r\n\t\n' >"$tmp/blank.pgn"
R stats -q "$tmp/empty.pgn" "$tmp/blank.pgn" >/dev/null; check "empty and blank files: 0 games, exit 0" test $? -eq 0
R stats -q "$small" "$tmp/page.pgn" >/dev/null 2>&1; check "a page among real games: exit 1" test $? -eq 1
printf '[Event "x"]\n\n1. e4 e5 *\n\n<p>a footer</p>\n' >"$tmp/game-and-junk.pgn"
R stats -q "$tmp/game-and-junk.pgn" >/dev/null; check "a game with junk after it: a warning, not an error" test $? -eq 0
R stats "$tmp/game-and-junk.pgn" 2>"$tmp/err" >/dev/null
check "the warning says it once: 'skipped text that is not a game' and nothing more" \
  grep -qx "rochade stats: $tmp/game-and-junk.pgn:5: skipped text that is not a game" "$tmp/err"

# --- archive members' own sizes ----------------------------------------------------------------
mkdir -p "$tmp/arch"; cp "$small" "$tmp/arch/a.pgn"; head -c 3000 "$small" >"$tmp/arch/small.pgn"
zstd -q "$tmp/arch/a.pgn" -o "$tmp/arch/c.pgn.zst"
(cd "$tmp/arch" && zip -q x.zip a.pgn small.pgn c.pgn.zst && tar czf y.tar.gz a.pgn small.pgn c.pgn.zst &&
 7z a -bd -bso0 z.7z a.pgn small.pgn c.pgn.zst)
want="$(stat -c %s "$tmp/arch/a.pgn") $(stat -c %s "$tmp/arch/c.pgn.zst") $(stat -c %s "$tmp/arch/small.pgn")"
sizes='" ".join(str(i["bytes"]) for i in sorted(d["inputs"], key=lambda i: i["path"].split(":")[-1]))'
for a in x.zip y.tar.gz z.7z; do  # (7z orders its members its own way)
  R stats -q --format json "$tmp/arch/$a" >"$tmp/sizes.json"
  check "$a: each member's own size ($want)" test "$(json "$tmp/sizes.json" "$sizes")" = "$want"
done
R stats -q --format json - <"$tmp/arch/x.zip" >"$tmp/sizes.json"
check "a ZIP on stdin: each member's own size" test "$(json "$tmp/sizes.json" "$sizes")" = "$want"

# --- an archive with no PGN member: named, an error; found in a directory, a note -------------
mkdir -p "$tmp/nopgn/only" "$tmp/nopgn/mixed"
echo "not games" >"$tmp/nopgn/readme.txt"
(cd "$tmp/nopgn" && python3 -c "import zipfile; zipfile.ZipFile('r.zip','w').write('readme.txt')")
cp "$tmp/nopgn/r.zip" "$tmp/nopgn/only/"; cp "$tmp/nopgn/r.zip" "$data/masters/Anand_Kramnik.pgn" "$tmp/nopgn/mixed/"
R stats --format json "$tmp/nopgn/r.zip" >"$tmp/nopgn.json" 2>"$tmp/err"; rc=$?
check "an archive named with no PGN member: exit 1 (got $rc)" test "$rc" -eq 1
check "an archive with no PGN member: its error in inputs" test "$(json "$tmp/nopgn.json" 'd["inputs"][0]["error"]')" = "no PGN member in the archive"
R stats -q --format json "$tmp/nopgn/only" >"$tmp/nopgn.json" 2>"$tmp/err"; rc=$?
check "a directory of archives with no PGN member: exit 1 (got $rc)" test "$rc" -eq 1
check "...: DIR: no PGN files found" grep -q "only: no PGN files found" "$tmp/err"
cat "$tmp/nopgn/r.zip" | R stats -q - >/dev/null 2>&1; rc=$?
check "a ZIP with no PGN member on stdin: exit 1 (got $rc)" test "$rc" -eq 1
R stats --format json "$tmp/nopgn/mixed" >"$tmp/nopgn.json" 2>"$tmp/err"; rc=$?
check "an archive with no PGN member beside a PGN file in a directory: exit 0 (got $rc)" test "$rc" -eq 0
check "...: a note names it" grep -q "r.zip: no PGN member in the archive" "$tmp/err"

# --- a file named twice is a usage error (its games would count twice) ------------------------
one=$data/masters/Anand_Kramnik.pgn
ln -s "$(realpath "$one")" "$tmp/link-to-one.pgn"
for pair in "$one $one" "$one $(dirname "$one")/./$(basename "$one")" "$one $tmp/link-to-one.pgn" "$data/masters $one"; do
  # shellcheck disable=SC2086  # two paths
  R stats -q -o /dev/null $pair 2>"$tmp/err"; rc=$?
  check "named twice ($pair): exit 2 (got $rc)" test "$rc" -eq 2
  check "named twice: says so" grep -q "named twice" "$tmp/err"
done
R stats -q --list-inputs "$one" "$one" >/dev/null 2>&1; rc=$?
check "--list-inputs with a file named twice: exit 2 (got $rc)" test "$rc" -eq 2

# --- inputs in the order named; merge == one run in exit status and stderr ---------------------
good1=$data/masters/Anand_Kramnik.pgn; good2=$data/historical/castling-incidents; missing=$tmp/no-such.pgn
R stats --format json "$good1" "$missing" "$good2" >"$tmp/one.json" 2>"$tmp/one.err"; one_rc=$?
check "one run with a missing input: exit 1" test "$one_rc" -eq 1
check "one run: the missing input in its place" test "$(json "$tmp/one.json" '[i["path"] for i in d["inputs"]].index(sys.argv[3])' "$missing")" -eq 1
R stats -q --format text "$good1" "$missing" "$good2" >"$tmp/one.txt" 2>/dev/null
check "text report: the missing input is input 2" grep -Eq "^  2  $missing .*incomplete" "$tmp/one.txt"
parts=()
for i in 1 2 3; do
  arg=$good1; [[ $i == 2 ]] && arg=$missing; [[ $i == 3 ]] && arg=$good2
  R stats -q --partial "$tmp/part$i.json" -o /dev/null "$arg" 2>/dev/null
  parts+=("$tmp/part$i.json")
done
"$rochade" merge --format json "${parts[@]}" >"$tmp/merged.json" 2>"$tmp/merged.err"; merged_rc=$?
check "merge of a partial with an unreadable input: exit 1 like one run (got $merged_rc)" test "$merged_rc" -eq "$one_rc"
check "merge: the same result" cmp -s "$tmp/one.json" "$tmp/merged.json"
check "merge: the same stderr summary (but the command's name)" \
  cmp -s <(sed 's/^rochade stats: //' "$tmp/one.err") <(sed 's/^rochade merge: //' "$tmp/merged.err")
check "merge: names the input" grep -q "no-such.pgn" "$tmp/merged.err"
"$rochade" merge --format json "$tmp/part1.json" "$tmp/part3.json" >/dev/null; check "merge of good partials: exit 0" test $? -eq 0
# A run that could read nothing still writes its result over an earlier run's file: a partial
# left from before would be merged as this run's, with exit status 0.
cp "$tmp/part1.json" "$tmp/stale.json"; echo earlier >"$tmp/stale-report.json"
R stats -q --partial "$tmp/stale.json" -o "$tmp/stale-report.json" "$missing" 2>/dev/null; rc=$?
check "nothing read: exit 1 (got $rc)" test "$rc" -eq 1
check "nothing read: the partial is this run's" test "$(json "$tmp/stale.json" 'd["inputs"][0]["path"]')" = "$missing"
check "nothing read: -o is this run's" test "$(json "$tmp/stale-report.json" 'd["games"]["total"]')" = 0
"$rochade" merge "$tmp/stale.json" >/dev/null 2>&1; rc=$?; check "merge of it: exit 1 (got $rc)" test "$rc" -eq 1

# --- --list-inputs checks what a run checks, writes the list to stdout only --------------------
echo "keep" >"$tmp/keep.json"
R stats --list-inputs -o "$tmp/keep.json" "$data/masters" >"$tmp/list.txt"; rc=$?
check "--list-inputs: exit 0" test "$rc" -eq 0
check "--list-inputs: the list on stdout" grep -q "Anand_Kramnik.pgn" "$tmp/list.txt"
check "--list-inputs: the -o file untouched" grep -qx keep "$tmp/keep.json"
check "--list-inputs: no temporary file left" test "$(find "$tmp" -maxdepth 1 -name '.keep.json*' | wc -l)" -eq 0
R stats --list-inputs -o /nonexistent-dir/x.json "$data/masters" >/dev/null 2>&1; check "--list-inputs: an -o that cannot be written: exit 1" test $? -eq 1
R stats --list-inputs --where "yeer > 3" "$data/masters" >/dev/null 2>&1; check "--list-inputs: a bad --where: exit 2" test $? -eq 2
R stats --list-inputs --format csv -o "$tmp/x.json" "$data/masters" >/dev/null 2>&1; check "--list-inputs: --format against the name: exit 2" test $? -eq 2
R stats --list-inputs "$missing" "$data/masters" >"$tmp/list2.txt" 2>"$tmp/err"; rc=$?
check "--list-inputs: a missing input is exit 1 and named" bash -c "test $rc -eq 1 && grep -q no-such.pgn '$tmp/err'"

# --- words -------------------------------------------------------------------------------------
"$rochade" explain "not a fen" 2>"$tmp/err"; rc=$?
check "explain 'not a fen': exit 2" test "$rc" -eq 2
check "explain 'not a fen': blames the piece placement" grep -q "field: piece placement" "$tmp/err"
R stats -q --format md "$data/masters" >"$tmp/m.md"
check "md: the sub-rows keep their indent" grep -q "^| &emsp;opposite sides |" "$tmp/m.md"

echo "$passes passed, $fails failed"
((fails == 0))
