#!/usr/bin/env bash
# An input whose reading fails inside a game (a cut download) in every compression and archive
# format, made with the real tools: the game the fault cuts is counted apart (games.cut_off) and
# named in the input's error, its games-table row says cut_off, nothing else of it is counted,
# and the games before it are exactly those of the complete games' text; the same for -j1 and
# -j2. What was decoded of each cut file comes from the format's own decoder (Python's zlib, bz2,
# lzma, the zstd tool), not from rochade. And an empty file named as compressed data or an
# archive (a failed download) is an error of that input, not 0 games.
#   tests/cli/cut_test.sh ROCHADE SAMPLE (data/sample.pgn.zst)
set -uo pipefail
rochade=$1; sample=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

# The sample's 1,554 games (Lichess, TWIC, castling incidents; 2 MB), as each format's own tool
# packs them. Big enough that bzip2's blocks of 100 kB end inside some game's moves.
zstd -q -dc "$sample" >"$tmp/g.pgn" || { echo "cannot decompress $sample" >&2; exit 1; }
(
  cd "$tmp" || exit 1
  gzip -6 -n -c g.pgn >g.pgn.gz
  zstd -q -3 -c g.pgn >g.pgn.zst
  bzip2 -1 -c g.pgn >g.pgn.bz2  # blocks of 100 kB: a cut keeps the blocks before it
  xz -6 -c g.pgn >g.pgn.xz
  zip -q g.zip g.pgn
  tar cf g.tar g.pgn
  tar czf g.tar.gz g.pgn
  7z a -bd -bso0 -bsp0 g.7z g.pgn
) || { echo "cannot make the archives" >&2; exit 1; }

# What the format's decoder gives of a file cut at N bytes: the text of g.pgn before the cut.
prefix() {  # FORMAT CUT_FILE OUT
  if [[ $1 == zst ]]; then zstd -q -dc "$2" >"$3" 2>/dev/null; return 0; fi
  python3 - "$@" <<'PY'
import bz2, lzma, struct, sys, zlib
fmt, path, out = sys.argv[1:]
raw = open(path, "rb").read()
def inflate(data, wbits):
    try:
        return zlib.decompressobj(wbits).decompress(data)
    except zlib.error:
        return b""
if fmt == "gz":
    text = inflate(raw, 16 + 15)
elif fmt == "bz2":
    text = bz2.BZ2Decompressor().decompress(raw)
elif fmt == "xz":
    text = lzma.LZMADecompressor().decompress(raw)
elif fmt == "zip":  # the one member's local header, then its raw deflate data
    name_len, extra_len = struct.unpack("<HH", raw[26:30])
    text = inflate(raw[30 + name_len + extra_len:], -15)
elif fmt == "tar":  # the one member's 512-byte header, then its bytes
    text = raw[512:]
elif fmt == "tar.gz":
    text = inflate(raw, 16 + 15)[512:]
open(out, "wb").write(text)
PY
}

# The cut is moved on until the decoded text ends inside a game's moves (after its tags, before
# its result): then that game, and only it, is cut. Prints the number and first line of the cut
# game, and writes the text of the whole games before it to BEFORE.
cut_inside_a_game() {  # FORMAT FILE CUT_FILE BEFORE
  local fmt=$1 file=$2 cut=$3 before=$4 size at
  size=$(stat -c %s "$file")
  for ((at = size / 2; at < size * 9 / 10; at += 997)); do
    head -c "$at" "$file" >"$cut"
    prefix "$fmt" "$cut" "$tmp/prefix.txt"
    if python3 - "$tmp/prefix.txt" "$tmp/g.pgn" "$before" <<'PY'; then return 0; fi
import re, sys
text, whole = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
assert whole.startswith(text)  # a true prefix of the games
starts = [m.start() for m in re.finditer(rb"^\[Event ", text, re.M)]
if not starts:
    sys.exit(1)
last = starts[-1]
game = text[last:]
if b"\n\n" not in game:  # still in its tags
    sys.exit(1)
moves = game.split(b"\n\n", 1)[1]
if not moves.strip() or re.search(rb"(1-0|0-1|1/2-1/2|\*)\s*$", moves):
    sys.exit(1)  # no move yet, or the game is whole
open(sys.argv[3], "wb").write(text[:last])
print(len(starts), text[:last].count(b"\n") + 1)
PY
  done
  return 1
}

