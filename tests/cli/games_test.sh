#!/usr/bin/env bash
# `rochade games` and `find --format csv|tsv|jsonl` through the real binary (games-table.md):
# one row per game in input order, the same bytes for every -j, valid UTF-8, find's rows equal
# to the games rows of the matching games, and the SQLite database: written atomically (no
# temporary file left, an existing file replaced only when complete), the same rows as the CSV,
# findings with their game, and usage errors (exit 2) without -o or with a compressed name.
#   tests/cli/games_test.sh ROCHADE DATA_DIR
set -uo pipefail
rochade=$1; data=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }

# tests/data holds one file that is not PGN (edge/garbage/, an HTML page saved as .pgn): the only
# error of the run, which makes it exit 1; every other input is read.
R games -j1 "$data" >"$tmp/j1.csv" 2>"$tmp/err"; rc=$?
check "games: exit 1 for the HTML page (got $rc)" test "$rc" -eq 1
check "games: the HTML page is the only error" \
  bash -c "test \$(wc -l <'$tmp/err') -eq 1 && grep -q 'garbage/lichess-html-page-saved-as.pgn: not PGN text' '$tmp/err'"
for j in 2 3 8; do
  R games -j$j "$data" >"$tmp/j$j.csv"
  check "games -j$j: the same bytes as -j1" cmp -s "$tmp/j1.csv" "$tmp/j$j.csv"
  R games --format jsonl -j$j "$data" >"$tmp/j$j.jsonl"
done
R games --format jsonl -j1 "$data" >"$tmp/j1.jsonl"
check "jsonl -j8: the same bytes as -j1" cmp -s "$tmp/j1.jsonl" "$tmp/j8.jsonl"
check "csv: valid UTF-8" iconv -f UTF-8 -t UTF-8 "$tmp/j1.csv" -o /dev/null
check "jsonl: valid UTF-8" iconv -f UTF-8 -t UTF-8 "$tmp/j1.jsonl" -o /dev/null
total=$(R stats --format json "$data" | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"]["total"])')
rows=$(($(wc -l <"$tmp/j1.csv") - 1))
check "one row per game ($rows rows, $total games)" test "$rows" -eq "$total"
check "one JSON line per game" test "$(wc -l <"$tmp/j1.jsonl")" -eq "$total"
# Rows in input order: (input, game) never goes back within an input.
check "rows in input order" python3 - "$tmp/j1.jsonl" <<'PY'
import json, sys
last = {}
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    if r["game"] != last.get(r["input"], 0) + 1: sys.exit(1)
    last[r["input"]] = r["game"]
PY

# The v2 columns, derived here from the PGN text of the real games of tests/data (Lichess and
# chess.com exports, a master database, the 19th century): the tags, year (Date, else EventDate,
# else UTCDate),
# moves, each colour's first castling move (from the move numbers, a FEN's included), for every
# game replayed without error. The SAN read here must give rochade's plies, or the game fails.
check "v2 columns equal those derived from the PGN text" python3 - "$tmp/j1.csv" <<'PY'
import csv, re, sys
from pgn_text import games
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
def year(d):
    d = d.strip()
    m = re.match(r"^(\d{4})([.\-/]|$)", d) or re.match(r"^[0-9?]{1,2}[.\-/][0-9?]{1,2}[.\-/](\d{4})$", d)
    return int(m.group(1)) if m and int(m.group(1)) > 0 else None
def strip(t):
    t = re.sub(r"\{[^}]*\}", " ", t); t = re.sub(r";[^\n]*", " ", t)
    while True:
        u = re.sub(r"\([^()]*\)", " ", t)
        if u == t: return t
        t = u
by_input = {}
for r in rows: by_input.setdefault(r["input"], []).append(r)
checked = castled = 0
for inp, rs in by_input.items():
    if not re.search(r"/(lichess|masters|historical)/[^/]*\.pgn$", inp): continue
    gs = games(inp, unescape=True)
    assert len(gs) == len(rs), (inp, len(gs), len(rs))
    for (tags, text), r in zip(gs, rs):
        y = year(tags.get("Date", "")) or year(tags.get("EventDate", "")) or year(tags.get("UTCDate", ""))
        assert r["year"] == ("" if y is None else str(y)), (inp, r["game"], r["year"])
        for col, tag in (("utc_date", "UTCDate"), ("utc_time", "UTCTime"), ("white_title", "WhiteTitle"),
                         ("black_title", "BlackTitle"), ("opening", "Opening"), ("termination", "Termination")):
            assert r[col] == tags.get(tag, ""), (inp, r["game"], col)
        for col, tag in (("white_rating_diff", "WhiteRatingDiff"), ("black_rating_diff", "BlackRatingDiff")):
            v = tags.get(tag, "")
            assert r[col] == (str(int(v)) if re.fullmatch(r"[+-]?\d+", v) else ""), (inp, r["game"], col)
        assert int(r["white_illegal_castlings"]) + int(r["black_illegal_castlings"]) == int(r["illegal_castlings"])
        if r["error"] or r["skipped"]: continue
        fen = tags.get("FEN", "").split()
        black = len(fen) > 1 and fen[1] == "b"
        full = int(fen[5]) if len(fen) > 5 and fen[5].isdigit() else 1
        sans = [t for t in re.findall(r"[^\s]+", re.sub(r"\d+\.+", " ", strip(text)))
                if not re.fullmatch(r"\$\d+|1-0|0-1|1/2-1/2|\*", t)]
        assert len(sans) == int(r["plies"]), (inp, r["game"], len(sans), r["plies"])
        number = lambda ply: full + (ply - 1 + black) // 2
        first = {}
        for i, san in enumerate(sans, 1):
            side = "white" if (i - 1 + black) % 2 == 0 else "black"
            if re.fullmatch(r"(O-O(-O)?|0-0(-0)?)[+#!?]*", san) and side not in first:
                first[side] = number(i)
        assert r["moves"] == str(number(len(sans)) if sans else 0), (inp, r["game"], r["moves"])
        for side in ("white", "black"):
            assert r[side + "_castling_move"] == str(first.get(side, "")), (inp, r["game"], side)
        checked += 1; castled += len(first)
assert checked > 400 and castled > 500, (checked, castled)
print(checked, "games,", castled, "castlings checked", file=sys.stderr)
PY
R games --where "year >= 2000" "$data" >"$tmp/y.csv"
check "--where year is the year column" python3 - "$tmp/j1.csv" "$tmp/y.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
got = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))
want = [r for r in rows if r["year"] and int(r["year"]) >= 2000]
assert got == want and 0 < len(got) < len(rows), (len(got), len(want))
PY

