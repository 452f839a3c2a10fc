#!/usr/bin/env bash
# usage: man_test.sh ROCHADE MANPAGE
# The man page documents the binary at hand: every subcommand that `rochade --help` lists has
# its section (.SS rochade SUB), and every option that `rochade --help` and `rochade SUB --help`
# list is named in it. Read from --help at test time, so an option added to the program without
# a word in docs/man/rochade.1 fails here. Also: groff reads the page without a warning.
set -euo pipefail
rochade=$1 man=$2
# the page's text with roff escapes of dashes and fonts taken out
text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$man")
options() {  # the options of a help text on stdin (as the completions read them)
  awk '/^ +-/ { n = split($1, a, ","); for (i = 1; i <= n; i++) if (a[i] ~ /^-/) { sub(/[{:=\[].*/, "", a[i]); print a[i] } }'
}
named() { grep -qE -- "(^|[^a-zA-Z0-9-])$1([^a-zA-Z0-9-]|$)" <<<"$text"; }
missing=0 checked=0
subs=$("$rochade" --help | awk '/^Subcommands:/ { f = 1; next } f && /^  [a-z]/ { print $1 }')
[[ -n $subs ]] || { echo "FAIL: no subcommands in rochade --help"; exit 1; }
for opt in $("$rochade" --help | options); do
  checked=$((checked + 1))
  named "$opt" || { echo "MISSING: rochade $opt"; missing=$((missing + 1)); }
done
for sub in $subs; do
  grep -qE "^\.SS rochade $sub( |$)" "$man" || { echo "MISSING: section .SS rochade $sub"; missing=$((missing + 1)); }
  for opt in $("$rochade" "$sub" --help | options); do
    checked=$((checked + 1))
    named "$opt" || { echo "MISSING: rochade $sub $opt"; missing=$((missing + 1)); }
  done
done
echo "$(wc -w <<<"$subs") subcommands, $checked options checked, $missing missing from $man"
if command -v groff >/dev/null; then
  warnings=$(groff -man -ww -z "$man" 2>&1)
  [[ -z $warnings ]] || { echo "groff: $warnings"; exit 1; }
else
  echo "groff not installed: the page's syntax is not checked"
fi
((missing == 0 && checked > 20))
