#!/usr/bin/env bash
# merge == one run, byte for byte, in every format (cli.md v2): partials of parts of tests/data
# merged give what one run over the same inputs in the same order prints, the listed games (mates
# by castling, illegal castlings) and their input numbers included, and in the HTML report the
# viewer of the listed games, replayed from the moves the partials carry (stats-json.md v1.3);
# --where and --by travel in the partials; merge refuses (exit 2) a partial given twice, a copy of
# a partial, partials made with different --by or --where, more than one partial when any was
# made with --dedup or --max-games (stats-json.md v1.4; one such partial alone is its run), and
# sums above 2^63-1; stats refuses (exit 2) -o and --partial naming one file.
#   tests/cli/merge_test.sh ROCHADE DATA_DIR CROSSCHECK_PGN
set -uo pipefail
rochade=$1; data=$2; illegal=$3
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
R() { "$rochade" "$@" --no-progress -q; }
M() { "$rochade" merge "$@"; }

parts=("$data/masters" "$data/historical" "$illegal" "$data/lichess")
for opts in "--by decade --by elo" "--by timecontrol --where setup=0" ""; do
  read -ra o <<<"$opts"
  partials=()
  for i in "${!parts[@]}"; do
    R stats "${o[@]}" -j2 --partial "$tmp/p$i.json" -o "$tmp/ignored.txt" "${parts[$i]}"
    partials+=("$tmp/p$i.json")
  done
  for f in text json csv md html; do
    R stats "${o[@]}" -j3 --format "$f" "${parts[@]}" >"$tmp/one.$f"
    M --format "$f" "${partials[@]}" >"$tmp/merged.$f"; rc=$?
    check "merge ($opts) --format $f: exit 0 (got $rc)" test "$rc" -eq 0
    check "merge ($opts) --format $f == one run" cmp -s "$tmp/one.$f" "$tmp/merged.$f"
  done
  # A merge of merges is a partial too.
  M --format json "$tmp/p0.json" "$tmp/p1.json" >"$tmp/m01.json"
  M --format json "$tmp/p2.json" "$tmp/p3.json" >"$tmp/m23.json"
  M --format json "$tmp/m01.json" "$tmp/m23.json" >"$tmp/mm.json"
  check "merge of merges ($opts) == one run" cmp -s "$tmp/one.json" "$tmp/mm.json"
done
check "the listed games travel: mates by castling in the merged report" grep -q "Mates by castling" "$tmp/merged.text"
check "the listed games travel: illegal castlings in the merged report" grep -q "Illegal castlings, first games" "$tmp/merged.text"
check "the report says how many it lists" grep -Eq "All [0-9]+, in input order|The first [0-9]+ of" "$tmp/merged.text"
check "the highlights are in the JSON" grep -q '"highlights"' "$tmp/merged.json"
# v1.3: the listed games carry their moves, so the merged HTML report has the viewer of one run
# (the cmp above): each listed game replayed, the mates opened at O-O# / O-O-O#.
check "the listed games' moves are in the JSON" grep -q '"moves": "[^"]*O-O' "$tmp/merged.json"
check "the merged HTML report has the listed games' viewer" grep -q 'id="rochade-games"' "$tmp/merged.html"
check "each listed board links to the viewer" test "$(grep -o 'data-game-index="[0-9]*">Step through the game</a></figcaption>' "$tmp/merged.html" | wc -l)" -eq \
  "$(grep -c '<figure>' "$tmp/merged.html")"
check "each castling record links to the viewer" test "$(grep -o 'data-game-index="[0-9]*">Step through the game</a></td>' "$tmp/merged.html" | wc -l)" -eq 7
check "the mates by castling are in the viewer, replayed" grep -q '"san":"O-O-O#","fen":"' "$tmp/merged.html"

# One reading of tag text: a byte that is no UTF-8 (a C1 control read as Latin-1) in otherwise
# UTF-8 tags of a listed game is the same character in one run's reports and in those printed
# from its partial (it was U+FFFD in the run's HTML, U+0082 in the merged one); the same for the
# fuzz input that found it (tests/fuzz/regressions/replay, without its option byte).
printf '[Event "Caf\xc3\xa9 \x82 open"]\n[White "M\x82ller"]\n[Black "\xc3\x89l\x9f"]\n[Result "*"]\n[FEN "8/8/8/N3B3/8/6NP/3P1Pk1/R3K2R w KQ - 0 1"]\n[SetUp "1"]\n\n1. f3 Kxf3 2. O-O# *\n' >"$tmp/c1.pgn"
tail -c +2 "$(dirname "$0")/../fuzz/regressions/replay/merge-html-c1-byte-in-utf8.pgn" >"$tmp/c1-fuzz.pgn"
for pgn in c1 c1-fuzz; do
  R stats --by event --partial "$tmp/$pgn.json" -o "$tmp/ignored.txt" "$tmp/$pgn.pgn"
  for f in text json csv md html; do
    R stats --by event --format "$f" "$tmp/$pgn.pgn" >"$tmp/$pgn-one.$f"
    M --format "$f" "$tmp/$pgn.json" >"$tmp/$pgn-merged.$f"
    check "$pgn.pgn, a C1 byte in UTF-8 tags: merge --format $f == one run" \
      cmp -s "$tmp/$pgn-one.$f" "$tmp/$pgn-merged.$f"
  done
