#!/usr/bin/env bash
# The castling records (docs/STATS-JSON.md, "records") against an independent computation with
# chessops (recount/castling_records.mjs): rochade's one run over the INPUTs, and the merge of its
# partials over the same files split in 2 and in 3 parts, which must also equal the one run byte
# for byte (JSON, text, Markdown, HTML). The INPUTs must hold no illegal castling (chessops
# cannot replay past one).
#   tests/crosscheck/records_test.sh ROCHADE INPUT...
# Exit status 77 (ctest: skipped) where Node or chessops cannot be had (1 under CI, CI=true).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rochade=$1; shift
skip=77; [[ ${CI:-} == true ]] && skip=1
command -v node >/dev/null || { echo "records_test: node is missing" >&2; exit $skip; }
"$here/npm_ci.sh" || { echo "records_test: npm ci failed (no access to the npm registry?)" >&2; exit $skip; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
R() { "$rochade" "$@" --no-progress -q; }
ref() { node "$here/recount/castling_records.mjs" --rochade-json "$@" || bad "records of $1 differ from chessops'"; }

R stats --format json -j 2 "$@" >"$tmp/one.json" || { echo "records_test: rochade stats failed" >&2; exit 2; }
ref "$tmp/one.json" "$@"
# The files as rochade read them (directories searched), in its order.
mapfile -t files < <(python3 -c 'import json,sys; [print(i["path"]) for i in json.load(open(sys.argv[1]))["inputs"]]' "$tmp/one.json")
((${#files[@]} >= 3)) || { echo "records_test: fewer than 3 files" >&2; exit 2; }
for f in text md html; do R stats --format "$f" -j 2 "${files[@]}" >"$tmp/one.$f"; done
for k in 2 3; do
  partials=()
  n=${#files[@]}
  for ((p = 0; p < k; p++)); do
    lo=$((p * n / k)); hi=$(((p + 1) * n / k))
    R stats -j 2 --partial "$tmp/p$k-$p.json" -o "$tmp/ignored" "${files[@]:lo:hi-lo}" ||
      bad "partial $p of $k failed"
    partials+=("$tmp/p$k-$p.json")
  done
  for f in json text md html; do
    "$rochade" merge --format "$f" "${partials[@]}" >"$tmp/merged$k.$f" || bad "merge of $k failed"
    cmp -s "$tmp/one.$f" "$tmp/merged$k.$f" || bad "merge of $k partials --format $f != one run"
  done
  ref "$tmp/merged$k.json" "${files[@]}"
done
grep -q '"records": {' "$tmp/one.json" || bad "no records in the document"
((fails == 0)) || { echo "records_test: $fails failure(s)" >&2; exit 1; }
echo "records_test: the records equal chessops', one run and merged from 2 and 3 parts"