for fmt in gz zst bz2 xz zip tar tar.gz; do
  case $fmt in
    zip | tar | tar.gz) file=$tmp/g.$fmt; input=$tmp/cut-g.$fmt:g.pgn ;;
    *) file=$tmp/g.pgn.$fmt; input=$tmp/cut-g.pgn.$fmt ;;
  esac
  cut=$tmp/cut-$(basename "$file")
  if ! where=$(cut_inside_a_game "$fmt" "$file" "$cut" "$tmp/before.pgn"); then
    bad "$fmt: no cut inside a game's moves found"
    continue
  fi
  read -r n line <<<"$where"
  for j in 1 2; do
    R stats --format json -j$j "$cut" >"$tmp/cut-$j.json" 2>"$tmp/err-$j.txt"
    echo $? >"$tmp/rc-$j"
    R games -j$j "$cut" >"$tmp/cut-$j.csv" 2>/dev/null
  done
  R stats -q --format json "$tmp/before.pgn" >"$tmp/before.json"
  check "$fmt: exit status 1" test "$(cat "$tmp/rc-1")" -eq 1
  check "$fmt: the error names the cut game (game $n, from line $line)" \
    grep -Fq "$input: " "$tmp/err-1.txt"
  check "$fmt: ... game $n, from line $line, cut off" \
    grep -Eq "the last game \(game $n, from line $line\) is cut off" "$tmp/err-1.txt"
  check "$fmt: the JSON's input error says it too" \
    test "$(json "$tmp/cut-1.json" '"game '"$n"', from line '"$line"') is cut off" in d["inputs"][0]["error"]')" = True
  check "$fmt: cut_off 1, total $n" \
    test "$(json "$tmp/cut-1.json" '(d["games"]["cut_off"], d["games"]["total"])')" = "(1, $n)"
  check "$fmt: every other count is that of the $((n - 1)) whole games before it" \
    python3 - "$tmp/cut-1.json" "$tmp/before.json" <<'PY'
import json, sys
cut, before = (json.load(open(p)) for p in sys.argv[1:])
g, b = dict(cut["games"]), before["games"]
assert g.pop("cut_off") == 1 and b["cut_off"] == 0
g["total"] -= 1
assert g == {k: v for k, v in b.items() if k != "cut_off"}, (g, b)
for key in ("castling", "results", "illegal_castling", "annotation_mismatch", "false_repetition"):
    assert cut[key] == before[key], key
PY
  check "$fmt: the games table's row $n says cut_off, the rows before are the whole games'" \
    python3 - "$tmp/cut-1.csv" "$n" "$rochade" "$tmp/before.pgn" <<'PY'
import csv, io, subprocess, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
n = int(sys.argv[2])
assert len(rows) == n, len(rows)
assert rows[-1]["error"] == "cut_off" and rows[-1]["game"] == str(n), rows[-1]
assert all(r["error"] != "cut_off" for r in rows[:-1])
whole = subprocess.run([sys.argv[3], "games", "--no-progress", sys.argv[4]], capture_output=True,
                       text=True, encoding="utf-8").stdout
