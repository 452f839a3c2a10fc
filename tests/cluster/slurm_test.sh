#!/usr/bin/env bash
# scripts/cluster/slurm.sbatch on a real Slurm: a one-node cluster of this machine (munged,
# slurmctld and slurmd started here, on loopback ports, all state in a temporary folder, all
# stopped at the end). The README's commands (prepare, a job array of map tasks, a dependent
# reduce job) over real games, a folder, a missing file and a file that is not PGN: the result
# equals one `rochade stats` run byte for byte, the reduce job exits 1 naming both failed
# inputs; then `missing` lists the tasks to resubmit, and a resubmitted array of just those
# tasks gives the same result again.
#   tests/cluster/slurm_test.sh ROCHADE DATA ROOT
# Skipped (exit 77) only when Slurm or munge is not installed (scripts/setup installs them).
set -euo pipefail
for cmd in munged mungekey slurmctld slurmd sbatch scontrol squeue scancel python3; do
  command -v "$cmd" >/dev/null || { echo "SKIP: $cmd is not installed (scripts/setup installs slurmctld, slurmd, slurm-client, munge)"; exit 77; }
done
rochade=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
data=$(cd "$2" && pwd); root=$(cd "$3" && pwd)
# A short path: munge's socket lives here (a socket's path has at most 107 bytes).
tmp=$(mktemp -d /tmp/rochade-slurm.XXXXXX)
# shellcheck source=tests/cluster/lib.sh
source "$root/tests/cluster/lib.sh"
export SLURM_CONF=$tmp/slurm.conf
daemons=()  # pids, started last first stopped first

