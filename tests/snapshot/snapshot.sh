#!/usr/bin/env bash
# Writes what a rochade binary prints for a fixed set of jobs into a folder, one file per job
# (its output, then its exit status and stderr), so that two binaries can be compared byte for
# byte: a refactoring that must not change behaviour passes when `diff -r` finds nothing.
#   tests/snapshot/snapshot.sh ROCHADE OUTDIR DATA...
#   tests/snapshot/snapshot.sh old/rochade /tmp/before tests/data ../shared/corpus
#   tests/snapshot/snapshot.sh build/rochade /tmp/after tests/data ../shared/corpus
#   diff -r /tmp/before /tmp/after && echo identical
# Each DATA folder gets: stats in every format with --by year --by timecontrol; audit jsonl, pgn
# --all and text; games csv, jsonl and an SQLite dump; find pgn and csv; merge of three partials
# (every format); all at -j1 and -j2. Once: explain json and text of the FENs of tests/data's
# fixtures. A folder with a file bench.pgn.zst (the corpus) reads it in stats only.
set -uo pipefail
rochade=$(realpath "$1"); out=$(realpath -m "$2"); shift 2
mkdir -p "$out"
here=$(cd "$(dirname "$0")/../.." && pwd)
job() {  # job NAME ARGS...: the output, then "exit N" and stderr
  local name=$1; shift
  { "$rochade" "$@" 2>"$out/$name.err"; echo "exit $?"; } >"$out/$name.out"
  cat "$out/$name.err" >>"$out/$name.out"; rm -f "$out/$name.err"
}
for data in "$@"; do
  tag=$(basename "$(realpath "$data")")
  mapfile -t inputs < <(find "$data" -mindepth 1 -maxdepth 1 ! -name bench ! -name perft ! -name '*.md' | sort)
  for j in 1 2; do
    p="$tag.j$j"
    for f in text json csv md html; do
      job "$p.stats.$f" stats --no-progress -j"$j" --format "$f" --by year --by timecontrol "${inputs[@]}"
    done
    job "$p.audit.jsonl" audit --no-progress -j"$j" --format jsonl "${inputs[@]}"
    job "$p.audit.pgn" audit --no-progress -j"$j" --format pgn --all "${inputs[@]}"
    job "$p.audit.text" audit --no-progress -j"$j" "${inputs[@]}"
    job "$p.games.csv" games --no-progress -j"$j" "${inputs[@]}"
    job "$p.games.jsonl" games --no-progress -j"$j" --format jsonl "${inputs[@]}"
    "$rochade" games -q --no-progress -j"$j" --format sqlite -o "$out/$p.db" "${inputs[@]}"
    sqlite3 "$out/$p.db" .dump >"$out/$p.games.sqlite-dump"; rm -f "$out/$p.db"
    job "$p.find.pgn" find --no-progress -j"$j" --castled=both --opposite-castling "${inputs[@]}"
    job "$p.find.csv" find --no-progress -j"$j" --format csv --kingside --castling-check "${inputs[@]}"
    job "$p.find.mates" find --no-progress -j"$j" --mate-by-castling "${inputs[@]}"
    # merge of three partials: the inputs split in three, in order
    n=${#inputs[@]}; a=$((n / 3)); b=$((2 * n / 3)); partials=()
    for k in 0 1 2; do
      case $k in 0) part=("${inputs[@]:0:a}") ;; 1) part=("${inputs[@]:a:b-a}") ;; 2) part=("${inputs[@]:b}") ;; esac
      ((${#part[@]})) || continue
      "$rochade" stats -q --no-progress -j"$j" --by year --by timecontrol --partial "$out/$p.part$k.json" \
        -o /dev/null "${part[@]}"
      partials+=("$out/$p.part$k.json")
    done
    for f in text json csv md html; do job "$p.merge.$f" merge --format "$f" "${partials[@]}"; done
    rm -f "${partials[@]}"
    if [[ -f $data/bench/bench.pgn.zst ]]; then
      job "$p.bench.stats.json" stats --no-progress -j"$j" --format json --by year "$data/bench/bench.pgn.zst"
    fi
  done
done
# The fixtures hold the illegal castlings that real data lacks: audit, find and stats on them.
# Named from the tree's top, so that two trees' snapshots compare.
cd "$here" || exit 1
fixtures=(tests/analysis/fixtures/*.pgn)
for f in text jsonl html; do job "fixtures.audit.$f" audit --no-progress -j2 --format "$f" "${fixtures[@]}"; done
job fixtures.audit.pgn audit --no-progress -j2 --format pgn --all "${fixtures[@]}"
job fixtures.find.html find --no-progress -j2 --format html --illegal-castling "${fixtures[@]}"
job fixtures.find.mates.html find --no-progress -j1 --format html --mate-by-castling tests/data
for f in text html json; do job "fixtures.stats.$f" stats --no-progress -j2 --format "$f" "${fixtures[@]}"; done
# Usage errors and refusals: the message and the exit status.
sample=data/sample.pgn.zst
job usage.audit-all audit --all "$sample"
job usage.find-tag find --tag White "$sample"
job usage.games-tag games --tag '--' "$sample"
job usage.games-sqlite-stdout games --format sqlite "$sample"
job usage.games-sqlite-gz games --format sqlite -o "$out/x.db.gz" "$sample"
job usage.format-contradicts stats --format json -o "$out/x.csv" "$sample"
job usage.where stats --where 'year >>= 3' "$sample"
job usage.subcommand stat "$sample"
job usage.explain-fen explain 'not a fen'
job usage.perft-fen perft 'not a fen' 1
job usage.missing-input stats --no-progress "$out/missing.pgn"
"$rochade" stats -q --no-progress --partial "$out/p1.json" -o /dev/null "$sample"
"$rochade" stats -q --no-progress --by year --partial "$out/p2.json" -o /dev/null tests/data/masters
echo '{"not": "a partial"}' >"$out/p3.json"
job usage.merge-twice merge "$out/p1.json" "$out/p1.json"
job usage.merge-by merge "$out/p1.json" "$out/p2.json"
job usage.merge-bad merge "$out/p3.json"
job usage.merge-missing merge "$out/p4.json"
rm -f "$out"/p[1-3].json "$out/x.db.gz" "$out/x.csv"
sed -i "s#$out/#OUT/#g" "$out"/usage.*.out  # the same text whichever folder the snapshot is in
# explain: every FEN tag of tests/data's fixtures, once each
mapfile -t fens < <(grep -rhoE '^\[FEN "[^"]+"\]' "$here/tests/data" "$here/tests/analysis/fixtures" 2>/dev/null |
                    sed -E 's/^\[FEN "(.*)"\]$/\1/' | sort -u)
: >"$out/explain.json.out"; : >"$out/explain.text.out"
for fen in "${fens[@]}"; do
  { "$rochade" explain --format json "$fen" 2>&1; echo "exit $?"; } >>"$out/explain.json.out"
  { "$rochade" explain "$fen" 2>&1; echo "exit $?"; } >>"$out/explain.text.out"
done
echo "snapshot of $rochade: $(find "$out" -type f | wc -l) files in $out (${#fens[@]} FENs explained)"