done
check "c1.pgn: the game is listed in the report" grep -q "M[^ ]*ller" "$tmp/c1-one.html"

R stats --by decade --partial "$tmp/a.json" -o "$tmp/x.txt" "${parts[0]}"
R stats --by elo --partial "$tmp/b.json" -o "$tmp/x.txt" "${parts[1]}"
R stats --by decade --where "year > 1900" --partial "$tmp/c.json" -o "$tmp/x.txt" "${parts[1]}"
R stats --by decade --partial "$tmp/d.json" -o "$tmp/x.txt" "${parts[1]}"
cp "$tmp/a.json" "$tmp/a-copy.json"
expect2() {
  local what=$1; shift
  "$rochade" merge "$@" -o "$tmp/refused.txt" 2>"$tmp/err"; local rc=$?
  check "$what: exit 2 (got $rc)" test "$rc" -eq 2
  check "$what: says why" test -s "$tmp/err"
  check "$what: writes nothing" test ! -e "$tmp/refused.txt"
}
expect2 "the same partial twice" "$tmp/a.json" "$tmp/a.json"
expect2 "a copy of a partial" "$tmp/a.json" "$tmp/a-copy.json"
expect2 "different --by" "$tmp/a.json" "$tmp/b.json"
expect2 "different --where" "$tmp/a.json" "$tmp/c.json"
# One file named two ways by two runs ("./masters" and "masters//"): its games would count twice.
name=$(basename "$data")
(cd "$data/.." && R stats --by decade --partial "$tmp/n1.json" -o /dev/null "$name/masters" &&
  R stats --by decade --partial "$tmp/n2.json" -o /dev/null "./$name//masters")
expect2 "one input named two ways by two partials" "$tmp/n1.json" "$tmp/n2.json"
M "$tmp/a.json" "$tmp/d.json" >/dev/null; rc=$?
check "the same --by, different inputs: exit 0 (got $rc)" test "$rc" -eq 0
says() { check "$1: the message says '$2'" grep -q -- "$2" "$tmp/err"; }

# --dedup and --max-games: no merge can know the duplicates across two runs, nor where N games in
# all would have stopped. A file and its copy: one --dedup run finds duplicates, so two --dedup
# partials added would miss them.
cp "$illegal" "$tmp/copy.pgn"
R stats --dedup --format json "$illegal" "$tmp/copy.pgn" >"$tmp/dedup-one.json"
check "one --dedup run over a file and its copy finds duplicates" \
  grep -Eq '"duplicates": [1-9]' "$tmp/dedup-one.json"
R stats --dedup --partial "$tmp/dd1.json" -o "$tmp/x.txt" "$illegal"
R stats --dedup --partial "$tmp/dd2.json" -o "$tmp/x.txt" "$tmp/copy.pgn"
R stats --partial "$tmp/plain2.json" -o "$tmp/x.txt" "$tmp/copy.pgn"
R stats --max-games 3 --partial "$tmp/mg1.json" -o "$tmp/x.txt" "$illegal"
expect2 "two --dedup partials" "$tmp/dd1.json" "$tmp/dd2.json"
says "two --dedup partials" "dd1.json was made with --dedup, which cannot be merged"
says "two --dedup partials" "Run rochade stats --dedup as one run"
expect2 "a plain partial and a --dedup one" "$tmp/plain2.json" "$tmp/dd1.json"
says "a plain partial and a --dedup one" "dd1.json was made with --dedup"
expect2 "a --max-games partial and a plain one" "$tmp/mg1.json" "$tmp/plain2.json"
says "a --max-games partial and a plain one" "mg1.json was made with --max-games 3, which cannot"
for opt in --dedup "--max-games 3"; do
  read -ra o <<<"$opt"
  p=$tmp/dd1.json; [[ $opt == --dedup ]] || p=$tmp/mg1.json
  for f in text json; do
    R stats "${o[@]}" --format "$f" "$illegal" >"$tmp/alone-one.$f"
    M --format "$f" "$p" >"$tmp/alone-merged.$f"; rc=$?
    check "one $opt partial alone: exit 0 (got $rc)" test "$rc" -eq 0
    check "one $opt partial alone --format $f == its run" \
      cmp -s "$tmp/alone-one.$f" "$tmp/alone-merged.$f"
  done
