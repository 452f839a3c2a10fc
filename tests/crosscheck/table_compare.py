"""Compares rochade's games table (JSON lines) with chessops' per-game dump (crosscheck.mjs
--dump), game by game. Prints the counts of games compared and of disagreements per field, with
examples; exit 1 on any disagreement. Used by table.sh."""
import json
import re
import sys
from collections import Counter, defaultdict

CASTLING = re.compile(r"^([wb])([KQ])@(\d+)([+#]?)$")


def ascii_only(s):
    return s is None or all(ord(c) < 128 for c in s)


def main(rochade_path, dump_path):
    dump = {}
    for line in open(dump_path, encoding="utf-8"):
        d = json.loads(line)
        dump[(d["file"], d["game"])] = d
    compared = Counter()
    diffs = Counter()
    examples = defaultdict(list)
    illegal_games = 0
    rows = 0

    def differ(field, key, ours, theirs):
        diffs[field] += 1
        if len(examples[field]) < 5:
            examples[field].append((key, ours, theirs))

    for line in open(rochade_path, encoding="utf-8"):
        r = json.loads(line)
        rows += 1
        key = (r["input"], r["game"])
        d = dump.get(key)
        if d is None:
            differ("game missing in chessops", key, "row", None)
            continue
        compared["games"] += 1
        if r["line"] != d["line"]:
            differ("line", key, r["line"], d["line"])
        for tag, col in (("White", "white"), ("Black", "black"), ("Event", "event"),
                         ("Date", "date"), ("Result", "result")):
            theirs = d.get(tag) or None
            if ascii_only(theirs) and ascii_only(r[col]):
                compared["tags"] += 1
                if (r[col] or None) != theirs:
                    differ("tag " + tag, key, r[col], theirs)
        if (r["skipped"] is not None) != ("skipped" in d):
            differ("skipped", key, r["skipped"], d.get("skipped"))
            continue
        if r["skipped"] is not None:
            continue
        stop = d.get("stop")
        refused = bool(stop) and stop.get("reason") == "castling refused by chessops"
        # A castling that cannot be carried out at all (blocked by its own piece) is a replay
        # error for rochade, as for chessops: compared as a stop below.
        if refused and not r["illegal_castlings"] and r["error"] is not None:
            refused = False
        if r["illegal_castlings"] or refused:
            illegal_games += 1
            if not (r["illegal_castlings"] and refused):
                differ("illegal castling", key, r["illegal_castlings"], stop)
            continue  # chessops stops at the illegal castling; rochade plays on
        compared["replays"] += 1
        if r["plies"] != d["plies"]:
            differ("plies", key, r["plies"], d["plies"])
        if (r["error"] is not None) != bool(stop):
            differ("error (replay stopped)", key, r["error"], stop)
        cs = [CASTLING.match(c).groups() for c in d["castlings"]]
        first = {}
        for color, side, move, mark in cs:
            first.setdefault(color, (side, int(move)))
        for color, col in (("w", "white"), ("b", "black")):
            want = {"K": "O-O", "Q": "O-O-O"}[first[color][0]] if color in first else None
            if r[col + "_castling"] != want:
                differ(col + "_castling", key, r[col + "_castling"], want)
            if color in first and r["setup"] == 0 and r[col + "_castling_ply"] is not None:
                compared["castling move numbers"] += 1
                if (r[col + "_castling_ply"] + 1) // 2 != first[color][1]:
                    differ(col + "_castling move", key, r[col + "_castling_ply"], first[color][1])
        want_first = {"w": "white", "b": "black"}[cs[0][0]] if cs else None
        if r["first_castler"] != want_first:
            differ("first_castler", key, r["first_castler"], want_first)
        checks = sum(1 for c in cs if c[3])
        if r["castling_check"] != checks:
            differ("castling_check", key, r["castling_check"], checks)
        mate = int(any(c[3] == "#" for c in cs))
        if r["mate_by_castling"] != mate:
            differ("mate_by_castling", key, r["mate_by_castling"], mate)
        compared["castlings"] += len(cs)
    if rows != len(dump):
        differ("number of games", "all", rows, len(dump))
    print(f"games: rochade {rows:,}, chessops {len(dump):,}; compared {compared['games']:,} games "
          f"({compared['replays']:,} replays, {compared['castlings']:,} castlings, "
          f"{compared['castling move numbers']:,} castling move numbers, {compared['tags']:,} "
          f"tags); {illegal_games:,} games with an illegal castling compared up to it")
    if not diffs:
        print("no disagreement")
        return 0
    for field, n in diffs.most_common():
        print(f"DIFFERENT {field}: {n:,}")
        for key, ours, theirs in examples[field]:
            print(f"    {key}: rochade {ours!r}, chessops {theirs!r}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
