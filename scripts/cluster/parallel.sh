#!/usr/bin/env bash
# Map-reduce `rochade stats` over many files with GNU parallel, on this machine or across hosts.
#
#   scripts/cluster/parallel.sh [-j JOBS] [--sshlogin LOGINS] [--rochade PATH] [--workdir DIR]
#                               [--format F] [--by KEY]... [-o OUT] INPUT...
#
# Map: one `rochade stats --partial` per input file (directories are expanded to their PGN
# files), JOBS at a time (default: one per core; each job uses one thread). Reduce: `rochade
# merge` of the partials, in input order, so the result equals one run over all the inputs.
# With --sshlogin (GNU parallel's syntax, e.g. "8/node1,8/node2"), the jobs run on those hosts;
# rochade, the inputs and WORKDIR must be at the same paths there (a shared file system).
set -euo pipefail
jobs=0; sshlogin=""; rochade=""; workdir=""; format=text; out=""; by=()
inputs=()
while (($#)); do
  case "$1" in
    -j) jobs=$2; shift 2 ;;
    --sshlogin) sshlogin=$2; shift 2 ;;
    --rochade) rochade=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    --format) format=$2; shift 2 ;;
    --by) by+=(--by "$2"); shift 2 ;;
    -o) out=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
((${#inputs[@]})) || { echo "usage: $0 [options] INPUT..." >&2; exit 2; }
here=$(cd "$(dirname "$0")/../.." && pwd)
rochade=${rochade:-$here/build/rochade}
command -v parallel >/dev/null || { echo "GNU parallel is missing: apt-get install parallel" >&2; exit 2; }
[[ -x $rochade ]] || { echo "no rochade at $rochade (build it first)" >&2; exit 2; }
cleanup=""
if [[ -z $workdir ]]; then workdir=$(mktemp -d); cleanup=$workdir; fi
trap '[[ -n $cleanup ]] && rm -rf "$cleanup"' EXIT
mkdir -p "$workdir/parts"

# The files, in the order rochade itself would read them: rochade lists them (directories
# searched as it searches them, archives included), so the recipe maps over exactly its inputs.
list="$workdir/files.txt"
"$rochade" stats --list-inputs "${inputs[@]}" > "$list" || status_list=$?
[[ -s $list ]] || { echo "no PGN input found" >&2; exit 1; }

pjobs=()
((jobs > 0)) && pjobs=(-j "$jobs")
[[ -n $sshlogin ]] && pjobs+=(--sshlogin "$sshlogin")
# Job {#} writes parts/{#}.json; a job that fails (unreadable input) still leaves its partial.
status=0
parallel "${pjobs[@]}" --halt never --arg-file "$list" \
  "$rochade" stats -q --no-progress -j1 --format json "${by[@]}" --partial "$workdir/parts/{#}.json" \
  -o /dev/null {} || status=$?
n=$(wc -l < "$list")
parts=()
for ((k = 1; k <= n; k++)); do
  [[ -f $workdir/parts/$k.json ]] && parts+=("$workdir/parts/$k.json")
done
((${#parts[@]})) || { echo "no partial result was written" >&2; exit 1; }
outarg=()
[[ -n $out ]] && outarg=(-o "$out")
"$rochade" merge --format "$format" "${outarg[@]}" "${parts[@]}"
# Like rochade itself: 1 when some input could not be read to its end (or found).
((status == 0 && ${status_list:-0} == 0)) || exit 1