stop_pid() {  # stop_pid PID: TERM, up to 10 s, then KILL; reaps it
  local pid=$1 i
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
# The processes of this test: the daemons carry ROCHADE_SLURM_TEST=$tmp in their environment
# (slurmstepd and the jobs inherit it), and every job's command line names $tmp.
ours() {
  local p
  for p in /proc/[0-9]*; do
    [[ ${p#/proc/} != "$$" ]] || continue
    if { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qxF "ROCHADE_SLURM_TEST=$tmp"; then
      echo "${p#/proc/}"
    fi
  done
  pgrep -f -- "$tmp" || true
}
cleanup() {
  local status=$? i left
  set +e
  scancel --quiet --user="$(id -un)" 2>/dev/null
  for ((i = 0; i < 100; i++)); do [[ -z $(squeue -h 2>/dev/null) ]] && break; sleep 0.1; done
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do stop_pid "${daemons[i]}"; done
  left=$(ours | sort -u | tr '\n' ' ')
  if [[ -n ${left// /} ]]; then
    echo "FAIL: processes left running: $left" >&2
    ps -o pid,args -p "${left// /,}" >&2
    # shellcheck disable=SC2086  # the pids
    kill -KILL $left 2>/dev/null
    status=1
  fi
  if ((status != 0 && status != 77)); then
    for f in slurmctld.log slurmd.log; do
      [[ -f $tmp/$f ]] && { echo "--- $f (last lines)" >&2; tail -15 "$tmp/$f" >&2; }
    done
  fi
  rm -rf -- "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# munge: its own key and socket.
mkdir -p "$tmp/munge-key" "$tmp/munge" "$tmp/state" "$tmp/spool"
chmod 700 "$tmp/munge-key"
chmod 755 "$tmp/munge"
mungekey --create --keyfile="$tmp/munge-key/munge.key" --bits=1024
ROCHADE_SLURM_TEST=$tmp munged --foreground --force --socket="$tmp/munge/socket" \
  --key-file="$tmp/munge-key/munge.key" --log-file="$tmp/munged.log" \
  --pid-file="$tmp/munged.pid" --seed-file="$tmp/munged.seed" >"$tmp/munged.out" 2>&1 &
daemons+=($!)
for ((i = 0; i < 100; i++)); do [[ -S $tmp/munge/socket ]] && break; sleep 0.1; done
[[ -S $tmp/munge/socket ]] || { cat "$tmp/munged.out" >&2; echo "munged did not start" >&2; exit 1; }

# Two free loopback ports, and the cluster: this machine as one node, named localhost.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
node=$(slurmd -C | head -1 | sed 's/^NodeName=[^ ]*/NodeName=localhost NodeAddr=127.0.0.1/')
cat >"$SLURM_CONF" <<EOF
ClusterName=rochadetest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
$node
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
ROCHADE_SLURM_TEST=$tmp slurmctld -D -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1 &
daemons+=($!)
for ((i = 0; i < 150; i++)); do scontrol ping 2>/dev/null | grep -q 'is UP' && break; sleep 0.2; done
scontrol ping | grep -q 'is UP' || { echo "slurmctld did not start" >&2; exit 1; }
ROCHADE_SLURM_TEST=$tmp slurmd -D -N localhost -f "$SLURM_CONF" >"$tmp/slurmd.out" 2>&1 &
daemons+=($!)
for ((i = 0; i < 150; i++)); do [[ $(sinfo -h -o %T 2>/dev/null) == idle ]] && break; sleep 0.2; done
[[ $(sinfo -h -o %T) == idle ]] || { sinfo >&2; echo "slurmd did not come up" >&2; exit 1; }

wait_job() {  # wait_job ID: until job ID (each task of an array) has ended, 60 s at most
  local i
  for ((i = 0; i < 300; i++)); do
    [[ -z $(squeue -h -j "$1" -o %i 2>/dev/null) ]] && return 0
    sleep 0.2
  done
  echo "job $1 did not end within 60 s" >&2
  squeue >&2
  return 1
}
exit_code() {  # exit_code ID: the exit status of the (ended) job ID
  scontrol show job -o "$1" | grep -o 'ExitCode=[0-9]*' | head -1 | cut -d= -f2
}

# The inputs; the jobs run in this folder (the submit folder), as prepare recorded it.
make_inputs "$data" "$tmp/in"
cd "$tmp/in"
all=(Anand_Kramnik.pgn more no-such-file.pgn pgn2data-lichess_manwithavan_2021-07-25.pgn)
log=$tmp/map-jobs.log
counting_rochade "$rochade" "$tmp/rochade" "$log"
"$rochade" stats --no-progress --format json --by decade -o "$tmp/one.json" "${all[@]}" 2>/dev/null &&
  want=0 || want=$?
[[ $want == 1 ]] || fail "one run over a missing and a binary input: status $want, not 1"

# The README's commands; sbatch's options override the script's #SBATCH defaults (8 CPUs).
slurm=$root/scripts/cluster/slurm.sbatch
small=(--cpus-per-task=1 --mem=100M)
n=$("$slurm" prepare work/ --rochade "$tmp/rochade" --format json --by decade -o "$tmp/rec.json" "${all[@]}")
map=$(sbatch --parsable --array=1-"$n" "${small[@]}" --output="$tmp/map-%A_%a.out" "$slurm" map work/)
reduce=$(sbatch --parsable --dependency=afterany:"$map" "${small[@]}" --output="$tmp/reduce.out" \
  --error="$tmp/reduce.err" "$slurm" reduce work/)
wait_job "$map"
wait_job "$reduce"
[[ $(wc -l <"$log") == "$n" ]] || fail "$(wc -l <"$log") map tasks ran, not $n"
st=$(exit_code "$reduce")
[[ $st == "$want" ]] || fail "the reduce job: status $st, one run's $want"
same "$tmp/one.json" "$tmp/rec.json" "slurm.sbatch reduce (job $reduce)"
names "$tmp/reduce.err" no-such-file.pgn "the reduce job"
names "$tmp/reduce.err" more/binary.pgn "the reduce job"
grep -q -- " --threads=1 " "$log" || fail "the map tasks did not get --threads=\$SLURM_CPUS_PER_TASK (1)"

# Resubmit what did not finish: two partials lost, and the two tasks whose input failed.
rm work/parts/5.json work/parts/6.json
todo=$("$slurm" missing work/)
[[ $todo == 3,5-6,10 ]] || fail "slurm.sbatch missing: $todo, not 3,5-6,10"
: >"$log"
rm -f "$tmp/rec.json"
map=$(sbatch --parsable --array="$todo" "${small[@]}" --output="$tmp/remap-%A_%a.out" "$slurm" map work/)
reduce=$(sbatch --parsable --dependency=afterany:"$map" "${small[@]}" --output="$tmp/reduce2.out" \
  --error="$tmp/reduce2.err" "$slurm" reduce work/)
wait_job "$map"
wait_job "$reduce"
[[ $(wc -l <"$log") == 4 ]] || fail "the resubmitted array ran $(wc -l <"$log") tasks, not 4"
st=$(exit_code "$reduce")
[[ $st == "$want" ]] || fail "the second reduce job: status $st, one run's $want"
same "$tmp/one.json" "$tmp/rec.json" "slurm.sbatch reduce after resubmitting the missing tasks"
names "$tmp/reduce2.err" no-such-file.pgn "the second reduce job"

# A map task killed (SIGKILL) on one input leaves no partial: the reduce job's result lists that
# input in its place, incomplete, its error saying how the task ended, and the job exits 1. The
# result is one run's where that input could not be read, but for that error. Killed: the task's
# rochade (the task records 137), then the whole task (no status: how is not known).
ok=(Anand_Kramnik.pgn more/incidents pgn2data-lichess_manwithavan_2021-07-25.pgn)
mapfile -t jobs < <("$rochade" stats --list-inputs "${ok[@]}")
victim=${jobs[2]}
mv "$victim" "$tmp/victim.away"
"$rochade" stats --no-progress --format json -o "$tmp/one-k.json" "${jobs[@]}" 2>/dev/null || true
mv "$tmp/victim.away" "$victim"
for whom in self job; do
  killing_rochade "$rochade" "$tmp/kill-$whom" "$victim" "$whom"
  if [[ $whom == self ]]; then
    how="its job ended without a partial result: killed by signal 9 (SIGKILL)"
  else
    how="its job ended without a partial result, and how is not known (it did not run, or it was killed with its node or its job script)"
  fi
  unread_as "$tmp/one-k.json" "$how" >"$tmp/want-$whom.json"
  n=$("$slurm" prepare "work-$whom/" --rochade "$tmp/kill-$whom" --format json -o "$tmp/rec-$whom.json" "${ok[@]}")
  map=$(sbatch --parsable --array=1-"$n" "${small[@]}" --output="$tmp/kmap-$whom-%A_%a.out" "$slurm" map "work-$whom/")
  reduce=$(sbatch --parsable --dependency=afterany:"$map" "${small[@]}" --output="$tmp/kreduce-$whom.out" \
    --error="$tmp/kreduce-$whom.err" "$slurm" reduce "work-$whom/")
  wait_job "$map"
  wait_job "$reduce"
  st=$(exit_code "$reduce")
  [[ $st == 1 ]] || fail "the reduce job after a task killed ($whom): status $st, not 1"
  same "$tmp/want-$whom.json" "$tmp/rec-$whom.json" "the reduce job after a task killed ($whom): its input listed"
  names "$tmp/kreduce-$whom.err" "$victim: $how" "the reduce job after a task killed ($whom)"
done

check_done "slurm: map array + reduce == one run (result, status 1, failed inputs named); missing tasks resubmitted; a killed task listed in its place"
