#!/usr/bin/env bash
# One figure, one definition: every figure of the stats report in text, Markdown, HTML and CSV
# equals the one computed from the JSON document of the same run (figures_check.py, by the
# table of docs/STATS-JSON.md), every find count equals the stats count it mirrors
# (docs/CLI.md), and merged partials give the same bytes in every format as one run.
# Usage: figures_test.sh ROCHADE TESTDATA [CORPUS]
# Over crafted games (a colour that castles twice, games without moves, an error, a mate by
# castling), the real games of TESTDATA, and CORPUS/lichess where the test corpus is found.
set -uo pipefail
rochade=$1 data=$2 corpus=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"

crafted=$here/figures.pgn  # what each game is for: its Event tag

# One run in every format, and the find counts of the same inputs.
run_all() {  # DIR INPUTS...
  local out=$1; shift
  mkdir -p "$out"
  local f
  for f in json txt md html csv; do
    local fmt=$f
    [[ $f == txt ]] && fmt=text
    "$rochade" stats -q -j2 --by elo --by year --by timecontrol --by result --format "$fmt" \
      -o "$out/out.$f" "$@" || { bad "stats --format $fmt exit $?"; return; }
  done
  : >"$out/find.txt"
  for p in --no-castling --no-castling=white --no-castling=black --castled=white \
           --castled=black --castled=both --opposite-castling --same-side-castling \
           --mate-by-castling; do
    echo "$p $("$rochade" find -q "$p" --count "$@")" >>"$out/find.txt"
  done
}

check_run() {  # NAME DIR
  local log
  if log=$(python3 "$here/figures_check.py" "$2" 2>&1); then ok; else
    bad "$1: $(tail -n 20 <<<"$log")"
  fi
}

sets=("$crafted" "$crafted $data/lichess" "$crafted $data/masters $data/historical $data/chess960")
[[ -n $corpus && -d $corpus/lichess ]] && sets+=("$corpus/lichess")
i=0
for set in "${sets[@]}"; do
  i=$((i + 1))
  # shellcheck disable=SC2086  # a set is a list of paths without spaces
  run_all "$tmp/one$i" $set
  check_run "set $i ($set)" "$tmp/one$i"
done

# The crafted games alone: what the figures must be, independently of the checker.
j=$tmp/one1/out.json
check "crafted: white castled again once" \
  python3 -c "import json,sys; d=json.load(open('$j')); sys.exit(not (d['castling']['white']['castled_again']==1 and d['castling']['black']['castled_again']==1 and d['games']['without_moves']==2 and d['castling']['games_analysed']==3 and d['castling']['checkmate']==1))"
check "crafted: white's first castlings are shares of the 3 games analysed, its again apart" \
  grep -Eq '^  white +2 +66\.7% +1 +33\.3% +0 +0\.0% +1 +4$' "$tmp/one1/out.txt"
check "crafted: the 2000-2199 row counts the games with moves, beside those without" \
  grep -Eq '^  2000-2199 +2 +2 +100\.0% ' "$tmp/one1/out.txt"

# Merged partials equal one run, byte for byte, in every format.
# shellcheck disable=SC2206
inputs=($crafted $(find "$data/lichess" -name '*.pgn' | sort))
parts=()
for k in 0 1; do
  sel=()
  for ((n = k; n < ${#inputs[@]}; n += 2)); do sel+=("${inputs[n]}"); done
  "$rochade" stats -q --by elo --by year --by timecontrol --by result \
    --partial "$tmp/p$k.json" -o /dev/null "${sel[@]}"
  parts+=("$tmp/p$k.json")
done
ordered=()
for k in 0 1; do for ((n = k; n < ${#inputs[@]}; n += 2)); do ordered+=("${inputs[n]}"); done; done
run_all "$tmp/whole" "${ordered[@]}"
mkdir -p "$tmp/merged"
for f in json txt md html csv; do
  fmt=$f
  [[ $f == txt ]] && fmt=text
  "$rochade" merge --format "$fmt" -o "$tmp/merged/out.$f" "${parts[@]}"
  check "merge --format $fmt equals one run" cmp -s "$tmp/merged/out.$f" "$tmp/whole/out.$f"
done
cp "$tmp/whole/find.txt" "$tmp/merged/find.txt"
check_run "merged" "$tmp/merged"
echo "figures_test: $passes passed, $fails failed"
((fails == 0))
