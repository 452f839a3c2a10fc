#!/usr/bin/env bash
# The cluster recipes on this machine (parallel.sh with local jobs; slurm.sbatch's modes run by
# hand, as Slurm would run them): every rochade stats option taken or refused before any job,
# results and exit status equal to one run's, failed inputs named, resumed runs.
#   tests/cluster/parallel_test.sh ROCHADE DATA ROOT   (DATA: tests/data)
set -euo pipefail
rochade=$1; data=$2; root=$3
rochade=$(cd "$(dirname "$rochade")" && pwd)/$(basename "$rochade")
data=$(cd "$data" && pwd); root=$(cd "$root" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
# shellcheck source=tests/cluster/lib.sh
source "$root/tests/cluster/lib.sh"
export PARALLEL_HOME=$tmp/parallel-home  # GNU parallel's own files, here and not in ~/.parallel
mkdir -p "$PARALLEL_HOME"
parallel_sh=$root/scripts/cluster/parallel.sh
slurm=$root/scripts/cluster/slurm.sbatch
log=$tmp/map-jobs.log
counting_rochade "$rochade" "$tmp/rochade" "$log"
make_inputs "$data" "$tmp/in"
cd "$tmp/in"  # relative names, as people give them
ok=(Anand_Kramnik.pgn more/incidents pgn2data-lichess_manwithavan_2021-07-25.pgn)
all=(Anand_Kramnik.pgn more no-such-file.pgn pgn2data-lichess_manwithavan_2021-07-25.pgn)
one() { "$rochade" stats --no-progress "$@"; }

# --help is a help text.
for cmd in "$parallel_sh -h" "$parallel_sh --help" "$slurm --help" "$slurm prepare $tmp/w --help"; do
  # shellcheck disable=SC2086  # the command and its words
  st=$(run_status "$tmp/help.out" "$tmp/help.err" $cmd)
  [[ $st == 0 ]] || fail "$cmd: status $st"
  grep -q 'usage:\|prepare' "$tmp/help.out" || fail "$cmd: no usage line"
  grep -q -- '--dedup' "$tmp/help.out" || fail "$cmd: the help does not say what --dedup does"
  ! grep -q 'set -euo' "$tmp/help.out" || fail "$cmd: the help shows the script"
done
[[ ! -e $tmp/w ]] || fail "slurm.sbatch prepare --help wrote its work folder"

# Refused before any job: the status, no map job, no work folder.
refused() {  # refused WANT WHY ARGS...
  local want=$1 why=$2 st
  shift 2
  : >"$log"
  st=$(run_status "$tmp/r.out" "$tmp/r.err" "$parallel_sh" --rochade "$tmp/rochade" --workdir "$tmp/wr" "$@")
  [[ $st == "$want" ]] || fail "parallel.sh $*: status $st, not $want"
  st=$(run_status "$tmp/r.out" "$tmp/r2.err" "$slurm" prepare "$tmp/wr" --rochade "$tmp/rochade" "$@")
  [[ $st == "$want" ]] || fail "slurm.sbatch prepare $*: status $st, not $want"
  [[ ! -s $log ]] || fail "$*: a map job ran"
  [[ ! -e $tmp/wr ]] || fail "$*: a work folder was written"
  [[ -z $why ]] || names "$tmp/r.err" "$why" "parallel.sh $*"
  [[ -z $why ]] || names "$tmp/r2.err" "$why" "slurm.sbatch prepare $*"
  rm -rf "$tmp/wr"
}
refused 2 "a game repeated in two files" --dedup "${ok[@]}"
refused 2 "stops after N games in all" --max-games 10 "${ok[@]}"
refused 2 "stops after N games in all" --max-games=10 "${ok[@]}"
refused 2 "unknown option --bogus" --bogus "${ok[@]}"
refused 2 "standard input" - "${ok[@]}"
refused 2 "one by one" -qj2 "${ok[@]}"
refused 2 "" --where "year >" "${ok[@]}"            # rochade's own check of EXPR
refused 2 "" --where="year >" "${ok[@]}"
refused 2 "" --format=xml "${ok[@]}"
refused 2 "" --threads=many "${ok[@]}"
refused 2 "" --by=colour "${ok[@]}"
refused 2 "needs a value" "${ok[@]}" --format
refused 2 "no INPUT" --format json
refused 2 "named twice" Anand_Kramnik.pgn more/incidents Anand_Kramnik.pgn
refused 2 "x.json" --format csv -o "$tmp/x.json" "${ok[@]}"  # --format against -o's name
refused 1 "/nonexistent/dir/x.json" -o /nonexistent/dir/x.json "${ok[@]}"
refused 1 "/nonexistent/dir/p.json" --partial /nonexistent/dir/p.json "${ok[@]}"
[[ ! -e $tmp/x.json ]] || fail "the check of -o x.json wrote x.json"
: >"$log"
st=$(run_status "$tmp/r.out" "$tmp/r.err" "$parallel_sh" --rochade "$tmp/rochade" --jobs 0 "${ok[@]}")
[[ $st == 2 && ! -s $log ]] || fail "--jobs 0: status $st"

# Results: the same bytes and status as one run.
: >"$log"
one --format json --by decade --where "year > 1900" -o "$tmp/one-a.json" "${ok[@]}"
st=$(run_status "$tmp/a.out" "$tmp/a.err" "$parallel_sh" --rochade "$tmp/rochade" --jobs 2 \
  --format=json --by decade --where "year > 1900" -o "$tmp/rec-a.json" "${ok[@]}")
[[ $st == 0 ]] || { fail "--format=json --by --where -o: status $st"; cat "$tmp/a.err" >&2; }
same "$tmp/one-a.json" "$tmp/rec-a.json" "parallel.sh --format=json --by decade --where -o"
[[ $(wc -l <"$log") == 6 ]] || fail "6 map jobs expected, $(wc -l <"$log") ran"
[[ ! -s $tmp/a.out ]] || fail "parallel.sh -o FILE wrote to stdout"
grep -q -- " --threads=1 " "$log" || fail "parallel.sh's map jobs did not get --threads=1"
grep -q -- " --where=year > 1900 " "$log" || fail "parallel.sh's map jobs did not get --where"

one --by eco --by=result -q "${all[@]}" >"$tmp/one-b.txt" 2>"$tmp/one-b.err" && want=0 || want=$?
st=$(run_status "$tmp/rec-b.txt" "$tmp/b.err" "$parallel_sh" --rochade "$rochade" --by eco \
  --by=result -j 2 -q "${all[@]}")
[[ $want == 1 && $st == 1 ]] || fail "missing and binary inputs: status $st, one run $want (both 1)"
same "$tmp/one-b.txt" "$tmp/rec-b.txt" "parallel.sh --by eco --by=result -j 2 -q (text, stdout)"
names "$tmp/b.err" no-such-file.pgn "parallel.sh with a missing input"
names "$tmp/b.err" more/binary.pgn "parallel.sh with a binary input"

one --format md --where='mean_elo >= 2000' --partial="$tmp/one-c.json" -o "$tmp/one-c.md" \
  "${all[@]}" 2>/dev/null && want=0 || want=$?
st=$(run_status "$tmp/c.out" "$tmp/c.err" "$parallel_sh" --rochade "$rochade" --format md \
  --where='mean_elo >= 2000' --partial="$tmp/rec-c.json" --output="$tmp/rec-c.md" "${all[@]}")
[[ $st == "$want" ]] || fail "--format md --partial: status $st, one run $want"
same "$tmp/one-c.md" "$tmp/rec-c.md" "parallel.sh --format md --where= --partial= --output="
same "$tmp/one-c.json" "$tmp/rec-c.json" "parallel.sh --partial (the merged partial)"

one -o "$tmp/one-d.csv" "${ok[@]}"
st=$(run_status "$tmp/d.out" "$tmp/d.err" "$parallel_sh" --rochade "$rochade" --progress \
  -o "$tmp/rec-d.csv" "${ok[@]}")
[[ $st == 0 ]] || fail "-o x.csv --progress: status $st"
same "$tmp/one-d.csv" "$tmp/rec-d.csv" "parallel.sh -o x.csv (the name chooses the format)"

# --list-inputs: the job list, a missing input in its place; nothing run, nothing written.
: >"$log"
st=$(run_status "$tmp/list.out" "$tmp/list.err" "$parallel_sh" --rochade "$tmp/rochade" \
  --list-inputs -o "$tmp/never.json" "${all[@]}")
{
  "$rochade" stats --list-inputs Anand_Kramnik.pgn more
  echo no-such-file.pgn
  echo pgn2data-lichess_manwithavan_2021-07-25.pgn
} >"$tmp/list.want"
[[ $st == 1 ]] || fail "--list-inputs with a missing input: status $st, not 1"
same "$tmp/list.want" "$tmp/list.out" "parallel.sh --list-inputs"
[[ ! -s $log && ! -e $tmp/never.json ]] || fail "--list-inputs ran a job or wrote -o"

# A map job killed (SIGKILL) on one input leaves no partial: the result lists that input in its
# place, incomplete, its error saying how the job ended, with exit status 1. The result is one
# run's where that input could not be read, but for that error. Killed: the job's rochade (the
# job records 137), then the whole job (GNU parallel's job log says signal 9); a rerun in the same
# work folder redoes that job alone and gives one run's bytes.
mapfile -t jobs < <("$rochade" stats --list-inputs "${ok[@]}")
victim=${jobs[2]}
killed="its job ended without a partial result: killed by signal 9 (SIGKILL)"
mv "$victim" "$tmp/victim.away"
one --format json -o "$tmp/one-k.json" "${jobs[@]}" 2>/dev/null || true  # status 1: a missing input
mv "$tmp/victim.away" "$victim"
unread_as "$tmp/one-k.json" "$killed" >"$tmp/want-k.json"
killing_rochade "$rochade" "$tmp/kill-self" "$victim" self
st=$(run_status "$tmp/k.out" "$tmp/k.err" "$parallel_sh" --rochade "$tmp/kill-self" --jobs 2 \
  --format json -o "$tmp/rec-k.json" --partial "$tmp/rec-kp.json" "${ok[@]}")
[[ $st == 1 ]] || fail "a map job killed: status $st, not 1"
same "$tmp/want-k.json" "$tmp/rec-k.json" "a map job killed: the result lists its input, incomplete"
same "$tmp/want-k.json" "$tmp/rec-kp.json" "a map job killed: the merged --partial lists its input"
names "$tmp/k.err" "$victim: $killed" "a map job killed"
killing_rochade "$rochade" "$tmp/kill-job" "$victim" job
st=$(run_status "$tmp/k.out" "$tmp/k.err" "$parallel_sh" --rochade "$tmp/kill-job" --jobs 2 \
  --workdir "$tmp/wk" --format json -o "$tmp/rec-k2.json" "${ok[@]}")
[[ $st == 1 ]] || fail "a map job killed whole: status $st, not 1"
same "$tmp/want-k.json" "$tmp/rec-k2.json" "a map job killed whole: the result lists its input, incomplete"
names "$tmp/k.err" "$victim: $killed" "a map job killed whole"
one --format json -o "$tmp/one-k3.json" "${ok[@]}"
: >"$log"
st=$(run_status "$tmp/k.out" "$tmp/k.err" "$parallel_sh" --rochade "$tmp/rochade" \
  --workdir "$tmp/wk" --format json -o "$tmp/rec-k3.json" "${ok[@]}")
[[ $st == 0 && $(wc -l <"$log") == 1 ]] || fail "the rerun after a killed job: status $st, $(wc -l <"$log") jobs ran (0, 1)"
same "$tmp/one-k3.json" "$tmp/rec-k3.json" "the rerun after a killed job"

# A work folder: another set of options or inputs is refused; a run stopped half-way is
# resumed, redoing only the jobs without a partial (and those whose input failed).
wd=$tmp/work
n=$(wc -l <"$tmp/list.want")
one --format json --by decade "${all[@]}" >"$tmp/one-e.json" 2>/dev/null && want=0 || want=$?
: >"$log"
# Three map jobs run, the fourth waits (counting_rochade's gate) until the run is stopped.
gate=$tmp/gate; mkdir -p "$gate"
CLUSTER_TEST_GATE=$gate CLUSTER_TEST_PASS=3 setsid "$parallel_sh" --rochade "$tmp/rochade" \
  --workdir "$wd" --jobs 1 --format json --by decade -o "$tmp/rec-e.json" "${all[@]}" \
  >/dev/null 2>&1 &
pid=$!
for ((i = 0; i < 1200; i++)); do [[ -e $gate/held ]] && break; sleep 0.05; done  # 60 s at most
[[ -e $gate/held ]] || fail "the fourth map job never started"
kill -TERM -- "-$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
for ((i = 0; i < 50; i++)); do pgrep -g "$pid" >/dev/null || break; sleep 0.1; done
pgrep -g "$pid" >/dev/null && fail "processes of the stopped run are left" && pkill -KILL -g "$pid"
[[ ! -e $tmp/rec-e.json ]] || fail "the stopped run wrote its result"
kept=$(partials "$wd")
failed_kept=0
for k in $(seq 1 "$n"); do
  if [[ -f $wd/parts/$k.json && $(cat "$wd/parts/$k.status" 2>/dev/null) != 0 ]]; then failed_kept=$((failed_kept + 1)); fi
done
((kept == 3)) || fail "the stopped run left $kept of $n partials, not 3"
touch "$wd/parts/$n.json.tmp-99999-0"  # a stray temporary file is never a partial
st=$(run_status "$tmp/e.out" "$tmp/e.err" "$parallel_sh" --rochade "$tmp/rochade" --workdir "$wd" \
  --by eco "${all[@]}")
[[ $st == 2 ]] || fail "a rerun with other --by: status $st, not 2"
names "$tmp/e.err" "--by=eco" "a rerun with other --by"
: >"$log"
st=$(run_status "$tmp/e.out" "$tmp/e.err" "$parallel_sh" --rochade "$tmp/rochade" --workdir "$wd" \
  --jobs 2 --format json --by decade -o "$tmp/rec-e.json" "${all[@]}")
[[ $st == "$want" ]] || fail "the resumed run: status $st, one run $want"
same "$tmp/one-e.json" "$tmp/rec-e.json" "the resumed run"
ran=$(wc -l <"$log")
[[ $ran == $((n - kept + failed_kept)) ]] ||
  fail "the resumed run ran $ran jobs: $n jobs, $kept partials kept ($failed_kept of failed inputs)"
: >"$log"
st=$(run_status "$tmp/e.out" "$tmp/e.err" "$parallel_sh" --rochade "$tmp/rochade" --workdir "$wd" \
  --format json --by decade -o "$tmp/rec-e.json" "${all[@]}")
[[ $(wc -l <"$log") == 2 ]] || fail "a third run ran $(wc -l <"$log") jobs, not the 2 of failed inputs"
mkdir -p "$tmp/other" && touch "$tmp/other/keep.txt"
st=$(run_status "$tmp/e.out" "$tmp/e.err" "$parallel_sh" --rochade "$rochade" --workdir "$tmp/other" "${ok[@]}")
[[ $st == 2 && -f $tmp/other/keep.txt && ! -e $tmp/other/parts ]] ||
  fail "a --workdir that holds other files: status $st, not 2"

# slurm.sbatch's modes by hand: prepare, the array's tasks, reduce, missing.
sw=$tmp/slurm-work
one --format json --by decade -o "$tmp/one-s.json" "${all[@]}" 2>/dev/null && want=0 || want=$?
: >"$log"
n=$("$slurm" prepare "$sw" --rochade "$tmp/rochade" --format json --by decade -o "$tmp/rec-s.json" "${all[@]}")
[[ $n == "$(wc -l <"$tmp/list.want")" ]] || fail "slurm.sbatch prepare printed $n"
[[ ! -s $log ]] || fail "slurm.sbatch prepare ran a map job"
for ((k = 1; k <= n; k++)); do
  SLURM_ARRAY_TASK_ID=$k SLURM_CPUS_PER_TASK=2 bash "$slurm" map "$sw" 2>/dev/null || true
done
[[ $(wc -l <"$log") == "$n" ]] || fail "slurm.sbatch map: $(wc -l <"$log") of $n tasks ran"
st=$(run_status "$tmp/s.out" "$tmp/s.err" bash "$slurm" reduce "$sw")
[[ $st == "$want" ]] || fail "slurm.sbatch reduce: status $st, one run $want"
same "$tmp/one-s.json" "$tmp/rec-s.json" "slurm.sbatch reduce"
names "$tmp/s.err" no-such-file.pgn "slurm.sbatch reduce"
names "$tmp/s.err" more/binary.pgn "slurm.sbatch reduce"
miss=$(grep -nx -e no-such-file.pgn -e more/binary.pgn "$tmp/list.want" | cut -d: -f1 | paste -sd,)
[[ $(bash "$slurm" missing "$sw") == "$miss" ]] || fail "slurm.sbatch missing: $(bash "$slurm" missing "$sw"), not $miss"
[[ $miss == 3,10 ]] || fail "the job list changed: tasks $miss are the failed inputs, not 3 and 10"
rm "$sw/parts/5.json" "$sw/parts/6.json"
[[ $(bash "$slurm" missing "$sw") == "3,5-6,10" ]] || fail "slurm.sbatch missing without 5, 6: $(bash "$slurm" missing "$sw")"
st=$(run_status "$tmp/s.out" "$tmp/s.err" bash "$slurm" reduce "$sw")
[[ $st == 1 ]] || fail "slurm.sbatch reduce without two partials: status $st"
names "$tmp/s.err" "$(sed -n 5p "$tmp/list.want"): no partial" "slurm.sbatch reduce without a partial"
st=$(run_status "$tmp/s.out" "$tmp/s.err" "$slurm" prepare "$sw" --rochade "$rochade" --where "year > 2000" "${all[@]}")
[[ $st == 2 ]] || fail "slurm.sbatch prepare with other options: status $st, not 2"
st=$(run_status "$tmp/s.out" "$tmp/s.err" "$slurm" prepare "$sw" --rochade "$tmp/rochade" --format json --by decade -o "$tmp/rec-s.json" "${all[@]}")
[[ $st == 0 && $(bash "$slurm" missing "$sw") == "3,5-6,10" ]] || fail "slurm.sbatch prepare again: status $st, or the partials were not kept"

# The same by hand for slurm.sbatch: the task over $victim killed, its input listed in its place.
sk=$tmp/slurm-killed
n=$("$slurm" prepare "$sk" --rochade "$tmp/kill-self" --format json -o "$tmp/rec-sk.json" "${ok[@]}")
for ((k = 1; k <= n; k++)); do
  SLURM_ARRAY_TASK_ID=$k bash "$slurm" map "$sk" 2>/dev/null || true
done
st=$(run_status "$tmp/s.out" "$tmp/s.err" bash "$slurm" reduce "$sk")
[[ $st == 1 ]] || fail "slurm.sbatch reduce after a killed task: status $st, not 1"
same "$tmp/want-k.json" "$tmp/rec-sk.json" "slurm.sbatch reduce after a killed task"
names "$tmp/s.err" "$victim: $killed" "slurm.sbatch reduce after a killed task"
[[ $(bash "$slurm" missing "$sk") == 3 ]] || fail "slurm.sbatch missing after a killed task 3: $(bash "$slurm" missing "$sk")"
# A task stopped by SIGTERM (a time limit, scancel) records it as it ends.
rm -rf "$sk"
killing_rochade "$rochade" "$tmp/kill-term" "$victim" term
n=$("$slurm" prepare "$sk" --rochade "$tmp/kill-term" --format json -o "$tmp/rec-sk.json" "${ok[@]}")
for ((k = 1; k <= n; k++)); do
  SLURM_ARRAY_TASK_ID=$k bash "$slurm" map "$sk" 2>/dev/null || true
done
st=$(run_status "$tmp/s.out" "$tmp/s.err" bash "$slurm" reduce "$sk")
termed="its job ended without a partial result: killed by signal 15 (SIGTERM)"
[[ $st == 1 ]] || fail "slurm.sbatch reduce after a task stopped by SIGTERM: status $st, not 1"
unread_as "$tmp/one-k.json" "$termed" >"$tmp/want-t.json"
same "$tmp/want-t.json" "$tmp/rec-sk.json" "slurm.sbatch reduce after a task stopped by SIGTERM"
names "$tmp/s.err" "$victim: $termed" "slurm.sbatch reduce after a task stopped by SIGTERM"

check_done "cluster recipes: every option taken or refused; merged == one run; a killed job listed; resumed runs redo only what is missing"
