#!/usr/bin/env bash
# docs/DATA.md, run: its command lines (rochade games, the SQLite and pandas one-liners), its SQL
# (through sqlite3 on the database and DuckDB on the CSV) and its pandas code, on the games of
# tests/data; the answers of SQLite, pandas and DuckDB must agree. DuckDB comes from npm's
# @duckdb/node-api at the version of tests/cli/duckdb/package-lock.json (npm ci into a cache
# folder); where npm cannot be reached that part is skipped with a note and the test exits 77
# (ctest: skipped) if all else passed, 1 under CI (CI=true), where nothing may be left out.
#   tests/cli/data_doc_test.sh ROCHADE DOC DATA_DIR
set -uo pipefail
rochade=$1; doc=$2; data=$3
lock=$(cd "$(dirname "$0")/duckdb" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fails=0; passes=0; skipped=""
ok() { passes=$((passes + 1)); }
bad() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
# Debian's python3 has pandas (python3-pandas); a python3 earlier in PATH may not.
py=python3
for p in /usr/bin/python3 python3; do
  if "$p" -c 'import pandas' 2>/dev/null; then py=$p; break; fi
done
skip=77; [[ ${CI:-} == true ]] && skip=1  # under CI a missing tool fails the test
command -v sqlite3 >/dev/null || { echo "SKIP: sqlite3 is not installed (Debian sqlite3)"; exit $skip; }
"$py" -c 'import pandas' 2>/dev/null || { echo "SKIP: pandas is not installed (Debian python3-pandas)"; exit $skip; }

# The fenced blocks of the page: sh lines, the SQL, the Python.
block() {  # block LANG -> the text of the first ```LANG block (or all sh lines)
  awk -v lang="$1" '/^```/ { if (inside) { inside = 0; if (lang != "sh") exit; next }
                             if ($0 == "```" lang) { inside = 1; next } }
                    inside { print }' "$doc"
}
block sql >"$tmp/castling.sql"
block python >"$tmp/analysis.py"
block sh >"$tmp/lines.sh"
check "the page has SQL" test -s "$tmp/castling.sql"
check "the page has pandas code" test -s "$tmp/analysis.py"

cd "$tmp" || exit 1
# DIR: the real games of DATA_DIR, without edge/garbage/ (an HTML page saved as .pgn, an error
# that would make every line exit 1).
mkdir DIR
for sub in "$data"/*/; do
  [[ $(basename "$sub") == edge ]] && continue
  ln -s "$sub" "DIR/$(basename "$sub")"
done
mkdir DIR/edge
for sub in "$data"/edge/*/; do
  [[ $(basename "$sub") == garbage ]] || ln -s "$sub" "DIR/edge/$(basename "$sub")"
done
# tests/data holds no illegal castling (real ones are rare): the games of the fixture
# tests/analysis/fixtures/illegal_castling.pgn (one per reason and colour, constructed), given
# four players in turn, let "which players castle illegally most" have an answer.
python3 - "$data/../analysis/fixtures/illegal_castling.pgn" >DIR/illegal-castlings.pgn <<'PY'
import re, sys
names = ["Alpha, A.", "Beta, B.", "Gamma, C.", "Delta, D."]
n = -1
def tags(m):
    global n
    n += 1
    return f'{m.group(0)}[White "{names[n % 4]}"]\n[Black "{names[(n + 1) % 4]}"]\n'
