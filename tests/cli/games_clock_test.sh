#!/usr/bin/env bash
# The clock columns of `rochade games` (games-table.md v2: white_castling_clock,
# black_castling_clock): seconds on that colour's clock after its first castling, from the
# [%clk] comment of that move, decimals kept; empty when the move has no clock. The values
# expected are read here from the PGN text of real games in tests/data (chess.com exports with
# tenths of a second and Chess960 games from a FEN, Lichess exports with and without clocks, a
# master database without any), plus one real game whose castling comment has its [%clk]
# replaced by an [%eval]. CSV, TSV, JSON lines (numbers) and SQLite (REAL) give the same values;
# --where and find's table formats read the clocks too.
#   tests/cli/games_clock_test.sh ROCHADE DATA_DIR
set -uo pipefail
rochade=$1; data=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }

chesscom="$data/lichess/chesscom-export-ChessGPT.pgn"
# A real game whose castling move's comment holds no clock: the first game of the chess.com
# export with the comment of 5. O-O ({[%clk 0:02:47.8]}) made an [%eval].
python3 - "$chesscom" >"$tmp/no-clk.pgn" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
first = text[: text.index('[Event', 1)]
assert "5. O-O {[%clk 0:02:47.8]}" in first
print(first.replace("5. O-O {[%clk 0:02:47.8]}", "5. O-O {[%eval 0.31] no clock here}"), end="")
PY
inputs=("$data/lichess" "$data/masters" "$data/edge/shakmaty/benches" "$tmp/no-clk.pgn")
R games -j1 "${inputs[@]}" >"$tmp/g.csv"; rc=$?
check "games: exit 0 (got $rc)" test "$rc" -eq 0
R games -j2 "${inputs[@]}" >"$tmp/g2.csv"
check "games -j2: the same bytes as -j1" cmp -s "$tmp/g.csv" "$tmp/g2.csv"
R games --format jsonl "${inputs[@]}" >"$tmp/g.jsonl"
R games --format tsv "${inputs[@]}" >"$tmp/g.tsv"

check "the clock columns stand after black_castling_move" python3 - "$tmp/g.csv" <<'PY'
import csv, sys
h = next(csv.reader(open(sys.argv[1], encoding="utf-8", newline="")))
i = h.index("black_castling_move")
assert h[i + 1 : i + 4] == ["white_castling_clock", "black_castling_clock", "white_illegal_castlings"], h
PY

# The expected clocks, from the PGN text: each main-line move's first [%clk] in the comments
# after it (variations and their comments left out), at each colour's first O-O or O-O-O.
cat >"$tmp/expect.py" <<'PY'
import csv, json, re, sys
from decimal import Decimal
from pgn_text import games
CLK = re.compile(r"\[%clk\s+(\d{1,6}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?\s*\]")
def moves(text):
    """[(san, [comments after it])] of the main line."""
    out, depth, i = [], 0, 0
    while i < len(text):
        c = text[i]
        if c == "{":
            j = text.find("}", i); j = len(text) if j < 0 else j
            if depth == 0 and out: out[-1][1].append(text[i + 1 : j])
            i = j + 1
        elif c == ";":
            j = text.find("\n", i); j = len(text) if j < 0 else j
            if depth == 0 and out: out[-1][1].append(text[i + 1 : j])
            i = j
        elif c == "(": depth += 1; i += 1
        elif c == ")": depth -= 1; i += 1
        elif c.isspace(): i += 1
        else:
            m = re.match(r"[^\s{};()]+", text[i:]); tok = m.group(0); i += len(tok)
            tok = re.sub(r"^\d+\.+", "", tok)
            if depth or not tok or re.fullmatch(r"\$\d+|1-0|0-1|1/2-1/2|\*", tok): continue
            out.append((tok, []))
    return out
def seconds(comments):
    for c in comments:
        m = CLK.search(c)
        if m:
            h, mi, s, frac = m.groups()
            v = Decimal(int(h) * 3600 + int(mi) * 60 + int(s))
            if frac: v += Decimal("0." + frac[:3])
            return v
    return None
expected = {}  # (input file, game) -> {side: seconds or None}, for castled sides
stats = {"castlings": 0, "with_clock": 0, "tenths": 0, "chess960": 0, "fen": 0, "none": 0,
         "white": 0, "black": 0}
def expect(path, rows):
    gs = games(path)
    assert len(gs) == len(rows), (path, len(gs), len(rows))
    for (tags, text), r in zip(gs, rows):
        if r["error"] or r["skipped"]: continue
        ms = moves(text)
        assert len(ms) == int(r["plies"]), (path, r["game"], len(ms), r["plies"])
        fen = tags.get("FEN", "").split()
        black = len(fen) > 1 and fen[1] == "b"
        got = {}
        for i, (san, comments) in enumerate(ms):
            side = "white" if (i + black) % 2 == 0 else "black"
            if side not in got and re.fullmatch(r"(O-O(-O)?|0-0(-0)?)[+#!?]*", san):
                got[side] = seconds(comments)
                stats["castlings"] += 1; stats[side] += 1
                v = got[side]
                if v is None: stats["none"] += 1
                else:
                    stats["with_clock"] += 1
                    if v != v.to_integral_value(): stats["tenths"] += 1
                    if "960" in tags.get("Variant", ""): stats["chess960"] += 1
                    if fen: stats["fen"] += 1
        expected[(r["input"], r["game"])] = got
PY

