#!/usr/bin/env bash
# The castling records (docs/STATS-JSON.md, "records") of the whole binary on the crafted games of
# tests/cli/records.pgn: each record's game in the JSON document; the Records section in the text,
# Markdown and HTML reports; games --where filters out count for none; groups carry no records;
# two inputs whose games tie: the first input's, in one run and in the merge of the partials,
# which prints what the one run prints in every format.
#   tests/cli/records_test.sh ROCHADE
set -uo pipefail
rochade=$1
here="$(cd "$(dirname "$0")" && pwd)"
pgn=$here/records.pgn
# shellcheck source=tests/cli/lib.sh
source "$here/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }

# "game:number:ply" of each record (input:game:number:ply with two inputs), "none" for null.
records() {
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["records"]
def s(x, key):
    return "none" if x is None else f'{x["input"]}:{x["game"]}:{x[key]}:{x["ply"]}'
out = [s(r["latest_castling"][c][d], "move_number") for c in ("white", "black") for d in ("kingside", "queenside")]
out += [s(r["shortest_mate_by_castling"], "plies"), s(r["longest_without_castling"], "plies"), s(r["most_castlings"], "castlings")]
print(" ".join(out))
PY
}

R stats --format json "$pgn" >"$tmp/one.json"
got=$(records "$tmp/one.json")
check "the records of records.pgn (got: $got)" \
  test "$got" = "1:9:20:1 1:2:2:3 1:1:5:10 1:7:7:14 1:3:1:1 1:5:6:6 1:1:4:22"
check "the mate record carries what replays it" grep -q '"moves": "O-O-O#"' "$tmp/one.json"

# --where: the games of E and of I are filtered out: the tied mate of G, no game without castling.
R stats --format json --where "white != 'E' and white != 'I'" "$pgn" >"$tmp/where.json"
got=$(records "$tmp/where.json")
check "--where filters records (got: $got)" \
  test "$got" = "1:9:20:1 1:2:2:3 1:1:5:10 1:7:7:14 1:4:1:1 none 1:1:4:22"

# Groups carry no records.
R stats --format json --by decade "$pgn" >"$tmp/by.json"
check "groups carry no records" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert "records" in d and all("records" not in v for g in d["groups"].values() for v in g.values())
' "$tmp/by.json"

for f in text md; do
  R stats --format "$f" "$pgn" >"$tmp/one.$f"
  check "the $f report has the Records section" grep -q "Records" "$tmp/one.$f"
  check "the $f report names the shortest mate by castling" grep -Eq 'Shortest mate by castling.*1 ply.*1:3.*1\. O-O-O\\?#' "$tmp/one.$f"
  check "the $f report names the longest game without castling" grep -Eq "Longest without castling.*6 plies.*1:5" "$tmp/one.$f"
done
R stats --format html "$pgn" >"$tmp/one.html"
check "the HTML report has the Records section" grep -q "<h2>Records</h2>" "$tmp/one.html"
# Each record opens its game in the report's viewer: the 7 records' games follow the listed
# games (the boards) in the viewer's data, each opened at the record's ply.
check "each record links to its game in the viewer" python3 - "$tmp/one.html" <<'PY'
import json, re, sys
html = open(sys.argv[1], encoding="utf-8").read()
boards = html.count("<figure>")
links = [int(i) for i in re.findall(r'data-game-index="(\d+)">Step through the game</a></td>', html)]
assert links == list(range(boards, boards + 7)), (boards, links)
games = json.loads(re.search(r'id="rochade-games">(.*?)</script>', html, re.S).group(1))
assert len(games) == boards + 7, len(games)
# The records' plies, in the order of the table: 1, 3, 10, 14, 1, 6, 22.
assert [g["open"] for g in games[boards:]] == [1, 3, 10, 14, 1, 6, 22], [g["open"] for g in games[boards:]]
assert games[boards + 4]["plies"][0]["san"] == "O-O-O#"
PY

# Two inputs, the second a copy: every record ties, and goes to the first input, one run and
# merged.
cp "$pgn" "$tmp/copy.pgn"
R stats --format json "$tmp/copy.pgn" "$pgn" >"$tmp/two.json"
got=$(records "$tmp/two.json")
check "ties go to the first input (got: $got)" \
  test "$got" = "1:9:20:1 1:2:2:3 1:1:5:10 1:7:7:14 1:3:1:1 1:5:6:6 1:1:4:22"
R stats --partial "$tmp/p1.json" -o "$tmp/ignored" "$tmp/copy.pgn"
R stats --partial "$tmp/p2.json" -o "$tmp/ignored" "$pgn"
for f in json text md html; do
  R stats --format "$f" "$tmp/copy.pgn" "$pgn" >"$tmp/two.$f"
  "$rochade" merge --format "$f" "$tmp/p1.json" "$tmp/p2.json" >"$tmp/merged.$f"
  check "merge --format $f == one run" cmp -s "$tmp/two.$f" "$tmp/merged.$f"
done
# The other way round: the first partial's games win.
"$rochade" merge --format json "$tmp/p2.json" "$tmp/p1.json" >"$tmp/merged21.json"
got=$(records "$tmp/merged21.json")
check "merged, ties go to the first partial's input (got: $got)" \
  test "$got" = "1:9:20:1 1:2:2:3 1:1:5:10 1:7:7:14 1:3:1:1 1:5:6:6 1:1:4:22"
check "merged, the first partial's input is records.pgn" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["inputs"][d["records"]["most_castlings"]["input"] - 1]["path"].endswith("/records.pgn")
' "$tmp/merged21.json"
echo "records_test: $passes passed, $fails failed"
((fails == 0))