done
check "the partial says --dedup" grep -q '"dedup": true' "$tmp/dd1.json"
check "the partial says --max-games" grep -q '"max_games": 3,' "$tmp/mg1.json"

# Sums above what a partial may hold (2^63-1, the reader's limit) are refused, never wrapped.
big='0,/"total": [0-9]*/s//"total": 9223372036854775807/'
for i in 0 1 2; do sed "$big" "$tmp/p$i.json" >"$tmp/big$i.json"; done
M "$tmp/big0.json" >/dev/null; rc=$?
check "one partial holding 2^63-1: exit 0 (got $rc)" test "$rc" -eq 0
expect2 "three partials holding 2^63-1" "$tmp/big0.json" "$tmp/big1.json" "$tmp/big2.json"
says "three partials holding 2^63-1" "big1.json: added to the partials before it, a count exceeds"

# stats -o and --partial naming one file: refused before anything is read, the file untouched.
clash() {
  local what=$1; shift
  "$rochade" stats "$@" --no-progress -q "$illegal" 2>"$tmp/err"; local rc=$?
  check "$what: exit 2 (got $rc)" test "$rc" -eq 2
  says "$what" "name the same file"
}
clash "-o and --partial, one new file" -o "$tmp/same.txt" --partial "$tmp/same.txt"
check "-o and --partial, one new file: not created" test ! -e "$tmp/same.txt"
clash "-o and --partial, one path spelled two ways" -o "$tmp/same.txt" --partial "$tmp/./same.txt"
echo kept >"$tmp/kept.txt"
ln "$tmp/kept.txt" "$tmp/hard.txt"
ln -s "$tmp/kept.txt" "$tmp/sym.txt"
clash "-o and --partial, a hard link" -o "$tmp/kept.txt" --partial "$tmp/hard.txt"
clash "-o and --partial, a symbolic link" -o "$tmp/sym.txt" --partial "$tmp/kept.txt"
check "-o and --partial, an existing file: untouched" test "$(cat "$tmp/kept.txt")" = kept
R stats -o - --partial "$tmp/stdout.json" "$illegal" >/dev/null; rc=$?
check "-o - and --partial FILE: exit 0 (got $rc)" test "$rc" -eq 0
R stats -o /dev/null --partial /dev/null "$illegal"; rc=$?
check "-o and --partial both /dev/null (written in place): exit 0 (got $rc)" test "$rc" -eq 0

# Compressed partials are read as inputs are: stats writes .json.gz and .json.zst, a user may
# compress with bzip2 or xz; each merges to the bytes of the plain partial. One cut short is an
# input error (exit 1, naming where), never a partial merged in part; - is standard input; an
# archive or binary data is no partial (exit 2).
R stats --by decade --partial "$tmp/z.json" -o /dev/null "${parts[1]}"
R stats --by decade --partial "$tmp/z.json.gz" -o /dev/null "${parts[1]}"
R stats --by decade --partial "$tmp/z.json.zst" -o /dev/null "${parts[1]}"
check "stats --partial FILE.gz is compressed" test "$(head -c 2 "$tmp/z.json.gz" | od -An -tx1 | tr -d ' ')" = 1f8b
bzip2 -k "$tmp/z.json"; xz -k "$tmp/z.json"
M --format json "$tmp/a.json" "$tmp/z.json" >"$tmp/plain.out"
for z in gz zst bz2 xz; do
  M --format json "$tmp/a.json" "$tmp/z.json.$z" >"$tmp/z.$z.out"; rc=$?
  check "a .json.$z partial: exit 0 (got $rc)" test "$rc" -eq 0
  check "a .json.$z partial merges as the plain one" cmp -s "$tmp/plain.out" "$tmp/z.$z.out"
done
M --format json "$tmp/a.json" - <"$tmp/z.json" >"$tmp/stdin.out"; rc=$?
check "a partial on stdin (-): exit 0 (got $rc)" test "$rc" -eq 0
check "a partial on stdin merges as the file" cmp -s "$tmp/plain.out" "$tmp/stdin.out"
head -c "$(($(stat -c %s "$tmp/z.json.gz") - 9))" "$tmp/z.json.gz" >"$tmp/cut.json.gz"
M "$tmp/a.json" "$tmp/cut.json.gz" -o "$tmp/cut.out" 2>"$tmp/err"; rc=$?
check "a .json.gz cut short: exit 1 (got $rc)" test "$rc" -eq 1
says "a .json.gz cut short" "cut.json.gz: unexpected end of file: truncated gzip stream (at byte"
check "a .json.gz cut short: writes nothing" test ! -e "$tmp/cut.out"
M "$tmp/a.json" "$tmp/missing.json" -o "$tmp/cut.out" 2>"$tmp/err"; rc=$?
check "a missing partial: exit 1 (got $rc)" test "$rc" -eq 1
says "a missing partial" "missing.json: no such file or directory"
(cd "$tmp" && zip -q z.zip z.json)
expect2 "a ZIP of a partial" "$tmp/a.json" "$tmp/z.zip"
says "a ZIP of a partial" "z.zip: not JSON: zip data"
expect2 "binary data" "$tmp/a.json" "$rochade"
says "binary data" "not JSON: binary data"

