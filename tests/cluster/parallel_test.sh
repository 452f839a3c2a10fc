#!/usr/bin/env bash
# The cluster recipes, run locally: merged partials equal one run over all files, exactly.
#   tests/cluster/parallel_test.sh ROCHADE DATA ROOT   (DATA: tests/data, or the corpus)
set -euo pipefail
rochade=$1; data=$2; root=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
files=("$data/masters/Anand_Kramnik.pgn" "$data/historical/castling-incidents"
       "$data/lichess/pgn2data-lichess_manwithavan_2021-07-25.pgn")
"$rochade" stats -q --no-progress --format json --by decade "${files[@]}" > "$tmp/whole.json"
"$root/scripts/cluster/parallel.sh" -j 2 --rochade "$rochade" --format json --by decade \
  -o "$tmp/merged.json" "${files[@]}"
if ! cmp -s "$tmp/whole.json" "$tmp/merged.json"; then
  echo "parallel.sh: merged result differs from one run" >&2
  diff "$tmp/whole.json" "$tmp/merged.json" | head -20 >&2
  exit 1
fi
# The Slurm recipe, with the array tasks run one after the other.
"$rochade" stats --list-inputs "${files[@]}" > "$tmp/list.txt"
n=$(wc -l < "$tmp/list.txt")
for ((k = 1; k <= n; k++)); do
  SLURM_ARRAY_TASK_ID=$k ROCHADE=$rochade bash "$root/scripts/cluster/slurm.sbatch" map "$tmp/list.txt" "$tmp/parts"
done
ROCHADE=$rochade bash "$root/scripts/cluster/slurm.sbatch" reduce "$tmp/list.txt" "$tmp/parts" "$tmp/slurm.json"
"$rochade" stats -q --no-progress --format json "${files[@]}" > "$tmp/whole-nogroups.json"
if ! cmp -s "$tmp/whole-nogroups.json" "$tmp/slurm.json"; then
  echo "slurm.sbatch: merged result differs from one run" >&2
  diff "$tmp/whole-nogroups.json" "$tmp/slurm.json" | head -20 >&2
  exit 1
fi
echo "cluster recipes: merged == whole"