check "csv: the clocks read from the PGN text" python3 - "$tmp/g.csv" "$tmp/expect.py" <<'PY'
import csv, sys
from decimal import Decimal
exec(open(sys.argv[2]).read())
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
by_input = {}
for r in rows: by_input.setdefault(r["input"], []).append(r)
for path, rs in by_input.items(): expect(path, rs)
checked = 0
for r in rows:
    want = expected.get((r["input"], r["game"]))
    if want is None: continue
    for side in ("white", "black"):
        got = r[side + "_castling_clock"]
        w = want.get(side)
        if w is None:
            assert got == "", (r["input"], r["game"], side, got)
        else:
            assert got != "" and Decimal(got) == w, (r["input"], r["game"], side, got, w)
            # written in its shortest form: no trailing zeros, no point for a whole second
            assert got == format(w.normalize(), "f"), (got, w)
        checked += 1
print(checked, "clock cells;", stats, file=sys.stderr)
assert stats["with_clock"] >= 60 and stats["tenths"] >= 15 and stats["chess960"] >= 4, stats
assert stats["fen"] >= 4 and stats["none"] >= 100 and min(stats["white"], stats["black"]) >= 100, stats
PY

check "the game whose castling comment lacks [%clk]: white's clock is empty, black's is not" \
  python3 - "$tmp/g.csv" "$tmp/no-clk.pgn" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")) if r["input"] == sys.argv[2]]
assert len(rows) == 1 and rows[0]["white_castling"] == "O-O", rows
assert rows[0]["white_castling_clock"] == "" and rows[0]["black_castling_clock"] != "", rows[0]
PY

check "tsv and jsonl: the same clocks, JSON numbers" python3 - "$tmp/g.csv" "$tmp/g.tsv" "$tmp/g.jsonl" <<'PY'
import csv, json, sys
from decimal import Decimal
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
tsv = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline=""), delimiter="\t", quoting=csv.QUOTE_NONE))
js = [json.loads(l) for l in open(sys.argv[3], encoding="utf-8")]
assert len(rows) == len(tsv) == len(js)
n = 0
for r, t, j in zip(rows, tsv, js):
    for c in ("white_castling_clock", "black_castling_clock"):
        assert t[c] == r[c], (c, t[c], r[c])
        if r[c] == "":
            assert j[c] is None, (c, j[c])
        else:
            assert isinstance(j[c], (int, float)) and not isinstance(j[c], bool), (c, j[c])
            assert Decimal(repr(j[c])) == Decimal(r[c]), (c, j[c], r[c]); n += 1
assert n >= 60, n
PY

if command -v sqlite3 >/dev/null; then
  R games --format sqlite -o "$tmp/g.db" "${inputs[@]}"
  check "sqlite: the clock columns are REAL, typeof() real or null" python3 - "$tmp/g.db" "$tmp/g.csv" <<'PY'
import csv, sqlite3, sys
from decimal import Decimal
db = sqlite3.connect(sys.argv[1])
decl = {r[1]: r[2] for r in db.execute("pragma table_info(games)")}
assert decl["white_castling_clock"] == "REAL" and decl["black_castling_clock"] == "REAL", decl
types = {t for (t,) in db.execute(
    "select typeof(white_castling_clock) from games union select typeof(black_castling_clock) from games")}
assert types == {"real", "null"}, types
rows = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))
got = db.execute("select white_castling_clock, black_castling_clock from games order by id").fetchall()
assert len(got) == len(rows)
for (w, b), r in zip(got, rows):
    for v, c in ((w, "white_castling_clock"), (b, "black_castling_clock")):
        assert (v is None) == (r[c] == ""), (v, r[c])
        if v is not None: assert Decimal(repr(v)) == Decimal(r[c]), (v, r[c])
PY
  check "sqlite: time left when castling, by time control, as SQL computes it" \
    test "$(sqlite3 "$tmp/g.db" "select count(*) from games where white_castling_clock > 0 and time_control = '180'")" -gt 5
else
  echo "note: sqlite3 not installed; the database is not read back"
fi

# --where compares the clocks as numbers (tenths included); find's table formats and a find
# whose --where needs the clocks read them too.
R games --where "white_castling_clock < 170.5 or black_castling_clock >= 170.5" "${inputs[@]}" >"$tmp/w.csv"
check "--where on the clocks: the rows of the table that match" python3 - "$tmp/g.csv" "$tmp/w.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
got = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))
f = lambda v: None if v == "" else float(v)
want = [r for r in rows if (f(r["white_castling_clock"]) is not None and f(r["white_castling_clock"]) < 170.5)
        or (f(r["black_castling_clock"]) is not None and f(r["black_castling_clock"]) >= 170.5)]
assert got == want and 0 < len(got) < len(rows), (len(got), len(want))
PY
n=$(R find --count --where "white_castling_clock is not null" "${inputs[@]}")
want=$(python3 -c "
import csv, sys
print(sum(1 for r in csv.DictReader(open('$tmp/g.csv', encoding='utf-8', newline='')) if r['white_castling_clock'] != ''))")
check "find --where on a clock ($n games, $want in the table)" test "$n" -eq "$want"
R find --format csv --castled white "${inputs[@]}" >"$tmp/find.csv"
check "find --format csv: the clocks of the games table" python3 - "$tmp/g.csv" "$tmp/find.csv" <<'PY'
import csv, sys
rows = {(r["input"], r["game"]): r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8", newline=""))}
got = list(csv.DictReader(open(sys.argv[2], encoding="utf-8", newline="")))
assert len(got) > 100
assert all(g == rows[(g["input"], g["game"])] for g in got)
assert sum(1 for g in got if g["white_castling_clock"]) >= 30
PY

echo "games_clock_test: $passes passed, $fails failed"
((fails == 0))
