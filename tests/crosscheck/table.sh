#!/usr/bin/env bash
# Cross-checks the per-game table (`rochade games`, games-table.md) game by game against an
# independent replay with chessops (recount/crosscheck.mjs --dump), as stats.sh does for the
# statistics.
#
#   tests/crosscheck/table.sh [--rochade PATH] [-j N] [--keep DIR] INPUT...
#
# Compared for every game (keyed by input and game number): the line, skipped variants, plies
# replayed, each colour's first castling (side, and its move number for games from the start
# position), first_castler, castling_check, mate_by_castling, whether the replay stopped early
# (error), and the tags White, Black, Event, Date, Result. Games with an illegal castling are
# compared up to it only (chessops refuses the castling and stops there; rochade plays it on).
# Exit status: 0 all equal; 1 a difference; 2 usage or run error; 77 Node or chessops missing
# (1 under CI, CI=true).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$(dirname "$here")")"
rochade="$root/build/rochade"; jobs=2; keep=""; inputs=()
while (($#)); do
  case "$1" in
    --rochade) rochade="$2"; shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
((${#inputs[@]})) || { echo "usage: tests/crosscheck/table.sh [--rochade PATH] [-j N] [--keep DIR] INPUT..." >&2; exit 2; }
skip=77; [[ ${CI:-} == true ]] && skip=1  # under CI (CI=true) what cannot be had fails the test
command -v node >/dev/null || { echo "crosscheck table: node is missing" >&2; exit $skip; }
"$here/npm_ci.sh" || { echo "crosscheck table: npm ci failed (no access to the npm registry?)" >&2; exit $skip; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out=${keep:-$tmp}; mkdir -p "$out"
echo "rochade games: $rochade games --format jsonl -j $jobs ${inputs[*]}"
"$rochade" games --format jsonl -j "$jobs" --no-progress -q "${inputs[@]}" >"$out/rochade.jsonl"
echo "chessops: node recount/crosscheck.mjs --dump -j $jobs ${inputs[*]}"
node --max-old-space-size=4096 "$here/recount/crosscheck.mjs" --dump "$out/chessops.jsonl" \
  -j "$jobs" "${inputs[@]}" >"$out/crosscheck.log" 2>&1 || true
python3 "$here/table_compare.py" "$out/rochade.jsonl" "$out/chessops.jsonl"
