#!/usr/bin/env bash
# The cluster recipes' table of rochade stats options (scripts/cluster/options.sh) against the
# options `rochade stats --help` lists: the same names, each taking a value or not as rochade's
# does. A stats option the recipes do not know fails here, as does one they know that rochade
# no longer has. Also: the recipes' own options are none of rochade's, and the options the
# table sends to the merge are options of `rochade merge`.
#   tests/cluster/options_table_test.sh ROCHADE ROOT
set -euo pipefail
rochade=$1; root=$2
tmp=$(mktemp -d); trap 'rm -rf -- "$tmp"' EXIT
fail=0

# "NAME ARITY" for each spelling in a CLI11 help's Options section: a value-taking option has
# its type one space after its names (-o,--output TEXT), a flag has the description two or more
# spaces after them, or nothing on the line.
help_options() {
  awk '
    /^[A-Za-z]/ { on = ($0 ~ /^Options:/); next }
    on && /^ +-/ {
      line = $0; sub(/^ +/, "", line)
      names = line; sub(/ .*/, "", names)
      rest = substr(line, length(names) + 1)
      arity = (rest ~ /^ [^ ]/) ? "value" : "flag"
      n = split(names, list, ",")
      for (i = 1; i <= n; i++) print list[i], arity
    }'
}

"$rochade" stats --help | help_options | sort >"$tmp/rochade.txt"
[[ -s $tmp/rochade.txt ]] || { echo "no options found in rochade stats --help" >&2; exit 1; }
grep -qx -- '--where value' "$tmp/rochade.txt" || { echo "the help parser missed --where" >&2; exit 1; }
grep -qx -- '--dedup flag' "$tmp/rochade.txt" || { echo "the help parser missed --dedup" >&2; exit 1; }
# shellcheck source=scripts/cluster/options.sh
source "$root/scripts/cluster/options.sh"
cluster_option_names | sort >"$tmp/table.txt"
if ! cmp -s "$tmp/rochade.txt" "$tmp/table.txt"; then
  echo "scripts/cluster/options.sh's table differs from rochade stats --help" >&2
  echo "(< rochade stats --help, > the table; add the option to the table with its route):" >&2
  diff "$tmp/rochade.txt" "$tmp/table.txt" | grep '^[<>]' >&2 || true
  fail=1
fi

# The recipes' own options: long names that rochade stats does not have.
for recipe in parallel.sh slurm.sbatch; do
  own=$(sed -n "/^ *cluster_own_options='/,/^'/p" "$root/scripts/cluster/$recipe" |
    awk '$1 ~ /^--/ { print $1 }')
  [[ -n $own ]] || { echo "$recipe: no cluster_own_options found" >&2; fail=1; }
  for name in $own; do
    if grep -q -- "^$name " "$tmp/rochade.txt"; then
      echo "$recipe: its own option $name is an option of rochade stats too" >&2
      fail=1
    fi
  done
done
[[ $(sed -n "/^cluster_own_options='/,/^'/p" "$root/scripts/cluster/parallel.sh") == *--jobs* ]] ||
  { echo "parallel.sh: no --jobs among its own options" >&2; fail=1; }

# What the table routes to the merge, merge must take.
"$rochade" merge --help | help_options | sort >"$tmp/merge.txt"
while read -r spellings arity route; do
  [[ $route == merge ]] || continue
  IFS=, read -ra names <<<"$spellings"
  for name in "${names[@]}"; do
    grep -qx -- "$name $arity" "$tmp/merge.txt" ||
      { echo "the table sends $name to the merge, but rochade merge has no $name ($arity)" >&2; fail=1; }
  done
done <<<"$cluster_stats_options"

((fail == 0)) || exit 1
echo "the recipes' option table matches rochade stats --help ($(wc -l <"$tmp/table.txt") names)"
