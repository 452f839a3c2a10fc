#!/usr/bin/env bash
# usage: completions_test.sh ROCHADE COMPLETIONS_DIR
# Each completion script parses (bash -n, zsh -n, fish -n; a shell that is not installed is
# skipped with a message), and the bash and fish ones complete for real against the binary at
# hand: subcommands, options read from --help, the values of --format.
set -euo pipefail
rochade=$1 dir=$(realpath "$2")
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
ln -s "$(realpath "$rochade")" "$bin/rochade"
export PATH="$bin:$PATH"
fail=0
bash -n "$dir/rochade.bash" && echo "bash -n: ok" || fail=1
for shell in zsh fish; do
  script=$dir/rochade.fish
  [[ $shell == zsh ]] && script=$dir/_rochade
  if command -v "$shell" >/dev/null; then
    "$shell" -n "$script" && echo "$shell -n: ok" || fail=1
  else
    echo "$shell not installed: $script not parsed (skipped)"
  fi
done

# bash: COMPREPLY for a few command lines
# shellcheck source=/dev/null
source "$dir/rochade.bash"
expect() {  # expect "WORD..." -- command words (the last one is being completed)
  local want=$1
  shift
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _rochade || true  # a failing command inside shows as a wrong COMPREPLY, not a silent exit
  for w in $want; do
    if [[ " ${COMPREPLY[*]} " != *" $w "* ]]; then
      echo "FAIL bash: '$*' completes to '${COMPREPLY[*]}', not $w"
      fail=1
      return
    fi
  done
  echo "bash: '$*' -> ${COMPREPLY[*]}"
}
expect "stats" rochade st
expect "audit explain find merge perft stats" rochade ""
expect "--format" rochade stats --fo
expect "json text" rochade stats --format ""
expect "--only --output" rochade audit --o
expect "illegal_castling" rochade audit --only ill
expect "--illegal-castling --no-castling" rochade find --
if [[ " ${COMPREPLY[*]} " == *"}"* || " ${COMPREPLY[*]} " == *" into_check"* ]]; then
  echo "FAIL bash: find's options hold a piece of a value list: ${COMPREPLY[*]}"
  fail=1
fi
# A value after '=': bash splits "--format=j" into --format, = and j (or --format and = when
# nothing follows); where COMP_WORDBREAKS has no '=', the word is "--format=j".
expect "json text" rochade stats --format =
expect "json" rochade stats --format = j
expect "--format=json" rochade stats --format=j
expect "king_moved" rochade find --illegal-castling = king
expect "--illegal-castling=king_moved" rochade find --illegal-castling=king
expect "any king_moved" rochade find --illegal-castling ""
expect "white" rochade find --no-castling = wh
# Files where a file goes (inputs, -o, an optional value's next word), none after an option
# whose value is no file. (The folder holds a file, so file completion has something to give.)
expect_none() {  # command words, as expect's
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _rochade || true
  if ((${#COMPREPLY[@]} > 0)); then
    echo "FAIL bash: '$*' completes to '${COMPREPLY[*]}', not nothing"
    fail=1
  else
    echo "bash: '$*' -> nothing"
  fi
}
cd "$bin"
touch games.pgn
expect "games.pgn" rochade stats ""
expect "games.pgn" rochade stats -o ""
expect "games.pgn" rochade stats --partial ga
expect "games.pgn" rochade find --no-castling ga
expect "games.pgn" rochade stats --output = ga
expect "--output=games.pgn" rochade stats --output=ga
expect_none rochade stats --where ""
expect_none rochade stats --where =
expect_none rochade find --where ga
expect_none rochade stats -j ""
expect_none rochade stats --max-games ""
expect_none rochade games --tag ""
expect_none rochade find --illegal-castling = ga

if command -v fish >/dev/null; then
  got=$(fish -c "source $dir/rochade.fish; complete -C 'rochade stats --for'; complete -C 'rochade merge --format '")
  for w in --format json csv; do
    grep -q "^$w\b" <<<"$got" || { echo "FAIL fish: no $w in: $got"; fail=1; }
  done
  echo "fish: completes --format and its values"
fi
exit $fail
