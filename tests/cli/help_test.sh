#!/usr/bin/env bash
# Each subcommand's --help reads as a person expects: -o offers the file names of the formats
# that subcommand writes (stats offers no .db, which it refuses), a positional shows as its name
# in the usage line (explain's FEN, not "FEN(1x)"), and an option whose value is optional as
# --OPTION[=VALUE] (not CLI11's "--illegal-castling{any} :{...}").
#   tests/cli/help_test.sh ROCHADE
set -uo pipefail
rochade=$1
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

# The -o line of a subcommand's help (its option text, the description after it).
output_help() { "$rochade" "$1" --help | grep -E '^ +-o,--output'; }
offers() { [[ $1 == *"$2,"* || $1 == *"$2)"* ]]; }  # offers HELP_LINE .EXT
lacks() { ! offers "$@"; }
absent() { ! grep -qE -- "$1" "$2"; }  # absent REGEX FILE

for sub in stats audit find games merge; do
  "$rochade" "$sub" --help >"$tmp/$sub.help" 2>&1
  check "$sub --help: exit 0" test $? -eq 0
  # The formats the subcommand writes, from its --format line: the -o help names a file name for
  # each, and none for a format it does not write.
  formats=$(grep -oE -- '--format TEXT:\{[^}]*\}' "$tmp/$sub.help" | sed -E 's/.*\{(.*)\}/\1/' | tr , ' ')
  check "$sub --help lists its formats ($formats)" test -n "$formats"
  o=$(output_help "$sub")
  for f in text json jsonl csv tsv md html pgn sqlite; do
    case $f in text) ext=.txt ;; sqlite) ext=.db ;; *) ext=.$f ;; esac
    if [[ " $formats " == *" $f "* ]]; then
      check "$sub -o offers $ext ($o)" offers "$o" "$ext"
    else
      check "$sub -o does not offer $ext, which it refuses ($o)" lacks "$o" "$ext"
    fi
  done
  check "$sub --help: no CLI11 default of an optional value ({...} :{)" \
    absent '-[a-z-]+\{[a-z_]+\}' "$tmp/$sub.help"
  check "$sub --help: no '(1x)' in the usage" absent '\([0-9]+x\)' "$tmp/$sub.help"
done
# What each offers, and that a name it offers is taken (-o NAME without --format).
check "stats -o offers .txt .json .csv .md .html" grep -qF '(.txt, .json, .csv, .md, .html)' <<<"$(output_help stats)"
check "games -o offers .db" grep -qF '.db' <<<"$(output_help games)"
"$rochade" stats -q -o "$tmp/x.db" /dev/null 2>"$tmp/db.err"
check "stats -o x.db is refused (exit 2)" test $? -eq 2

"$rochade" explain --help >"$tmp/explain.help"
check "explain --help: usage names FEN" grep -qx 'Usage: rochade explain \[OPTIONS\] FEN' "$tmp/explain.help"
check "explain --help: no (1x)" absent '\(1x\)' "$tmp/explain.help"

check "find --help: --illegal-castling[=REASON] with its reasons" \
  grep -qE -- '^ +--illegal-castling\[=REASON\]:\{any,king_moved,' "$tmp/find.help"
check "find --help: --no-castling[=COLOUR] with its colours" \
  grep -qE -- '^ +--no-castling\[=COLOUR\]:\{white,black,both\}' "$tmp/find.help"
check "find --help: --castled takes a value (TEXT)" grep -qE -- '^ +--castled TEXT:\{white,black,both\}' "$tmp/find.help"

echo "$passes passed, $fails failed"
((fails == 0))
