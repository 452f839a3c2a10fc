#!/usr/bin/env bash
# The output writer and the exit status, through the real binary (issue 12's table, row by row):
# devices, FIFOs and symbolic links are written through, never replaced; new files follow the
# umask; a path that cannot be written fails before any input is read; write errors are said and
# exit 1; a closed pipe is a quiet exit 0; -q never hides an error; a run that read nothing
# leaves an existing output alone.
#   tests/cli/output_test.sh ROCHADE SAMPLE.pgn
set -uo pipefail
rochade=$1; sample=$2
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

cp "$sample" "$tmp/games.pgn"; chmod 0644 "$tmp/games.pgn"; F=$tmp/games.pgn
R() { "$rochade" "$@" --no-progress; }

# -- A character device (made here with mknod, never the real /dev/null) is written through.
if mknod -m 666 "$tmp/null" c 1 3 2>/dev/null; then
  R stats --partial "$tmp/p.json" -o "$tmp/null" "$F" 2>"$tmp/err"; rc=$?
  check "device: exit 0 (got $rc: $(cat "$tmp/err"))" test "$rc" -eq 0
  check "device: still a character device" test -c "$tmp/null"
  check "device: no temporary file beside it" test -z "$(ls "$tmp" | grep 'null.tmp')"
  check "device: the partial was written" test -s "$tmp/p.json"
  R stats --partial "$tmp/null" -o "$tmp/null" "$F" 2>/dev/null
  check "device as --partial: still a character device" test -c "$tmp/null"
else
  echo "note: mknod not permitted; the device case is covered by /dev/null as an ordinary user"
fi

# -- The same as an ordinary user, with the real /dev/null (only read and written through).
if [[ $(id -u) -eq 0 ]] && command -v setpriv >/dev/null; then
  chmod 0755 "$tmp"; chmod 0644 "$F"
  if setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$rochade" 2>/dev/null; then
    setpriv --reuid=65534 --regid=65534 --clear-groups "$rochade" stats --no-progress \
      --partial /dev/null -o /dev/null "$F" 2>"$tmp/err"; rc=$?
    check "ordinary user, -o /dev/null: exit 0 (got $rc: $(cat "$tmp/err"))" test "$rc" -eq 0
    check "ordinary user: /dev/null is still a device" test -c /dev/null
  else
    # Under CI (CI=true) nothing may be left out (.ci/run makes its clone reachable by nobody).
    check "ordinary user: the binary is executable by nobody (not so here: case skipped)" \
      test "${CI:-}" != true
  fi
fi

# -- A FIFO: its reader gets the bytes, the FIFO stays.
mkfifo "$tmp/fifo"
cat "$tmp/fifo" > "$tmp/from-fifo" & reader=$!
timeout 60 "$rochade" stats --no-progress --format json -o "$tmp/fifo" "$F" 2>"$tmp/err"; rc=$?
wait "$reader"
check "fifo: exit 0 (got $rc)" test "$rc" -eq 0
check "fifo: still a FIFO" test -p "$tmp/fifo"
check "fifo: the reader got the JSON" grep -q '"schema"' "$tmp/from-fifo"

# -- /dev/stdout, /dev/fd/1, /dev/stderr when they are pipes: their links end in "pipe:[N]",
# which names no file; the pipe itself is written.
R stats -q --format json "$F" >"$tmp/plain.json"
for name in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
  R stats -q --format json -o "$name" "$F" 2>"$tmp/err" | cat >"$tmp/piped.json"
  rc=${PIPESTATUS[0]}
  check "-o $name on a pipe: exit 0 (got $rc: $(cat "$tmp/err"))" test "$rc" -eq 0
  check "-o $name on a pipe: the bytes of standard output" cmp -s "$tmp/plain.json" "$tmp/piped.json"
done
{ R stats -q --format json -o /dev/null --partial /dev/stderr "$F" 2>&1 >/dev/null; } | cat >"$tmp/partial.json"
check "--partial /dev/stderr on a pipe: the partial" grep -q '"schema"' "$tmp/partial.json"

# -- A symbolic link: its target is written, the link stays (also a dangling one).
echo old > "$tmp/target"; ln -s target "$tmp/link"; ln -s missing-target "$tmp/dangling"
R stats -o "$tmp/link" "$F" 2>/dev/null
check "symlink: still a link" test -L "$tmp/link"
check "symlink: target replaced by the report" grep -q castl "$tmp/target"
R stats -o "$tmp/dangling" "$F" 2>/dev/null
check "dangling symlink: still a link" test -L "$tmp/dangling"
check "dangling symlink: its target was created" test -s "$tmp/missing-target"

# -- Modes: a new file follows the umask, an existing file keeps its mode.
(umask 022 && "$rochade" stats --no-progress -o "$tmp/new.txt" "$F" 2>/dev/null)
check "umask 022: new file is 0644 (got $(stat -c %a "$tmp/new.txt"))" \
  test "$(stat -c %a "$tmp/new.txt")" = 644