# --tag: a column for any other tag, snake_case, after all the others, the tag's text; --where
# compares it; a name that is already a column is a usage error (exit 2).
uz="$data/lichess/scalachess-uzchesscup.pgn"
R games --tag WhiteFideId --tag StudyName "$uz" >"$tmp/tag.csv"
check "--tag: the columns and values are the file's tags" python3 - "$tmp/tag.csv" "$uz" <<'PY'
import csv, re, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8", newline="")))
assert rows[0][-3:] == ["without_moves", "white_fide_id", "study_name"], rows[0][-3:]
ids = re.findall(r'^\[WhiteFideId "(.*)"\]', open(sys.argv[2], encoding="utf-8").read(), re.M)
assert [r[-2] for r in rows[1:]] == ids and len(ids) > 10, (len(ids), len(rows))
assert all(r[-1].startswith("Round") for r in rows[1:])
PY
first_id=$(sed -n 's/^\[WhiteFideId "\(.*\)"\]/\1/p' "$uz" | head -1)
n=$(grep -c "^\[WhiteFideId \"$first_id\"\]" "$uz")
R games --tag WhiteFideId --where "white_fide_id = '$first_id'" "$uz" >"$tmp/tagw.csv"
check "--where on a --tag column: the $n games with that tag" test "$(($(wc -l <"$tmp/tagw.csv") - 1))" -eq "$n"
R find --format jsonl --where "white_fide_id = '$first_id'" --tag WhiteFideId "$uz" >"$tmp/tag.jsonl"
check "find --format jsonl --tag: the key, as text" python3 -c "
import json, sys
rows = [json.loads(l) for l in open('$tmp/tag.jsonl')]
assert len(rows) == $n and all(r['white_fide_id'] == '$first_id' for r in rows)"
R games --where "white_fide_id = 1" "$uz" >/dev/null 2>&1; rc=$?
check "--where on a tag column without --tag: exit 2 (got $rc)" test "$rc" -eq 2
R games --tag Opening "$uz" >/dev/null 2>&1; rc=$?
check "--tag naming an existing column: exit 2 (got $rc)" test "$rc" -eq 2

# find --format csv: the rows of games for the matching games, header included.
R find --format csv --castling-check "$data" >"$tmp/find.csv"
python3 - "$tmp/j1.csv" "$tmp/find.csv" >"$tmp/expect.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8", newline="")))
w = csv.writer(sys.stdout, lineterminator="\n")
h = rows[0]; w.writerow(h)
for r in rows[1:]:
    if int(r[h.index("castling_check")]) > 0 and r[h.index("skipped")] == "": w.writerow(r)
PY
check "find --format csv: the games rows of the matching games" test "$(wc -l <"$tmp/find.csv")" -gt 1
check "find --format csv == games rows filtered" \
  cmp -s <(python3 -c 'import csv,sys; [print(r) for r in csv.reader(open(sys.argv[1],newline=""))]' "$tmp/find.csv") \
         <(python3 -c 'import csv,sys; [print(r) for r in csv.reader(open(sys.argv[1],newline=""))]' "$tmp/expect.csv")
R find --format tsv --count --castling-check "$data" >"$tmp/count"
check "find --count with a table format: the number" test "$(cat "$tmp/count")" -eq "$(($(wc -l <"$tmp/find.csv") - 1))"

