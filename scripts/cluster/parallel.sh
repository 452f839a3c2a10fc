#!/usr/bin/env bash
# Map-reduce `rochade stats` over many files with GNU parallel, on this machine or across hosts.
set -euo pipefail
cluster_name=parallel.sh
usage() {
  cat <<'EOF'
usage: scripts/cluster/parallel.sh [RECIPE OPTIONS] [ROCHADE STATS OPTIONS] INPUT...

One `rochade stats` run over INPUT..., as many map jobs run by GNU parallel (one job per file
that `rochade stats --list-inputs` lists; folders searched as rochade searches them) and a
`rochade merge` of their partials, in input order. The result is byte for byte what one
`rochade stats` run with the same options prints, and the exit status is that run's: 1 when
an input could not be read (the input is named on stderr; the result still covers the rest).
A map job that ended without a partial (killed, out of memory, a lost host) is listed in the
result in its place as an input that could not be read, with how it ended; exit status 1.

Recipe options:
  --jobs N          map jobs at a time (GNU parallel's -j; default: one per core of each host)
  --sshlogin LOGINS run the map jobs on these hosts (GNU parallel's --sshlogin, e.g.
                    "8/node1,8/node2"); rochade, the inputs and the work folder must have the
                    same paths there (a shared file system), so --workdir is needed
  --ssh CMD         the ssh command for --sshlogin (GNU parallel's --ssh, e.g. "ssh -F cfg")
  --rochade PATH    the rochade binary (default: $ROCHADE, else build/rochade beside scripts/)
  --workdir DIR     keep the work folder (the job list, the partials, the options) in DIR.
                    Run again with the same DIR, the recipe redoes only the jobs without a
                    partial or whose input failed last time; a DIR made with other inputs or
                    other --where/--by is refused (exit 2). Default: a temporary folder

rochade stats options (all of them; `rochade stats --help` says what each does):
  -o, --output FILE, --format F        for the merge, which writes the result
  -j, --threads N                      threads of each map job (default here: 1)
  -q, --quiet, --no-progress           passed to each map job
  --where EXPR, --by KEY               passed to each map job
  --progress                           GNU parallel's progress bar (jobs done) on stderr
  --partial FILE                       also write the merged partial result (JSON) to FILE
  --list-inputs                        print the job list (one input a line) and stop; a named
                                       input rochade cannot list is a job of its own
  --dedup, --max-games N               refused (exit 2): neither can be split into jobs (a
                                       job sees neither the other files' games nor their count)
  -h, --help                           this help
Options take their value as --opt VALUE or --opt=VALUE (short ones also as -jVALUE). Anything
else starting with '-' is refused (exit 2); `--` ends the options. Standard input (-) cannot
be split into jobs.

Before any job starts, `rochade stats OPTIONS --list-inputs INPUT...` checks every option and
the output paths (exit 2 for a usage error, 1 for an -o that cannot be written).
Each map job runs `rochade stats --partial DIR/parts/K.json` over job K's file; rochade writes a
partial under a temporary name and renames it when complete, so a partial that is there is
whole.

Examples:
  scripts/cluster/parallel.sh --jobs 4 --format json -o lichess.json /data/lichess/
  scripts/cluster/parallel.sh --sshlogin 16/node1,16/node2 --workdir /shared/rochade \
      --where "year >= 2020" --by timecontrol -o lichess.json /data/lichess/
EOF
}
cluster_own_options='
--jobs      value
--sshlogin  value
--ssh       value
--rochade   value
--workdir   value
'
scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/cluster/options.sh
source "$scripts/options.sh"

for arg in "$@"; do
  case "$arg" in
    --) break ;;
    -h | --help) usage; exit 0 ;;
  esac
done
cluster_parse "$@"
[[ -n ${cluster_set[--threads]:-} ]] || cluster_job_words+=(--threads=1)
cluster_job_words+=(--no-progress)  # --progress is GNU parallel's bar here
jobs=${cluster_set[--jobs]:-}
if [[ -n $jobs && ! $jobs =~ ^[1-9][0-9]*$ ]]; then cluster_usage "--jobs needs a number of jobs (1 or more)"; fi
sshlogin=${cluster_set[--sshlogin]:-}
workdir=${cluster_set[--workdir]:-}
if [[ -n $sshlogin && -z $workdir ]]; then
  cluster_usage "--sshlogin needs --workdir, a folder at the same path on every host"
fi
command -v parallel >/dev/null || { echo "$cluster_name: GNU parallel is missing: apt-get install parallel" >&2; exit 2; }
rochade=$(cluster_absolute_program "${cluster_set[--rochade]:-${ROCHADE:-$scripts/../../build/rochade}}")

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

list_status=0
cluster_list "$rochade" "$tmp/files.txt" "$tmp" || list_status=$?
if [[ -n ${cluster_set[--list-inputs]:-} ]]; then
  cat "$tmp/files.txt"
  exit "$list_status"
fi

if [[ -z $workdir ]]; then
  workdir=$tmp/work
else
  mkdir -p -- "$workdir"
  workdir=$(cd -- "$workdir" && pwd)
fi
cluster_workdir "$workdir" "$rochade" "$scripts" "$tmp/files.txt"

bash "$workdir/job.sh" todo "$workdir" >"$tmp/todo.txt"
n=$(wc -l <"$workdir/files.txt")
todo=$(wc -l <"$tmp/todo.txt")
if ((todo < n)); then
  echo "$cluster_name: $((n - todo)) of $n jobs done in $workdir already; running the other $todo" >&2
fi
if ((todo > 0)); then
  popts=(--will-cite --halt never --keep-order --joblog "$workdir/joblog")
  [[ -n $jobs ]] && popts+=(-j "$jobs")
  [[ -n $sshlogin ]] && popts+=(--sshlogin "$sshlogin")
  [[ -n ${cluster_set[--ssh]:-} ]] && popts+=(--ssh "${cluster_set[--ssh]}")
  [[ -n ${cluster_set[--progress]:-} ]] && popts+=(--bar)
  # Each job's stderr (rochade's warnings, a failed input named) comes through in job order.
  # GNU parallel's own status counts the failed jobs; the jobs' status files say which.
  parallel "${popts[@]}" --arg-file "$tmp/todo.txt" -q bash "$workdir/job.sh" map "$workdir" {} ||
    true
  # A job killed whole (SIGKILL, the OOM killer, a lost ssh connection) recorded no status: its
  # status is the job log's (Exitval, or 128+Signal as a shell says it), so the result says how
  # it ended. The log's last field is the command, which ends with the job's number.
  awk -F '\t' 'NR > 1 { n = split($NF, w, " "); print w[n], ($8 > 0 ? 128 + $8 : $7) }' \
    "$workdir/joblog" | while read -r k st; do
    if [[ $k =~ ^[0-9]+$ && ! -f $workdir/parts/$k.status ]]; then
      printf '%s\n' "$st" >"$workdir/parts/$k.status"
    fi
  done
fi
bash "$workdir/job.sh" reduce "$workdir" "$cluster_name"
