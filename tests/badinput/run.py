#!/usr/bin/env python3
"""Bad input, tried for real: generates damaged archives and hostile PGN files into a temp dir,
runs rochade on each under /usr/bin/time -v with a timeout, and checks each case's stated
expectation (exit status, message, games counted, peak RSS, no hang). Prints a table; exits 1
if any case fails.

  tests/badinput/run.py [--rochade PATH] [--keep] [--quick] [--sanitized] [--only SUBSTR]

--quick skips the two 200 MB cases; --sanitized (an ASan build) relaxes the RSS bounds;
--keep leaves the temp dir (its path is printed); --only runs the cases whose name contains
SUBSTR. Needs python3 (stdlib), gzip, bzip2, xz, zstd, and data/sample.pgn.zst.
The cases and their expectations are in cases.py, their checks in checks.py, the reference
decoders the expectations of damaged archives come from in reference.py; this file runs them.
"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (ctest runs it from there)

import argparse, json, os, re, shutil, subprocess, tempfile, time, types  # noqa: E402

from cases import MiB, all_cases  # noqa: E402
from reference import Games  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HAVE_TIME = os.access("/usr/bin/time", os.X_OK)  # Debian package `time`
# Without /usr/bin/time: a small python forks the command and writes its children's peak RSS
# (a child of this big process would start with our RSS as its high-water mark).
RSS_WRAPPER = """import os, resource, sys
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
status = os.waitpid(pid, 0)[1]
with open(sys.argv[1], "w") as f:
    f.write("Maximum resident set size (kbytes): %d\\n"
            % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status) % 256)
"""
SANITIZER_REPORT = re.compile(r"ERROR: (Address|Leak|Thread|Memory)Sanitizer|runtime error:")


def run_rochade(rochade, tmp, argv, timeout, as_nobody=False):
    """Runs rochade under /usr/bin/time -v and timeout: rc, out, err, rss (MiB), wall, json,
    games (games.total of --format json, or the number printed by find --count)."""
    out_f, err_f, time_f = (os.path.join(tmp, "run." + x) for x in ("out", "err", "time"))
    cmd = [rochade] + argv
    if as_nobody:
        cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + cmd
    cmd = ["timeout", "-k", "5", str(timeout)] + cmd
    if HAVE_TIME:
        cmd = ["/usr/bin/time", "-v", "-o", time_f] + cmd
    else:
        cmd = [sys.executable, "-I", "-S", "-c", RSS_WRAPPER, time_f] + cmd
    t0 = time.monotonic()
    with open(out_f, "wb") as o, open(err_f, "wb") as e:
        rc = subprocess.run(cmd, stdout=o, stderr=e).returncode
    r = types.SimpleNamespace()
    r.wall = time.monotonic() - t0
    r.rc = rc
    with open(out_f, "rb") as f:
        r.out = f.read(4 * MiB).decode("utf-8", "replace")
    with open(err_f, "rb") as f:
        r.err = f.read().decode("utf-8", "replace")
    with open(time_f) as f:
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", f.read())
    r.rss = int(m.group(1)) / 1024 if m else float("nan")
    r.json = None
    if "--format" in argv and argv[argv.index("--format") + 1] == "json" and rc in (0, 1):
        try:
            r.json = json.loads(r.out)
        except ValueError:
            pass
    r.games = r.json["games"]["total"] if r.json else None
    if "--count" in argv and rc in (0, 1) and r.out.strip().isdigit():
        r.games = int(r.out.strip())
    return r


def shorten(err, tmp, n=110):
    """The first stderr line, the temp dir left out, `|` escaped for the table."""
    s = err.strip().splitlines()[0] if err.strip() else ""
    s = s.replace(tmp + "/", "").replace("|", "\\|")
    return s if len(s) <= n else s[:n - 1] + "…"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rochade", metavar="PATH", default=os.path.join(ROOT, "build", "rochade"),
                    help="the binary to test (default: build/rochade)")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir with the cases")
    ap.add_argument("--quick", action="store_true", help="skip the two 200 MB cases")
    ap.add_argument("--sanitized", action="store_true",
                    help="an ASan build: RSS bounds x4, timeouts x3")
    ap.add_argument("--unoptimized", action="store_true",
                    help="a Debug build (-O0): timeouts x3")
    ap.add_argument("--only", metavar="TEXT", default="", help="only cases whose name has TEXT")
    args = ap.parse_args()
    os.chdir(ROOT)
    rochade = os.path.abspath(args.rochade)
    if not os.access(rochade, os.X_OK):
        sys.exit(f"badinput: no rochade at {rochade} (--rochade PATH)")
    for tool in ["timeout", "gzip", "bzip2", "xz", "zstd"]:
        if not shutil.which(tool):
            sys.exit(f"badinput: needs {tool} (Debian: coreutils, gzip, bzip2, xz-utils, zstd)")
    t_start = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="rochade-badinput-")
    os.chmod(tmp, 0o755)  # the unreadable-file case runs rochade as nobody when we are root
    failed = 0
    try:
        base = subprocess.run(["zstd", "-dc", "data/sample.pgn.zst"], stdout=subprocess.PIPE,
                              check=True).stdout
        games = Games(base)
        cases = all_cases(tmp, base, games, args.quick)
        cases = [c for c in cases if args.only in c.name]
        rss_factor = 4 if args.sanitized else 1
        rss_by = "/usr/bin/time -v" if HAVE_TIME else "getrusage (no /usr/bin/time)"
        print(f"# rochade: {rochade}; data: data/sample.pgn.zst ({len(games.starts)} games); "
              f"{len(cases)} cases; peak RSS by {rss_by}; temp dir {tmp}", flush=True)
        print("| case | expected | exit | rochade printed (stderr, first line) | games "
              "| peak RSS MiB | wall s | result |")
        print("|---|---|---:|---|---:|---:|---:|---|")
        for c in cases:
            timeout = c.timeout * (3 if args.sanitized or args.unoptimized else 1)
            r = run_rochade(rochade, tmp, c.argv, timeout, c.as_nobody)
            problems = []
            if r.rc == 124 or r.rc == 137:
                problems.append(f"no result within {timeout} s (hang?)")
            elif r.rc < 0 or r.rc > 2:
                problems.append(f"exit {r.rc}: crashed")
            if SANITIZER_REPORT.search(r.err):  # ASan/UBSan exit with 1 by default
                problems.append("sanitizer report: " + SANITIZER_REPORT.search(r.err).group(0))
            problems += [p for p in (chk(r) for chk in c.checks) if p]
            if not r.rss <= c.rss * rss_factor:
                problems.append(f"peak RSS {r.rss:.0f} MiB > {c.rss * rss_factor} MiB")
            ok = not problems
            failed += not ok
            shown = shorten(r.err, tmp)
            games_txt = "" if r.games is None else str(r.games)
            verdict = "PASS" if ok else "FAIL: " + "; ".join(problems).replace(tmp + "/", "")
            print(f"| {c.name} | {c.expected.replace(tmp + '/', '')} | {r.rc} | {shown} "
                  f"| {games_txt} | {r.rss:.1f} | {r.wall:.2f} | {verdict} |", flush=True)
    finally:
        if args.keep:
            print(f"# kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"# {failed} failed; total {time.monotonic() - t_start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
