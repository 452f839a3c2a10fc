#!/usr/bin/env bash
# scripts/cluster/parallel.sh --sshlogin against a real sshd: one started here on 127.0.0.1 and
# a free port, with its own host key, client key, sshd_config and ssh_config in a temporary
# folder, stopped at the end. The map jobs run through ssh (GNU parallel's job log names the
# host) over real games, a folder, a missing file and a file that is not PGN: the result equals
# one `rochade stats` run byte for byte, the status is 1 like that run's and both failed inputs
# are named. Then a run left half done (partials lost, a temporary file left) is run again with
# the same --workdir: only the jobs without a partial (and those whose input failed) run again,
# and the result is the same bytes.
#   tests/cluster/ssh_test.sh ROCHADE DATA ROOT
# Skipped (exit 77) only when openssh-server, ssh or GNU parallel is not installed.
set -euo pipefail
for cmd in /usr/sbin/sshd ssh ssh-keygen parallel python3; do
  command -v "$cmd" >/dev/null || { echo "SKIP: $cmd is not installed (scripts/setup installs openssh-server, parallel)"; exit 77; }
done
rochade=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
data=$(cd "$2" && pwd); root=$(cd "$3" && pwd)
tmp=$(mktemp -d)
# shellcheck source=tests/cluster/lib.sh
source "$root/tests/cluster/lib.sh"
export PARALLEL_HOME=$tmp/parallel-home  # GNU parallel's own files, here and not in ~/.parallel
mkdir -p "$PARALLEL_HOME"
sshd_pid=""
cleanup() {
  local status=$? i left
  set +e
  if [[ -n $sshd_pid ]]; then
    # The sessions first (their processes are sshd's children), then sshd.
    pkill -TERM -P "$sshd_pid" 2>/dev/null
    kill -TERM "$sshd_pid" 2>/dev/null
    for ((i = 0; i < 100; i++)); do kill -0 "$sshd_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$sshd_pid" 2>/dev/null
    wait "$sshd_pid" 2>/dev/null
  fi
  for ((i = 0; i < 50; i++)); do pgrep -f -- "$tmp" >/dev/null || break; sleep 0.1; done
  left=$(pgrep -f -- "$tmp" | tr '\n' ' ')
  if [[ -n $left ]]; then
    echo "FAIL: processes left running: $left" >&2
    ps -o pid,args -p "${left// /,}" >&2
    # shellcheck disable=SC2086  # the pids
    kill -KILL $left 2>/dev/null
    status=1
  fi
  if ((status != 0 && status != 77)) && [[ -f $tmp/sshd.log ]]; then
    echo "--- sshd.log (last lines)" >&2; tail -15 "$tmp/sshd.log" >&2
  fi
  rm -rf -- "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Keys, configurations, sshd.
user=$(id -un)
ssh-keygen -q -t ed25519 -N '' -C rochade-test-host -f "$tmp/host_key"
ssh-keygen -q -t ed25519 -N '' -C rochade-test-client -f "$tmp/client_key"
cp "$tmp/client_key.pub" "$tmp/authorized_keys"
printf 'rochade-test %s\n' "$(cut -d' ' -f1,2 "$tmp/host_key.pub")" >"$tmp/known_hosts"
port=$(python3 -c '
import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$tmp/sshd_config" <<EOF
ListenAddress 127.0.0.1:$port
HostKey $tmp/host_key
PidFile $tmp/sshd.pid
AuthorizedKeysFile $tmp/authorized_keys
AllowUsers $user
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
X11Forwarding no
PrintMotd no
MaxStartups 50
MaxSessions 50
EOF
cat >"$tmp/ssh_config" <<EOF
Host rochade-test
  HostName 127.0.0.1
  Port $port
  User $user
  HostKeyAlias rochade-test
  IdentityFile $tmp/client_key
  IdentitiesOnly yes
  UserKnownHostsFile $tmp/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
  ControlMaster no
  LogLevel ERROR
EOF
# sshd running as root needs its (empty) privilege separation folder, which Debian's service
# creates at boot; without an init system it may be missing.
if ((EUID == 0)) && [[ ! -d /run/sshd ]]; then mkdir -m 0755 /run/sshd; fi
/usr/sbin/sshd -D -e -f "$tmp/sshd_config" 2>"$tmp/sshd.log" &
sshd_pid=$!
ssh_cmd="ssh -F $tmp/ssh_config"
for ((i = 0; i < 100; i++)); do
  $ssh_cmd rochade-test true 2>/dev/null && break
  kill -0 "$sshd_pid" 2>/dev/null || { cat "$tmp/sshd.log" >&2; echo "sshd did not start" >&2; exit 1; }
  sleep 0.1
done
$ssh_cmd rochade-test true || { echo "no ssh login to 127.0.0.1:$port" >&2; exit 1; }

make_inputs "$data" "$tmp/in"
cd "$tmp/in"
all=(Anand_Kramnik.pgn more/incidents no-such-file.pgn more/binary.pgn)  # 7 jobs: 1, 2-5, 6, 7
log=$tmp/map-jobs.log
counting_rochade "$rochade" "$tmp/rochade" "$log"
parallel_sh=$root/scripts/cluster/parallel.sh
remote=(--sshlogin 2/rochade-test --ssh "$ssh_cmd" --workdir "$tmp/work" --rochade "$tmp/rochade")
opts=(--format json --by decade --where "year > 1800")
"$rochade" stats --no-progress "${opts[@]}" -o "$tmp/one.json" "${all[@]}" 2>/dev/null && want=0 || want=$?
[[ $want == 1 ]] || fail "one run over a missing and a binary input: status $want, not 1"
n=$({ "$rochade" stats --list-inputs "${all[@]}" 2>/dev/null || true; } | wc -l)
n=$((n + 1))  # and the missing file, a job of its own

st=$(run_status "$tmp/a.out" "$tmp/a.err" "$parallel_sh" "${remote[@]}" "${opts[@]}" -o "$tmp/rec.json" "${all[@]}")
[[ $st == "$want" ]] || { fail "parallel.sh --sshlogin: status $st, one run's $want"; cat "$tmp/a.err" >&2; }
same "$tmp/one.json" "$tmp/rec.json" "parallel.sh --sshlogin"
names "$tmp/a.err" no-such-file.pgn "parallel.sh --sshlogin"
names "$tmp/a.err" more/binary.pgn "parallel.sh --sshlogin"
[[ $(wc -l <"$log") == "$n" ]] || fail "$(wc -l <"$log") map jobs ran, not $n"
hosts=$(awk -F'\t' 'NR > 1 { print $2 }' "$tmp/work/joblog" | sort -u | paste -sd' ')
[[ $hosts == rochade-test ]] || fail "the jobs ran on '$hosts', not on rochade-test"
grep -q "Accepted publickey for $user" "$tmp/sshd.log" || fail "sshd logged no login"

# A run left half done: three partials lost (one with a stray temporary file beside it).
[[ $n == 7 ]] || fail "7 jobs expected, not $n"
rm "$tmp/work/parts/1.json" "$tmp/work/parts/3.json" "$tmp/work/parts/4.json"
touch "$tmp/work/parts/4.json.tmp-12345-0"  # as a killed job leaves it
rm -f "$tmp/rec.json"
: >"$log"
st=$(run_status "$tmp/b.out" "$tmp/b.err" "$parallel_sh" "${remote[@]}" "${opts[@]}" -o "$tmp/rec.json" "${all[@]}")
[[ $st == "$want" ]] || { fail "the rerun: status $st, one run's $want"; cat "$tmp/b.err" >&2; }
same "$tmp/one.json" "$tmp/rec.json" "parallel.sh --sshlogin run again"
ran=$(wc -l <"$log")
[[ $ran == 5 ]] || fail "the rerun ran $ran jobs, not 5 (3 without a partial, 2 failed inputs)"
grep -q "running the other 5" "$tmp/b.err" || fail "the rerun did not say how many jobs it runs"
[[ ! -e $tmp/work/parts/4.json.tmp-12345-0 ]] || fail "the stray temporary file of job 4 is still there"
# Other options with the same work folder: refused before any job.
: >"$log"
st=$(run_status "$tmp/c.out" "$tmp/c.err" "$parallel_sh" "${remote[@]}" --format json --by eco -o "$tmp/rec.json" "${all[@]}")
[[ $st == 2 && ! -s $log ]] || fail "a rerun with other options: status $st (not 2), or jobs ran"

check_done "ssh: parallel.sh --sshlogin == one run (result, status 1, failed inputs named); a rerun redoes only the missing jobs"
