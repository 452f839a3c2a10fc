#!/usr/bin/env bash
# Output is byte-identical for every thread count: stats (json), audit (jsonl and pgn) and find.
set -euo pipefail
rochade=$1; data=$2  # tests/data, or the corpus
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
inputs=("$data/masters" "$data/historical" "$data/chess960" "$data/lichess" "$data/edge/pychess")
run() {  # run NAME ARGS...: writes $tmp/NAME.jJ for each J: the output, then stderr and the status
  local name=$1 st; shift
  for j in 1 2 3 8; do
    st=0
    "$rochade" "$@" -q --no-progress -j "$j" "${inputs[@]}" >"$tmp/$name.j$j" 2>"$tmp/err" || st=$?
    # Every input is PGN (tests/data/edge/garbage is not among them): exit 0, nothing on stderr.
    if ((st != 0)) || [[ -s $tmp/err ]]; then
      echo "$name -j$j: exit $st, stderr:" >&2; head -5 "$tmp/err" >&2; exit 1
    fi
  done
  for j in 2 3 8; do
    if ! cmp -s "$tmp/$name.j1" "$tmp/$name.j$j"; then
      echo "$name: -j$j differs from -j1" >&2
      diff "$tmp/$name.j1" "$tmp/$name.j$j" | head -10 >&2
      exit 1
    fi
  done
  [[ -s $tmp/$name.j1 ]] || { echo "$name: empty output" >&2; exit 1; }
}
run stats-json stats --format json --by decade --by eco
run audit-jsonl audit --format jsonl
run audit-pgn audit --format pgn
run find find --castled=both --opposite-castling
run find-count find --kingside --count
echo "identical output for -j1, -j2, -j3, -j8"
