#!/usr/bin/env bash
# audit --format pgn --all (issue 15): every game written, in input order, the same for every -j;
# the games with a finding carry the [Rochade] tag and a comment; read again, the annotated file
# has the same games and the same findings (the comments change nothing).
#   tests/cli/audit_all_test.sh ROCHADE INPUT...
set -uo pipefail
rochade=$1; shift
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }
total() { R stats --format json "$@" | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"]["total"])'; }

R audit --format pgn --all -j1 "$@" >"$tmp/all1.pgn"; rc=$?
check "exit 0 (got $rc)" test "$rc" -eq 0
R audit --format pgn --all -j3 "$@" >"$tmp/all3.pgn"
check "-j3 == -j1" cmp -s "$tmp/all1.pgn" "$tmp/all3.pgn"
check "every game written" test "$(total "$tmp/all1.pgn")" -eq "$(total "$@")"
flagged=$(R audit --format pgn "$@" | grep -c '^\[Rochade ')
check "the flagged games are tagged ($flagged)" test "$(grep -c '^\[Rochade ' "$tmp/all1.pgn")" -eq "$flagged"
check "some game is flagged" test "$flagged" -gt 0
R audit --format jsonl "$@" | python3 -c 'import json,sys; [print(d["kind"], d["game"], d["ply"], d["san"]) for d in map(json.loads, sys.stdin)]' >"$tmp/before"
R audit --format jsonl "$tmp/all1.pgn" | python3 -c 'import json,sys; [print(d["kind"], d["game"], d["ply"], d["san"]) for d in map(json.loads, sys.stdin)]' >"$tmp/after"
# Game numbers run on across inputs in the annotated file: compare without them.
check "read again: the same findings" cmp -s <(cut -d' ' -f1,3,4 "$tmp/before") <(cut -d' ' -f1,3,4 "$tmp/after")
"$rochade" audit --all "$@" >/dev/null 2>&1; rc=$?
check "--all without --format pgn: exit 2 (got $rc)" test "$rc" -eq 2

echo "audit_all_test: $passes passed, $fails failed"
((fails == 0))
