#!/usr/bin/env bash
# The games `stats` lists (the first illegal castlings, mates by castling) carry the numbers that
# `audit` gives the same games, at every -j. `stats` replays each piece of input before the pieces
# before it are counted and numbers the games it lists after the run; `audit` numbers every game
# in input order first. The input: the Lichess sample of tests/data twenty times, with a game of
# two illegal castlings after each copy: 40 findings, six or more pieces of 64 KiB apart, of which
# the report lists the first 24.
#   tests/cli/highlights_test.sh ROCHADE DATA_DIR ILLEGAL_PGN
set -uo pipefail
rochade=$1; data=$2; illegal=$3
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }

in=$tmp/many.pgn
for _ in $(seq 20); do
  for f in "$data"/lichess/*.pgn; do cat "$f"; echo; done
  cat "$illegal"; echo
done >"$in"

R audit --format jsonl "$in" >"$tmp/audit.jsonl"
python3 - "$tmp/audit.jsonl" >"$tmp/want" <<'PY'
import json, sys
found = sorted((f["game"], f["ply"]) for f in map(json.loads, open(sys.argv[1]))
               if f["kind"] == "illegal_castling")
print(len(found))
for game, ply in found[:24]:
    print(game, ply)
PY
check "audit finds the 40 illegal castlings (got $(head -1 "$tmp/want"))" test "$(head -1 "$tmp/want")" -eq 40

for j in 1 2 3 8; do
  R stats --format json -j"$j" "$in" >"$tmp/s$j.json"
  python3 - "$tmp/s$j.json" "$(head -1 "$tmp/want")" >"$tmp/got$j" <<'PY'
import json, sys
listed = [(h["game"], h["ply"]) for h in json.load(open(sys.argv[1]))["highlights"]
          if h["kind"] == "illegal_castling"]
print(sys.argv[2])
for game, ply in sorted(listed):
    print(game, ply)
PY
  check "-j$j: the listed illegal castlings are audit's first 24, with its game numbers" \
    cmp -s "$tmp/want" "$tmp/got$j"
  check "-j$j: the same report as -j1" cmp -s "$tmp/s1.json" "$tmp/s$j.json"
done
check "the games listed are far apart" test "$(sed -n '25p' "$tmp/want" | cut -d' ' -f1)" -gt 1000

echo "highlights_test: $passes passed, $fails failed"
((fails == 0))