(umask 077 && "$rochade" stats --no-progress -o "$tmp/new2.txt" "$F" 2>/dev/null)
check "umask 077: new file is 0600" test "$(stat -c %a "$tmp/new2.txt")" = 600
echo old > "$tmp/kept.txt"; chmod 0640 "$tmp/kept.txt"
(umask 022 && "$rochade" stats --no-progress -o "$tmp/kept.txt" "$F" 2>/dev/null)
check "existing file keeps 0640 (got $(stat -c %a "$tmp/kept.txt"))" \
  test "$(stat -c %a "$tmp/kept.txt")" = 640
check "existing file was replaced" grep -q castl "$tmp/kept.txt"

# -- A path that cannot be written fails before any input is read: the input here is a FIFO
# nobody writes to, so reading it would hang.
mkfifo "$tmp/never"
timeout 10 "$rochade" stats --no-progress -o /nonexistent/x "$tmp/never" 2>"$tmp/err"; rc=$?
check "unwritable -o: exit 1 at once (got $rc)" test "$rc" -eq 1
check "unwritable -o: says which path" grep -q "/nonexistent/x" "$tmp/err"
timeout 10 "$rochade" stats --no-progress --partial /nonexistent/p.json "$tmp/never" 2>/dev/null
rc=$?; check "unwritable --partial: exit 1 at once (got $rc)" test "$rc" -eq 1

# -- Write errors are said and change the exit status (stdout and -o alike).
if [[ -w /dev/full ]]; then
  for cmd in "stats" "audit" "find --castled=white"; do
    # shellcheck disable=SC2086
    R $cmd "$F" > /dev/full 2>"$tmp/err"; rc=$?
    check "$cmd > /dev/full: exit 1 (got $rc)" test "$rc" -eq 1
    check "$cmd > /dev/full: says so" grep -q "write error: No space left on device" "$tmp/err"
  done
  R stats -o /dev/full "$F" 2>"$tmp/err"; rc=$?
  check "-o /dev/full: exit 1" test "$rc" -eq 1
  check "-o /dev/full: still a device" test -c /dev/full
fi

# -- A closed pipe is a quiet, normal end, with or without -o -.
for out in "" "-o -"; do
  for cmd in "find" "stats" "audit --format pgn"; do
    # shellcheck disable=SC2086
    R $cmd $out "$F" 2>"$tmp/err" | head -c 10 > /dev/null; rc=${PIPESTATUS[0]}
    check "$cmd $out | head: exit 0 (got $rc)" test "$rc" -eq 0
    check "$cmd $out | head: nothing on stderr ($(head -c 200 "$tmp/err"))" test ! -s "$tmp/err"
  done
done
# A closed pipe stops the reading, whichever writer the format has (the viewer page writes its
# games itself): an endless input ends as soon as the reader has gone.
for fmt in pgn jsonl html; do
  timeout 60 bash -c "while cat '$F' 2>/dev/null; do :; done |
    '$rochade' find --castled both --format $fmt --no-progress - | head -c 10 > /dev/null"
  rc=$?
  check "endless input, find --format $fmt | head: ends, exit 0 (got $rc)" test "$rc" -eq 0
done

# -- -q hides warnings, never errors.
R stats -q "$tmp/missing.pgn" > /dev/null 2>"$tmp/err"; rc=$?
check "-q missing: exit 1" test "$rc" -eq 1
check "-q missing: the error is shown" grep -q "missing.pgn" "$tmp/err"

# -- Nothing could be read: the report is this run's (an earlier one would pass for it).
R stats -o "$tmp/kept.txt" "$F" 2>/dev/null; cp "$tmp/kept.txt" "$tmp/kept.before"
R stats -o "$tmp/kept.txt" "$tmp/misspelled.pgn" 2>"$tmp/err"; rc=$?
check "misspelled input: exit 1" test "$rc" -eq 1
check "misspelled input: the report is this run's" grep -q "misspelled.pgn" "$tmp/kept.txt"
check "misspelled input: no temporary file left" test -z "$(ls "$tmp" | grep '\.tmp-')"
R stats --format json -o "$tmp/fresh.json" "$tmp/misspelled.pgn" 2>/dev/null; rc=$?
check "misspelled input, new file: exit 1" test "$rc" -eq 1
check "misspelled input, new file: written, naming the error" grep -q "misspelled.pgn" "$tmp/fresh.json"

# -- An empty directory is an error.
mkdir "$tmp/empty"
R stats "$tmp/empty/" > /dev/null 2>"$tmp/err"; rc=$?
check "empty dir: exit 1 (got $rc)" test "$rc" -eq 1
check "empty dir: says so" grep -q "$tmp/empty/: no PGN files found" "$tmp/err"
# Beside a folder whose name starts with its name (emp, empty-not/x.pgn): still empty.
mkdir "$tmp/emp" "$tmp/empty-not"; cp "$F" "$tmp/empty-not/x.pgn"
R stats -q "$tmp/emp" "$tmp/empty-not" > /dev/null 2>"$tmp/err"; rc=$?
check "empty dir beside emp*: exit 1 (got $rc)" test "$rc" -eq 1
check "empty dir beside emp*: says so" grep -qx "rochade stats: $tmp/emp: no PGN files found" "$tmp/err"

