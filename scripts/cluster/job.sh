#!/usr/bin/env bash
# The steps of the cluster recipes, run in a work folder that parallel.sh or slurm.sbatch
# prepared (options.sh, cluster_workdir): they copy this file into it, so map jobs on other
# hosts need only bash, coreutils, rochade and the shared folder.
#
#   job.sh map DIR K          map job K: rochade stats over line K of DIR/files.txt, writing the
#                             partial DIR/parts/K.json (rochade writes it under a temporary name
#                             and renames it when complete); DIR/parts/K.status then holds
#                             rochade's exit status as the shell reports it (0; 1 when its input
#                             could not be read; 128+N when a signal N killed it), or 128+N when
#                             the job itself got SIGHUP, SIGINT or SIGTERM (a time limit, scancel)
#   job.sh todo DIR           the jobs still to do, one number a line: those without a partial
#                             or whose last run did not end with status 0
#   job.sh reduce DIR NAME    merge the partials in job order into the result (DIR/merge.args:
#                             -o, --format; DIR/partial.txt: the --partial FILE, if any). A job
#                             without a partial is listed in its place as an input that could not
#                             be read, with how it ended (merge --no-partial STATUS:INPUT, from
#                             K.status; unknown without one), and named on stderr. Exit status:
#                             merge's, or 1 when a partial is missing or a job's input failed
set -euo pipefail
mode=${1:-}; dir=${2:-}
[[ -n $mode && -d $dir ]] || { echo "usage: job.sh map|todo|reduce DIR [K|NAME]" >&2; exit 2; }
dir=$(cd -- "$dir" && pwd)
n=$(wc -l <"$dir/files.txt")

status_of() {  # status_of K: the recorded exit status of job K, or "none"
  local s="none"
  [[ -f $dir/parts/$1.status ]] && s=$(<"$dir/parts/$1.status")
  printf '%s\n' "${s:-none}"
}

case "$mode" in
  map)
    k=${3:?job number}
    if [[ ! $k =~ ^[1-9][0-9]*$ ]] || ((k > n)); then echo "job.sh: no job $k (jobs 1-$n)" >&2; exit 2; fi
    file=$(sed -n "${k}p" "$dir/files.txt")
    mapfile -d '' -t run <"$dir/map.args"
    threads=()
    case " ${run[*]} " in
      *" --threads="*) ;;
      *) threads=("--threads=${SLURM_CPUS_PER_TASK:-1}") ;;
    esac
    part=$dir/parts/$k.json
    # A rerun starts clean: the old partial and status, and any temporary file a killed run of
    # this job left (rochade names them PARTIAL.tmp-PID-N; they are never read as partials).
    rm -f -- "$part" "$dir/parts/$k.status" "$part".tmp-*
    cd -- "$(<"$dir/cwd")"
    record() {  # record STATUS: K.status, written whole
      printf '%s\n' "$1" >"$dir/parts/$k.status.tmp-$$"
      mv -f -- "$dir/parts/$k.status.tmp-$$" "$dir/parts/$k.status"
    }
    # A job stopped by a signal it can catch (Slurm's time limit and scancel send SIGTERM first)
    # says so once rochade has ended; SIGKILL leaves no status (the reduce says how is unknown).
    trap 'record 129; exit 129' HUP
    trap 'record 130; exit 130' INT
    trap 'record 143; exit 143' TERM
    status=0
    "${run[@]}" "${threads[@]}" "--partial=$part" --output=/dev/null -- "$file" || status=$?
    record "$status"
    exit "$status"
    ;;
  todo)
    for ((k = 1; k <= n; k++)); do
      if [[ ! -f $dir/parts/$k.json || $(status_of "$k") != 0 ]]; then echo "$k"; fi
    done
    ;;
  reduce)
    name=${3:-job.sh}
    cd -- "$(<"$dir/cwd")"
    # The merge's sources in job order: each partial (an absolute path), or for a job without
    # one, --no-partial=STATUS:INPUT, so the result lists that input in its place, incomplete.
    sources=(); failed=(); missing=0
    for ((k = 1; k <= n; k++)); do
      file=$(sed -n "${k}p" "$dir/files.txt")
      s=$(status_of "$k")
      if [[ -f $dir/parts/$k.json ]]; then
        sources+=("$dir/parts/$k.json")
        [[ $s == 0 || $s == none ]] || failed+=("$file (map job $k exited with status $s)")
      else
        case "$name" in
          slurm.sbatch) redo="resubmit the tasks that 'slurm.sbatch missing' lists" ;;
          *) redo="$name run again with the same --workdir redoes it" ;;
        esac
        echo "$name: $file: no partial (map job $k did not finish; $redo)" >&2
        [[ $s =~ ^[0-9]+$ ]] || s=unknown
        sources+=("--no-partial=$s:$file")
        missing=$((missing + 1))
      fi
    done
    ((missing < n)) || { echo "$name: no partial result was written" >&2; exit 1; }
    mapfile -d '' -t merge <"$dir/merge.args"
    partial=$(<"$dir/partial.txt")
    status=0
    "${merge[@]}" "${sources[@]}" || status=$?
    if [[ -n $partial ]]; then
      # --partial FILE: the merged partial too. Its stderr repeats the result's (the same
      # inputs), so it is shown only when this merge ends otherwise.
      pstatus=0
      "${merge[0]}" merge --format=json "--output=$partial" "${sources[@]}" \
        2>"$dir/partial.err" || pstatus=$?
      ((pstatus == status)) || cat "$dir/partial.err" >&2
      ((pstatus <= status)) || status=$pstatus
    fi
    if ((status == 0 && ${#failed[@]})); then
      # merge said nothing about them: name them here.
      for f in "${failed[@]}"; do echo "$name: $f" >&2; done
    fi
    ((status != 0)) && exit "$status"
    ((${#failed[@]} == 0 && missing == 0)) || exit 1
    exit 0
    ;;
  *) echo "usage: job.sh map|todo|reduce DIR [K|NAME]" >&2; exit 2 ;;
esac
