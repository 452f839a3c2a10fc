#!/bin/sh
# usage: sanitized_corpus_run.sh ROCHADE FILE...
# Runs `rochade stats` and `rochade audit` over real corpus files and fails unless both exit 0
# and produce output. Under ROCHADE_SANITIZE=ON any ASan/UBSan report aborts rochade (exit != 0).
# Exit 77 (skipped) when a corpus file is missing.
set -u
rochade=$1
shift
for f in "$@"; do
  [ -r "$f" ] || { echo "sanitized_corpus_run: no $f: skipped"; exit 77; }
done
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
"$rochade" stats -j 2 --no-progress --format json "$@" > "$out/stats.json" || status=$?
echo "rochade stats: exit $status, $(grep -c '"complete": true' "$out/stats.json") inputs complete"
[ "$status" -eq 0 ] || exit 1
"$rochade" audit -j 2 --no-progress --format jsonl "$@" > "$out/audit.jsonl" || status=$?
echo "rochade audit: exit $status, $(wc -l < "$out/audit.jsonl") findings"
[ "$status" -eq 0 ] || exit 1
grep -q '"kind":"false_repetition"' "$out/audit.jsonl" || { echo "no finding reported"; exit 1; }