# -- Many stretches of unreadable text: the first few, then one count.
for i in $(seq 1 40); do printf '[Event "g%d"]\n\n1. e4 e5 *\n\n\x01\x02 junk %d\n\n' "$i" "$i"; done \
  > "$tmp/junk.pgn"
R stats "$tmp/junk.pgn" > /dev/null 2>"$tmp/err"
shown=$(grep -c ": skipped text" "$tmp/err"); more=$(grep -c "and [0-9]* more in" "$tmp/err")
check "skipped text: at most 10 shown (got $shown)" test "$shown" -le 10
check "skipped text: one line counts the rest (got $more)" test "$more" -eq 1
R stats -q "$tmp/junk.pgn" > /dev/null 2>"$tmp/err"
check "skipped text: -q silences the warnings" test ! -s "$tmp/err"

# -- Options with optional values never swallow an input; --castled takes its value.
# count ARGS...: "N exit S" and stderr, of `find --count ARGS... $F`; counted() is such a line
# with a count and exit 0, nothing else.
count() { R find --count "$@" "$F" 2>&1; echo "exit $?"; }
counted() { [[ $(printf '%s\n' "$1" | head -1) =~ ^[0-9]+$ && $(printf '%s\n' "$1" | sed -n '2,$p') == "exit 0" ]]; }
a=$(count --castled=white); b=$(count --castled white)
check "--castled=white counts, exit 0 ($a)" counted "$a"
check "--castled white == --castled=white ($a vs $b)" test "$a" = "$b"
w=$(count --castled=both)
check "--castled=both counts, exit 0 ($w)" counted "$w"
check "--castled=white differs from both on the sample ($a vs $w)" test "$a" != "$w"
a=$(count --no-castling=black); b=$(count --no-castling black)
check "--no-castling=black counts, exit 0 ($a)" counted "$a"
check "--no-castling black == --no-castling=black ($a vs $b)" test "$a" = "$b"
a=$(count --no-castling=both); b=$(count --no-castling)
check "--no-castling=both counts, exit 0 ($a)" counted "$a"
check "--no-castling INPUT keeps INPUT an input ($a vs $b)" test "$a" = "$b"
R find --count --castled "$F" > "$tmp/out" 2>/dev/null; rc=$?
check "--castled without a value: exit 2 (got $rc)" test "$rc" -eq 2
check "--castled without a value: no number printed" test ! -s "$tmp/out"

# -- FILE.gz and FILE.zst are compressed as written (every subcommand); the bytes are those of
# the plain output.
R stats --format json "$F" > "$tmp/plain.json" 2>/dev/null
R stats --format json -o "$tmp/c.json.gz" "$F" 2>/dev/null
check ".gz: gzip reads back the same JSON" cmp -s <(gzip -dc "$tmp/c.json.gz") "$tmp/plain.json"
if command -v zstd >/dev/null; then
  R stats --format json -o "$tmp/c.json.ZST" "$F" 2>/dev/null
  check ".ZST: zstd reads back the same JSON" cmp -s <(zstd -dc "$tmp/c.json.ZST") "$tmp/plain.json"
fi
R audit --format jsonl "$F" > "$tmp/plain.jsonl" 2>/dev/null
R audit --format jsonl -o "$tmp/a.jsonl.gz" "$F" 2>/dev/null
check "audit .gz: the same lines" cmp -s <(gzip -dc "$tmp/a.jsonl.gz") "$tmp/plain.jsonl"
check "audit .gz: really compressed" test "$(stat -c %s "$tmp/a.jsonl.gz")" -lt "$(stat -c %s "$tmp/plain.jsonl")"

# -- --list-inputs: the files a run would read, as rochade finds them (the cluster recipes' list).
mkdir -p "$tmp/tree/sub"; cp "$F" "$tmp/tree/b.pgn"; gzip -c "$F" > "$tmp/tree/sub/a.PGN.gz"
echo notes > "$tmp/tree/notes.txt"
R stats --list-inputs "$tmp/tree" "$F" > "$tmp/list" 2>"$tmp/err"; rc=$?
check "--list-inputs: exit 0 ($(cat "$tmp/err"))" test "$rc" -eq 0
printf '%s\n' "$tmp/tree/b.pgn" "$tmp/tree/sub/a.PGN.gz" "$F" > "$tmp/list.want"
check "--list-inputs: the PGN files in path order, then the file ($(tr '\n' ' ' < "$tmp/list"))" \
  cmp -s "$tmp/list" "$tmp/list.want"
R stats --list-inputs "$tmp/nothing-here" > /dev/null 2>&1; rc=$?
check "--list-inputs of a missing path: exit 1" test "$rc" -eq 1

# -- A misspelled subcommand.
"$rochade" stat "$F" > /dev/null 2>"$tmp/err"; rc=$?
check "stat: exit 2" test "$rc" -eq 2
check "stat: did you mean stats" grep -q "unknown subcommand 'stat'; did you mean 'stats'?" "$tmp/err"

echo "$passes passed, $fails failed"
((fails == 0))