strip = lambda r: {k: v for k, v in r.items() if k != "input"}
assert [strip(r) for r in rows[:-1]] == [strip(r) for r in csv.DictReader(io.StringIO(whole))]
PY
  check "$fmt: -j1 and -j2 the same (exit status, JSON, table, stderr)" \
    bash -c "cmp -s '$tmp/rc-1' '$tmp/rc-2' && cmp -s '$tmp/cut-1.json' '$tmp/cut-2.json' &&
             cmp -s '$tmp/cut-1.csv' '$tmp/cut-2.csv' && cmp -s '$tmp/err-1.txt' '$tmp/err-2.txt'"
  check "$fmt: find lists no game after game $((n - 1))" \
    test "$(R find -q --format csv --where "game >= $n" "$cut" 2>/dev/null | tail -n +2 | wc -l)" -eq 0
  check "$fmt: find --no-castling counts as on the whole games" \
    test "$(R find -q --no-castling --count "$cut" 2>/dev/null)" = "$(R find -q --no-castling --count "$tmp/before.pgn")"
  check "$fmt: audit reports nothing of game $n" \
    bash -c "! '$rochade' audit --no-progress -q --format jsonl '$cut' 2>/dev/null | grep -q '\"game\": $n,'"
done

# 7z keeps its index at its end: a 7z cut anywhere has no member to read, so no game to cut.
head -c $(($(stat -c %s "$tmp/g.7z") / 2)) "$tmp/g.7z" >"$tmp/cut-g.7z"
R stats --format json "$tmp/cut-g.7z" >"$tmp/7z.json" 2>"$tmp/7z.err"
check "7z: cut, exit status 1" test $? -eq 1
check "7z: cut, an error of the archive" grep -Fq "cut-g.7z: " "$tmp/7z.err"
check "7z: cut, no game and nothing cut off" \
  test "$(json "$tmp/7z.json" '(d["games"]["total"], d["games"]["cut_off"])')" = "(0, 0)"

# A text cut exactly after a game's result: no game is cut, none is counted apart.
python3 - "$tmp/g.pgn" "$tmp/whole.pgn" <<'PY'
import sys
text = open(sys.argv[1], "rb").read()
end = text.index(b"\n[Event ", len(text) // 2)  # the blank line after a game's result
open(sys.argv[2], "wb").write(text[:end])
PY
gzip -n -c "$tmp/whole.pgn" | head -c -4 >"$tmp/whole-cut.pgn.gz"  # its length field cut
R stats --format json "$tmp/whole-cut.pgn.gz" >"$tmp/whole.json" 2>"$tmp/whole.err"
check "cut after a result: exit status 1" test $? -eq 1
check "cut after a result: nothing cut off, every game counted" \
  test "$(json "$tmp/whole.json" '(d["games"]["cut_off"], d["games"]["total"])')" = "(0, $(grep -c '^\[Event ' "$tmp/whole.pgn"))"
check "cut after a result: the error names no game" bash -c "! grep -q 'cut off' '$tmp/whole.err'"

# --- empty files named as compressed data or archives -------------------------------------------
mkdir -p "$tmp/empty"
for name in x.pgn.gz x.pgn.zst x.pgn.bz2 x.pgn.xz x.zip x.7z x.tar x.tar.gz x.tgz X.PGN.ZST; do
  : >"$tmp/empty/$name"
  R stats --format json "$tmp/empty/$name" >"$tmp/e.json" 2>"$tmp/e.err"
  check "empty $name: exit status 1" test $? -eq 1
  check "empty $name: named, with what its name says" \
    grep -Eq "$name: empty file \(0 bytes\), but its name says (gzip|zstd|bzip2|xz) data|$name: empty file \(0 bytes\), but its name says an? (ZIP|7z|tar) archive" "$tmp/e.err"
  check "empty $name: incomplete in the JSON" test "$(json "$tmp/e.json" 'd["inputs"][0]["complete"]')" = False
  rm "$tmp/empty/$name"
done
: >"$tmp/empty/x.pgn.gz"
R stats -q "$tmp/empty" >/dev/null 2>"$tmp/e.err"
check "empty x.pgn.gz found in a directory: exit status 1" test $? -eq 1
: >"$tmp/empty.pgn"
check "an empty x.pgn: 0 games, exit status 0" bash -c "'$rochade' stats -q --no-progress '$tmp/empty.pgn' >/dev/null"
check "empty standard input: 0 games, exit status 0" bash -c "'$rochade' stats -q --no-progress - </dev/null >/dev/null"

echo "$passes passed, $fails failed"
[[ $fails -eq 0 ]]