# --no-partial HOW:INPUT: an input whose run left no partial, listed in its place among the
# partials (the order of the command line) as an input that could not be read, its error saying
# how the run ended; exit 1, named on stderr. The result is one run's where INPUT was missing, but
# for that error, in every format. -q silences no error.
cp "$data/masters/Anand_Kramnik.pgn" "$tmp/np1.pgn"
cp "$illegal" "$tmp/np3.pgn"
R stats --by decade --partial "$tmp/np1.json" -o /dev/null "$tmp/np1.pgn"
R stats --by decade --partial "$tmp/np3.json" -o /dev/null "$tmp/np3.pgn"
killed="its job ended without a partial result: killed by signal 9 (SIGKILL)"
for f in json text md csv html; do
  R stats --by decade --format "$f" "$tmp/np1.pgn" "$tmp/np2.pgn" "$tmp/np3.pgn" 2>/dev/null |
    sed "s/no such file or directory/$killed/" >"$tmp/np-one.$f"
  M -q --format "$f" "$tmp/np1.json" --no-partial "137:$tmp/np2.pgn" "$tmp/np3.json" \
    >"$tmp/np.$f" 2>"$tmp/err"; rc=$?
  check "--no-partial 137:INPUT --format $f: exit 1 (got $rc)" test "$rc" -eq 1
  check "--no-partial 137:INPUT --format $f == one run where INPUT is missing, but for its error" \
    cmp -s "$tmp/np-one.$f" "$tmp/np.$f"
  says "--no-partial 137:INPUT -q --format $f" "np2.pgn: $killed"
done
check "--no-partial: the input is incomplete in the JSON" \
  grep -q '"complete": false,' "$tmp/np.json"
M --format json --no-partial="unknown:$tmp/np0.pgn" "$tmp/np1.json" --no-partial=3:x:y.pgn \
  >"$tmp/np.json" 2>"$tmp/err"; rc=$?
check "--no-partial first and last: exit 1 (got $rc)" test "$rc" -eq 1
check "--no-partial first and last: in their places" test \
  "$(grep -o '"path": "[^"]*"' "$tmp/np.json" | paste -sd' ')" = \
  "\"path\": \"$tmp/np0.pgn\" \"path\": \"$tmp/np1.pgn\" \"path\": \"x:y.pgn\""
says "--no-partial unknown:INPUT" "np0.pgn: its job ended without a partial result, and how is not known"
says "--no-partial 3:INPUT (the input holds a colon)" "x:y.pgn: its job ended without a partial result: exit status 3"
expect2 "--no-partial with no HOW" "$tmp/np1.json" --no-partial "$tmp/np2.pgn"
says "--no-partial with no HOW" "give HOW:INPUT"
expect2 "--no-partial with a HOW that is no status" "$tmp/np1.json" --no-partial "9x:$tmp/np2.pgn"
expect2 "--no-partial 256:INPUT" "$tmp/np1.json" --no-partial "256:$tmp/np2.pgn"
expect2 "--no-partial naming an input a partial counts" "$tmp/np1.json" --no-partial "137:$tmp/np1.pgn"
says "--no-partial naming an input a partial counts" "np1.json counts"
# -q, as every subcommand takes it: no warning to silence here; errors still said.
M -q --format json "$tmp/np1.json" "$tmp/np3.json" >"$tmp/q.json"; rc=$?
M --format json "$tmp/np1.json" "$tmp/np3.json" >"$tmp/noq.json"
check "merge -q: exit 0 (got $rc)" test "$rc" -eq 0
check "merge -q: the same result" cmp -s "$tmp/q.json" "$tmp/noq.json"
M --quiet "$tmp/np1.json" "$tmp/missing.json" -o "$tmp/q.out" 2>"$tmp/err"; rc=$?
check "merge --quiet, a missing partial: exit 1 (got $rc)" test "$rc" -eq 1
says "merge --quiet, a missing partial (an error, never silenced)" "missing.json: no such file or directory"

echo "merge_test: $passes passed, $fails failed"
((fails == 0))
