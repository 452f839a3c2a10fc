#!/usr/bin/env bash
# The castling verdicts of the differential test against chessops: test_analysis runs the
# differential's default cases ("[differential]~[slow]": random positions, standard and Chess960,
# from fixed seeds; positions of the real games of tests/data) and writes every 10th position
# with rochade's four verdicts (ROCHADE_CASTLING_SAMPLE); tests/analysis/castling_chessops.mjs
# has chessops judge each castling of each position. Any disagreement fails; so does a sample of
# fewer than 8,000 positions.
#   tests/crosscheck/castling_test.sh TEST_ANALYSIS
# Exit status 77 (ctest: skipped) where Node or chessops cannot be had (1 under CI, CI=true).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
test_analysis=$1
skip=77; [[ ${CI:-} == true ]] && skip=1
command -v node >/dev/null || { echo "castling_test: node is missing" >&2; exit $skip; }
"$here/npm_ci.sh" || { echo "castling_test: npm ci failed (no access to the npm registry?)" >&2; exit $skip; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ROCHADE_CASTLING_SAMPLE=$tmp/sample.tsv "$test_analysis" "[differential]~[slow]" >"$tmp/out" 2>&1 ||
  { cat "$tmp/out"; echo "castling_test: the differential test failed" >&2; exit 1; }
n=$(wc -l <"$tmp/sample.tsv")
((n >= 8000)) || { echo "castling_test: only $n positions in the sample" >&2; exit 1; }
NODE_PATH=$here/recount/node_modules node "$(dirname "$here")/analysis/castling_chessops.mjs" \
  "$tmp/sample.tsv"