# SQLite.
if command -v sqlite3 >/dev/null; then
  echo "old" >"$tmp/g.db"
  R games --format sqlite -o "$tmp/g.db" -j3 "$data"; rc=$?
  check "sqlite: exit 1 for the HTML page (got $rc)" test "$rc" -eq 1
  check "sqlite: no temporary file left" test -z "$(ls "$tmp" | grep 'g.db.tmp')"
  check "sqlite: games rows" test "$(sqlite3 "$tmp/g.db" 'select count(*) from games')" -eq "$total"
  check "sqlite: ids in row order" test "$(sqlite3 "$tmp/g.db" 'select max(id) from games')" -eq "$total"
  check "sqlite: the same rows as the CSV" python3 - "$tmp/g.db" "$tmp/j1.csv" <<'PY'
import csv, sqlite3, sys
rows = list(csv.reader(open(sys.argv[2], encoding="utf-8", newline="")))
h = rows[0]
db = sqlite3.connect(sys.argv[1])
got = db.execute("select * from games order by id").fetchall()
names = [d[0] for d in db.execute("select * from games").description]
assert names[0] == "id" and names[1:] == h, names
assert len(got) == len(rows) - 1
for i, (g, r) in enumerate(zip(got, rows[1:])):
    assert g[0] == i + 1
    # REAL (the clocks): the CSV writes 3900.0 as 3900
    assert ["" if v is None else (str(int(v)) if isinstance(v, float) and v == int(v) else str(v))
            for v in g[1:]] == r, (g, r)
PY
  check "sqlite: typed columns (INTEGER for numbers and flags, REAL for clocks, TEXT, NULL for empty)" python3 - "$tmp/g.db" "$tmp/j1.jsonl" <<'PY'
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
decl = {r[1]: r[2] for r in db.execute("pragma table_info(games)")}
rows = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
names = list(rows[0])
for i, name in enumerate(names):
    # The JSON lines type each column: numbers as numbers, text as strings, empty as null.
    # (a clock of whole seconds is a JSON integer: 3900)
    kinds = {type(r[name]).__name__ for r in rows} - {"NoneType"}
    want = "INTEGER" if kinds == {"int"} else "REAL" if "float" in kinds and kinds <= {"int", "float"} else "TEXT"
    assert decl[name] == want, (name, decl[name], kinds)
    got = {t for (t,) in db.execute(f"select distinct typeof({name}) from games")}
    allowed = {want.lower(), "null"}
    assert got <= allowed, (name, got)
for name in ("year", "moves", "white_illegal_castlings", "without_moves", "white_rating_diff"):
    assert decl[name] == "INTEGER", name
assert decl["white_castling_clock"] == decl["black_castling_clock"] == "REAL"
PY
  check "sqlite: indexes on white, black, year, used by a per-player query" python3 - "$tmp/g.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
idx = {(r[0], r[1]) for r in db.execute("select name, tbl_name from sqlite_master where type = 'index'")}
cols = {db.execute(f"pragma index_info({n})").fetchone()[2] for n, t in idx if t == "games"}
assert {"white", "black", "year"} <= cols, cols
plan = " ".join(r[-1] for r in db.execute(
    "explain query plan select count(*) from games where white = 'Carlsen, Magnus'"))
assert "INDEX" in plan, plan
PY
  f=$(sqlite3 "$tmp/g.db" "select count(*) from findings f join games g on g.id = f.game_id")
  n=$(R audit --format jsonl "$data" | wc -l)
  check "sqlite: one findings row per audit finding ($f, $n)" test "$f" -eq "$n"
else
  echo "note: sqlite3 not installed; the database is not read back"
fi
R games --format sqlite "$data" 2>/dev/null; rc=$?
check "sqlite without -o: exit 2 (got $rc)" test "$rc" -eq 2
R games --format sqlite -o "$tmp/g.db.gz" "$data" 2>/dev/null; rc=$?
check "sqlite to .gz: exit 2 (got $rc)" test "$rc" -eq 2
check "sqlite to .gz: nothing written" test ! -e "$tmp/g.db.gz"
R games --format sqlite -o "$tmp/missing.db" "$tmp/no-such-file.pgn" 2>/dev/null; rc=$?
check "sqlite, nothing read: exit 1 (got $rc)" test "$rc" -eq 1
# (Nothing read: the file gets this run's result, an empty table, an existing one too.)
if command -v sqlite3 >/dev/null; then
  check "sqlite, nothing read: an empty table" test "$(sqlite3 "$tmp/missing.db" 'select count(*) from games')" -eq 0
fi
if [[ -f "$tmp/g.db" ]]; then
  cp "$tmp/g.db" "$tmp/keep.db"
  R games --format sqlite -o "$tmp/g.db" "$tmp/no-such-file.pgn" 2>/dev/null
  check "sqlite, nothing read: an existing database is this run's, empty" \
    test "$(sqlite3 "$tmp/g.db" 'select count(*) from games')" -eq 0
fi

echo "games_test: $passes passed, $fails failed"
((fails == 0))
