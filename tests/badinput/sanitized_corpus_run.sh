#!/bin/sh
# usage: sanitized_corpus_run.sh ROCHADE FILE...
# Runs `rochade stats` and `rochade audit` over real corpus files and fails unless both exit 0,
# stats reads every input to its end with games in each, every game replayed without errors,
# and audit's findings agree with stats: as many illegal castlings, the same number of games
# with a false repetition (at least one: these files hold known ones). Under
# ROCHADE_SANITIZE=ON any ASan/UBSan report aborts rochade (exit != 0).
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
echo "rochade stats: exit $status"
[ "$status" -eq 0 ] || exit 1
"$rochade" audit -j 2 --no-progress --format jsonl "$@" > "$out/audit.jsonl" || status=$?
echo "rochade audit: exit $status, $(wc -l < "$out/audit.jsonl") findings"
[ "$status" -eq 0 ] || exit 1
python3 - "$out/stats.json" "$out/audit.jsonl" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
findings = [json.loads(line) for line in open(sys.argv[2])]
g = s["games"]
print(f"stats: {len(s['inputs'])} inputs, {g['total']} games, {g['replayed']} replayed, "
      f"{s['illegal_castling']['total']} illegal castlings, {s['false_repetition']} games with a "
      f"false repetition")
bad = [i["path"] for i in s["inputs"] if not i["complete"] or i["games"] == 0]
assert not bad, f"inputs not read to the end, or without games: {bad}"
assert g["total"] > 0 and g["with_errors"] == 0, g
assert g["replayed"] + g["without_moves"] == g["total"], g
illegal = sum(f["kind"] == "illegal_castling" for f in findings)
assert illegal == s["illegal_castling"]["total"], (illegal, s["illegal_castling"])
rep = {(f["file"], f["game"]) for f in findings if f["kind"] == "false_repetition"}
assert len(rep) == s["false_repetition"] > 0, (len(rep), s["false_repetition"])
PY