print(re.sub(r'^\[Event "[^"]*"\]\n', tags, open(sys.argv[1], encoding="utf-8").read(), flags=re.M), end="")
PY
rochade() { "$rochade" "$@" --no-progress -q; }
# Every sh line of the page, in order, except the DuckDB command line (not in Debian; the same SQL
# runs below through @duckdb/node-api). "$(cat ...)" lines are documentation of a file use.
while IFS= read -r line; do
  [[ -z "$line" || "$line" == duckdb* ]] && continue
  line=${line%%#*}
  line=${line//python3 /$py }
  out=$(eval "$line" 2>&1); rc=$?
  check "DATA.md line '$line': exit 0 (got $rc: $out)" test "$rc" -eq 0
  echo "$out" >>"$tmp/lines.out"
done <"$tmp/lines.sh"
# The last rochade line left composed positions out: the table the worked question uses.
rows=$(($(wc -l <games.csv) - 1))
check "games.csv has rows ($rows)" test "$rows" -gt 1000
check "the SQLite one-liner counts the games" grep -qx "$(sqlite3 games.db 'SELECT count(*) FROM games')" lines.out
check "the pandas one-liner counts the rows" grep -qx "$rows" lines.out

sqlite3 -csv games.db <castling.sql >sqlite.csv; rc=$?
check "the SQL runs in sqlite3 (exit $rc)" test "$rc" -eq 0
# SQLite's database holds every game; the CSV only setup = 0 games: the SQL leaves setup = 1 out.
cat >>analysis.py <<'PY'
import csv, sys
want = {}
for r in csv.reader(open("sqlite.csv")):
    want[(r[0], int(r[1]) // 2)] = (int(r[2]), float(r[3]), float(r[4]), float(r[5]))
counts = g.groupby(["decade", "elo_band"]).size()
got = {}
for (decade, band), n in counts.items():
    if n < 20: continue
    row = table.loc[(decade, band)]
    got[(decade, int(band))] = (int(n), row.get("O-O", 0.0), row.get("O-O-O", 0.0), row.get("never", 0.0))
assert want.keys() == got.keys(), (sorted(want), sorted(got))
for k in want:
    assert want[k][0] == got[k][0], (k, want[k], got[k])
    for a, b in zip(want[k][1:], got[k][1:]):
        assert abs(a - b) <= 0.1, (k, want[k], got[k])
print(f"pandas == sqlite: {len(want)} cells")
PY
"$py" analysis.py >pandas.out 2>&1; rc=$?
check "pandas answers as SQLite does (exit $rc: $(tail -3 pandas.out))" test "$rc" -eq 0
check "the worked question has cells" test "$(wc -l <sqlite.csv)" -gt 0

# The other questions: the whole table in the CSV as in the database (the worked question's last
# line left composed positions out of games.csv), each question's SQL through sqlite3, its pandas
# code, and their answers compared (numbers within the rounding of the page: 0.1).
rochade games -o games.csv DIR/
for q in rate illegal clock; do
  block "sql $q" >"$q.sql"
  block "python $q" >"$q.py"
  check "the page has the SQL and the pandas code of '$q'" test -s "$q.sql" -a -s "$q.py"
  sqlite3 -csv "games.db" <"$q.sql" >"$q.sqlite.csv"; rc=$?
  check "'$q': the SQL runs in sqlite3 (exit $rc)" test "$rc" -eq 0
  check "'$q': SQLite gives rows" test "$(wc -l <"$q.sqlite.csv")" -gt 1
done
cat >>rate.py <<'PY'
import csv
want = {(int(r[0]), int(r[1]) // 2): [float(x) for x in r[2:]] for r in csv.reader(open("rate.sqlite.csv"))}
got = {k: [float(x) for x in v] for k, v in zip(rate.index, rate.values.tolist())}
assert want.keys() == got.keys(), (sorted(want), sorted(got))
for k in want:
    assert want[k][0] == got[k][0] and all(abs(a - b) <= 0.1 for a, b in zip(want[k], got[k])), (k, want[k], got[k])
print(f"pandas == sqlite: {len(want)} cells")
PY
cat >>illegal.py <<'PY'
import csv
want = [(r[0], int(r[1]), int(r[2])) for r in csv.reader(open("illegal.sqlite.csv"))]
got = [(p, int(n), int(k)) for p, n, k in top[["player", "illegal_castlings", "games"]].values.tolist()]
assert want == got and len(want) > 0, (want, got)
print(f"pandas == sqlite: {len(want)} players")
PY
# Each player's illegal castlings, counted from the findings table instead (one row per finding,
# with the colour that castled): the same as the per-colour columns give.
check "'illegal': the counts of the findings table" "$py" - <<'PY'
import csv, sqlite3
db = sqlite3.connect("games.db")
want = dict(db.execute("""SELECT CASE f.side WHEN 'white' THEN g.white ELSE g.black END, count(*)
                          FROM findings f JOIN games g ON g.id = f.game_id
                          WHERE f.kind = 'illegal_castling' GROUP BY 1"""))
got = {r[0]: int(r[1]) for r in csv.reader(open("illegal.sqlite.csv"))}
assert len(got) == 4 and got == want, (got, want)
PY
cat >>clock.py <<'PY'
import csv
want = [(r[0], int(r[1]), *map(float, r[2:])) for r in csv.reader(open("clock.sqlite.csv"))]
got = [(t, int(n), *map(float, x)) for t, n, *x in left.values.tolist()]
assert len(want) == len(got) > 0, (want, got)
for a, b in zip(want, got):
    assert a[:2] == b[:2] and all(abs(p - q) <= 0.1 for p, q in zip(a[2:], b[2:])), (a, b)
print(f"pandas == sqlite: {len(want)} time controls")
PY
for q in rate illegal clock; do
  "$py" "$q.py" >"$q.pandas.out" 2>&1; rc=$?
  check "'$q': pandas answers as SQLite does (exit $rc: $(tail -3 "$q.pandas.out"))" test "$rc" -eq 0
done
# The clock question is not empty on tests/data (chess.com's 3-minute games): a time control
# with castlings and seconds left within its base time.
check "'clock': 180-second games castle with 0 to 180 seconds left" "$py" - <<'PY'
import csv
rows = {r[0]: r for r in csv.reader(open("clock.sqlite.csv"))}
assert "180" in rows and int(rows["180"][1]) >= 5, rows
assert 0 <= float(rows["180"][3]) <= float(rows["180"][2]) <= float(rows["180"][4]) <= 180, rows["180"]
PY

# DuckDB through npm's @duckdb/node-api at the version of tests/cli/duckdb/package-lock.json
# (npm ci), cached between runs while the lockfile is the same.
cache=${XDG_CACHE_HOME:-$HOME/.cache}/rochade-duckdb
if ! cmp -s "$lock/package-lock.json" "$cache/package-lock.json" ||
   [[ ! -d "$cache/node_modules/@duckdb/node-api" ]]; then
  rm -rf "$cache" && mkdir -p "$cache" && cp "$lock/package.json" "$lock/package-lock.json" "$cache/" &&
    command -v npm >/dev/null &&
    (cd "$cache" && timeout 300 npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1) ||
    rm -rf "$cache/node_modules"
fi
if command -v node >/dev/null && [[ -d "$cache/node_modules/@duckdb/node-api" ]]; then
  cat >duck.mjs <<'JS'
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(process.argv[2] + '/');
const { DuckDBInstance } = require('@duckdb/node-api');
const c = await (await DuckDBInstance.create(':memory:')).connect();
await c.run("CREATE TABLE games AS SELECT * FROM read_csv_auto('games.csv')");
const rows = (await c.runAndReadAll(readFileSync('castling.sql', 'utf8'))).getRows();
for (const r of rows) console.log(r.map(v => (typeof v === 'bigint' ? v.toString() : String(v))).join(','));
JS
  # The other questions and the Parquet folders: each SQL file on the CSV of every game.
  cat >duckrun.mjs <<'JS'
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(process.argv[2] + '/');
const { DuckDBInstance } = require('@duckdb/node-api');
const c = await (await DuckDBInstance.create(':memory:')).connect();
await c.run("CREATE TABLE games AS SELECT * FROM read_csv_auto('games.csv')");
const rows = (await c.runAndReadAll(readFileSync(process.argv[3], 'utf8'))).getRows();
const cell = v => {  // as sqlite3 -csv writes it: quoted where it holds a comma or a quote
  const s = typeof v === 'bigint' ? v.toString() : String(v);
  return /[",\n]/.test(s) ? '"' + s.replaceAll('"', '""') + '"' : s;
};
for (const r of rows) console.log(r.map(cell).join(','));
JS
  run_duck() { node duckrun.mjs "$cache/node_modules" "$1" >"$2" 2>"$2.err"; }
  node duck.mjs "$cache/node_modules" >duck.csv 2>duck.err; rc=$?
  check "the SQL runs in DuckDB (exit $rc: $(head -3 duck.err))" test "$rc" -eq 0
  check "DuckDB answers as SQLite does" "$py" - <<'PY'
import csv
a = [r for r in csv.reader(open("sqlite.csv"))]
b = [r for r in csv.reader(open("duck.csv"))]
assert len(a) == len(b) and len(a) > 0, (len(a), len(b))
for x, y in zip(a, b):
    assert x[0] == y[0] and int(float(x[1])) == int(float(y[1])) and int(x[2]) == int(y[2]), (x, y)
    assert all(abs(float(p) - float(q)) <= 0.1 for p, q in zip(x[3:], y[3:])), (x, y)
PY
  for q in rate illegal clock; do
    run_duck "$q.sql" "$q.duck.csv"; rc=$?
    check "'$q': the SQL runs in DuckDB (exit $rc: $(head -3 "$q.duck.csv.err"))" test "$rc" -eq 0
    check "'$q': DuckDB answers as SQLite does" "$py" - "$q.sqlite.csv" "$q.duck.csv" <<'PY'
import csv, sys
a = list(csv.reader(open(sys.argv[1])))
b = list(csv.reader(open(sys.argv[2])))
num = lambda v: float(v)
assert len(a) == len(b) > 0, (len(a), len(b))
for x, y in zip(a, b):
    assert len(x) == len(y), (x, y)
    for p, q in zip(x, y):
        try:
            assert abs(num(p) - num(q)) <= 0.1, (x, y)
        except ValueError:
            assert p == q, (x, y)
PY
  done
  block "sql parquet" >parquet.sql
  block "sql parquet-read" >parquet-read.sql
  run_duck parquet.sql parquet.out; rc=$?
  check "parquet: DuckDB's COPY ... PARTITION_BY (year) runs (exit $rc: $(head -3 parquet.out.err))" test "$rc" -eq 0
  check "parquet: one folder per year" test "$(ls -d games_parquet/year=* 2>/dev/null | wc -l)" -gt 10
  run_duck parquet-read.sql parquet-read.csv
  sqlite3 -csv games.db "SELECT year, count(*) FROM games WHERE year >= 2000 GROUP BY year ORDER BY year" >parquet-want.csv
  check "parquet: the games of each year read back, as SQLite counts them" cmp -s parquet-want.csv parquet-read.csv
  echo "SELECT count(*) FROM read_parquet('games_parquet/*/*.parquet', hive_partitioning = true)" >all.sql
  run_duck all.sql all.csv
  check "parquet: every row in a year's folder ($(cat all.csv) of $(sqlite3 games.db 'SELECT count(*) FROM games'))" \
    test "$(cat all.csv)" = "$(sqlite3 games.db 'SELECT count(*) FROM games')"
else
  skipped="DuckDB (npm's @duckdb/node-api could not be installed: no npm registry?)"
fi

echo "data_doc_test: $passes passed, $fails failed${skipped:+; SKIPPED: $skipped}"
((fails == 0)) || exit 1
[[ -z "$skipped" ]] || exit $skip
