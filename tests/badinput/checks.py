"""The checks of a case: each takes the run (run.py: rc, out, err, games, json, rss, wall) and
returns None (fine) or what is wrong."""
import re


def exit_is(n):
    return lambda r: None if r.rc == n else f"exit {r.rc}, expected {n}"


def names(path):
    return lambda r: None if path in r.err else f"stderr does not name {path}"


def says(text):  # case-insensitive
    return lambda r: None if text.lower() in r.err.lower() else f"stderr lacks {text!r}"


def quiet_stderr(r):
    return None if not r.err.strip() else "unexpected stderr"


def byte_offset(lo, hi):
    def check(r):
        m = re.search(r"byte (\d+)", r.err)
        if not m:
            return "stderr names no byte offset"
        n = int(m.group(1))
        return None if lo <= n <= hi else f"offset {n} not in [{lo}, {hi}]"
    return check


def games_between(lo, hi=None):
    def check(r):
        if r.games is None:  # no output: nothing could be read (cli.md), so no games
            return None if lo == 0 else "no game count in the output"
        if r.games < lo:
            return f"{r.games} games < {lo}: games lost"
        if hi is not None and r.games > hi:
            return f"{r.games} games > {hi}: games that do not exist"
        return None
    return check


def no_games(r):
    """0 games: an output that says 0, or none at all (no input could be read: cli.md)."""
    return None if r.games in (None, 0) else f"{r.games} games that do not exist"


def json_is(path, value):
    def check(r):
        v = r.json
        for k in path.split("."):
            v = v.get(k) if isinstance(v, dict) else None
        return None if v == value else f"{path} = {v}, expected {value}"
    return check


def inputs_complete(flags):
    def check(r):
        got = [i["complete"] for i in r.json["inputs"]] if r.json else None
        return None if got == flags else f"inputs complete = {got}, expected {flags}"
    return check


def out_has(text):
    return lambda r: None if text in r.out else f"stdout lacks {text!r}"


def not_pgn_or_no_game(r):
    if r.rc == 1:
        return None if "not PGN" in r.err and r.games in (None, 0) else "exit 1 without 'not PGN'"
    if r.rc == 0:
        return json_is("games.replayed", 0)(r)
    return f"exit {r.rc}"


def exit_in(*codes):
    return lambda r: None if r.rc in codes else f"exit {r.rc}, expected one of {codes}"


def reported_or_true(path, n):
    def check(r):
        if r.rc == 1:
            return None if path in r.err else f"exit 1 but stderr does not name {path}"
        return None if r.games == n else f"exit 0 with {r.games} games, not {n}"
    return check


def no_finding(r):
    return None if not r.out.strip() else "unexpected finding"


def findings(n):
    """n findings: lines of `audit --format jsonl`."""
    def check(r):
        got = len(r.out.splitlines())
        return None if got == n else f"{got} findings, expected {n}"
    return check


def castlings_reported(k):
    """k findings of a castling (kind illegal_move or illegal_castling, san O-O or O-O-O)."""
    def check(r):
        n = len(re.findall(r'"kind":"illegal_(move|castling)".*"san":"O-O', r.out))
        return None if n == k else f"findings: {r.out.count(chr(10))} lines, expected {k} castlings"
    return check
