# shellcheck shell=bash
# Shared by the cluster recipe tests (sourced). Each test sets $tmp (its temporary folder) first.

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
check_done() {  # the test's last line
  if ((failures)); then echo "$failures check(s) failed" >&2; exit 1; fi
  echo "$1"
}

# make_inputs DATA DIR: real games from tests/data in DIR, with a folder among them, and one
# file that is not PGN (binary bytes: an input that fails when read, exit 1).
make_inputs() {
  local data=$1 dir=$2
  mkdir -p "$dir/more"
  cp "$data/masters/Anand_Kramnik.pgn" "$data/lichess/pgn2data-lichess_manwithavan_2021-07-25.pgn" \
    "$dir/"
  cp "$data/chess960/TCEC_Season_19_-_Frc2_Testing2.pgn.zst" "$data/historical/mir_khan.pgn" \
    "$data/lichess/scalachess-uzchesscup.pgn" "$dir/more/"
  cp -r "$data/historical/castling-incidents" "$dir/more/incidents"
  printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000binary, not PGN\n' >"$dir/more/binary.pgn"
}

# counting_rochade REAL WRAPPER LOG: WRAPPER runs REAL and adds a line to LOG for each map job
# (a run with --partial=, not --list-inputs): its arguments, each between spaces. So a test can
# count the jobs that ran. With $CLUSTER_TEST_GATE set (a folder) and $CLUSTER_TEST_PASS=N, the
# first N map jobs run; the next one creates GATE/held, then waits until GATE/open exists (a run
# stopped half-way at a known place: run with --jobs 1, wait for GATE/held, then stop it).
counting_rochade() {
  local real=$1 wrapper=$2 log=$3
  : >"$log"
  cat >"$wrapper" <<EOF
#!/usr/bin/env bash
line=\$(printf ' %s ' "\$@")
case "\$line" in
  *" --list-inputs "*) ;;
  *" --partial="*)
    printf '%s\n' "\$line" >>$(printf '%q' "$log")  # one write: jobs run at once
    if [[ -n \${CLUSTER_TEST_GATE:-} ]] &&
       ((\$(wc -l <$(printf '%q' "$log")) > \${CLUSTER_TEST_PASS:-0})); then
      : >"\$CLUSTER_TEST_GATE/held"
      for ((i = 0; i < 6000; i++)); do [[ -e \$CLUSTER_TEST_GATE/open ]] && break; sleep 0.05; done
    fi ;;
esac
exec $(printf '%q' "$real") "\$@"
EOF
  chmod +x "$wrapper"
}

# run_status OUT ERR CMD...: runs CMD with stdout in OUT and stderr in ERR; prints its status.
run_status() {
  local out=$1 err=$2 status=0
  shift 2
  "$@" >"$out" 2>"$err" || status=$?
  echo "$status"
}

# same A B WHAT: the two files hold the same bytes.
same() {
  if ! cmp -s "$1" "$2"; then
    fail "$3: differs from one run"
    diff "$1" "$2" | head -10 >&2 || true
  fi
}

# names ERR NAME WHAT: stderr (the file ERR) names NAME.
names() {
  grep -qF -- "$2" "$1" || { fail "$3: stderr does not name $2"; sed 's/^/  stderr: /' "$1" | head -10 >&2; }
}

# partials DIR: how many partials the work folder DIR holds (DIR/parts/K.json; no temporary file).
partials() {
  local k count=0
  for k in "$1"/parts/*.json; do [[ -f $k ]] && count=$((count + 1)); done
  echo "$count"
}

# killing_rochade REAL WRAPPER INPUT WHOM: WRAPPER runs REAL, except in the map job over INPUT (a
# run with --partial= whose last argument is INPUT), where it kills with SIGKILL, before rochade
# writes anything, itself (WHOM=self: the job sees its rochade killed by signal 9), the job that
# runs it and then itself (WHOM=job: the job ends without a word, as on a lost node), or both
# with SIGTERM (WHOM=term: as Slurm's time limit and scancel do). No timing: the same job dies in
# every run.
killing_rochade() {
  local real=$1 wrapper=$2 input=$3 whom=$4
  cat >"$wrapper" <<EOF
#!/usr/bin/env bash
if [[ " \$* " == *" --partial="* && \${*: -1} == $(printf '%q' "$input") ]]; then
  if [[ $whom == term ]]; then kill -TERM "\$PPID" "\$\$"; sleep 5; exit 3; fi
  if [[ $whom == job ]]; then kill -KILL "\$PPID"; fi
  kill -KILL "\$\$"
fi
exec $(printf '%q' "$real") "\$@"
EOF
  chmod +x "$wrapper"
}

# unread_as JSON ERROR: JSON (a stats document of one run where one input was missing) with that
# input's error replaced by ERROR: what a recipe's result says of an input whose job was killed.
unread_as() {
  [[ $(grep -c '"error": "no such file or directory"' "$1") == 1 ]] || fail "$1: not one missing input"
  local escaped=${2//\\/\\\\}
  escaped=${escaped//&/\\&}
  sed "s|\"error\": \"no such file or directory\"|\"error\": \"${escaped//|/\\|}\"|" "$1"
}
