#!/usr/bin/env python3
"""Every figure of one stats run, in every format, against the JSON document of the same run.

Usage: figures_check.py DIR
DIR holds out.json, out.txt, out.md, out.html and out.csv of one run (the same inputs and
options), and optionally find.txt: lines "PREDICATE COUNT" from `rochade find PREDICATE --count`.
The wholes are computed here from docs/STATS-JSON.md's table ("Figures"), not taken from
rochade: each colour's first castlings come from the results by pattern, the games analysed
from replayed + with_errors. Prints "N passed, M failed"; exits 1 on a failure.
"""
import csv
import html
import json
import re
import sys
from pathlib import Path

d = Path(sys.argv[1])
doc = json.loads((d / "out.json").read_text())
passes = fails = 0


def check(what, got, want):
    global passes, fails
    if got == want:
        passes += 1
    else:
        fails += 1
        print(f"FAIL: {what}: got {got!r}, want {want!r}", file=sys.stderr)


def num(n):
    return f"{n:,}"


def pct(part, whole):
    return "-" if whole == 0 else f"{100.0 * part / whole:.1f}%"


COLOURS = ("white", "black")
PAT = {"K": 0, "Q": 1, "-": 2}


def figures(c):
    """The figures of one counts object (the document's top, or a group), computed here."""
    g, k = c["games"], c["castling"]
    analysed = g["replayed"] + g["with_errors"]
    first = {col: [0, 0, 0] for col in COLOURS}
    for key, res in c["results"].items():
        w, b = key.split("/")
        n = sum(res.values())
        first["white"][PAT[w]] += n
        first["black"][PAT[b]] += n
    f = {"analysed": analysed, "games": g, "castling": k}
    for col in COLOURS:
        moves = k[col]["kingside"] + k[col]["queenside"]
        f[col] = {"first": first[col][:2], "never": first[col][2],
                  "again": moves - first[col][0] - first[col][1], "moves": moves}
    f["any"] = k["white_first"] + k["black_first"]
    f["moves"] = f["white"]["moves"] + f["black"]["moves"]
    return f


def check_counts_object(where, c):
    """The document's own v1.5 keys against the counts they come from."""
    f = figures(c)
    check(f"{where} castling.games_analysed", c["castling"]["games_analysed"], f["analysed"])
    check(f"{where} games add up to total", sum(v for k, v in c["games"].items() if k != "total"), c["games"]["total"])
    for col in COLOURS:
        kc = c["castling"][col]
        check(f"{where} {col} never == none", f[col]["never"], kc["none"])
        check(f"{where} {col} first_kingside", kc["first_kingside"], f[col]["first"][0])
        check(f"{where} {col} first_queenside", kc["first_queenside"], f[col]["first"][1])
        check(f"{where} {col} castled_again", kc["castled_again"], f[col]["again"])
        check(f"{where} {col} shares add up", sum(f[col]["first"]) + f[col]["never"], f["analysed"])
    check(f"{where} any_castled", c["castling"]["any_castled"], f["any"])
    check(f"{where} castling_moves", c["castling"]["castling_moves"], f["moves"])


def castling_rows(c):
    """The Castling table's rows as the reports print them."""
    f = figures(c)
    a = f["analysed"]
    rows = []
    for col in COLOURS:
        x = f[col]
        rows.append([col, num(x["first"][0]), pct(x["first"][0], a), num(x["first"][1]),
                     pct(x["first"][1], a), num(x["never"]), pct(x["never"], a), num(x["again"]),
                     num(x["moves"])])
    return rows


def group_rows(key, values, with_without_moves):
    out = {}
    for value, c in values.items():
        f = figures(c)
        a = f["analysed"]
        row = [num(a)]
        if with_without_moves:
            row.append(num(c["games"]["without_moves"]))
        for col in COLOURS:
            x = f[col]
            row += [pct(x["first"][0], a), pct(x["first"][1], a), pct(x["never"], a)]
        row.append(num(f["white"]["again"] + f["black"]["again"]))
        row.append(num(c["illegal_castling"]["total"]))
        out[value] = row
    return out


def events_rows(c):
    f = figures(c)
    k, a = c["castling"], f["analysed"]
    both = k["both_castled"]
    rows = [["both castled", num(both), pct(both, a), "games analysed"],
            ["opposite sides", num(k["opposite_sides"]), pct(k["opposite_sides"], both), "both castled"],
            ["same side", num(k["same_side"]), pct(k["same_side"], both), "both castled"],
            ["white castled first", num(k["white_first"]), pct(k["white_first"], f["any"]), "games with castling"],
            ["black castled first", num(k["black_first"]), pct(k["black_first"], f["any"]), "games with castling"],
            ["castling with check", num(k["with_check"]), pct(k["with_check"], f["moves"]), "castling moves"],
            ["mate by castling", num(k["checkmate"]), pct(k["checkmate"], f["moves"]), "castling moves"]]
    for col in COLOURS:
        n = k["king_moved_first"][col]
        rows.append([f"{col} king moved first", num(n), pct(n, a), "games analysed"])
    rows.append(["annotation mismatch", num(c["annotation_mismatch"]),
                 pct(c["annotation_mismatch"], f["moves"]), "castling moves"])
    rows.append(["false repetition", num(c["false_repetition"]), pct(c["false_repetition"], a),
                 "games analysed"])
    return rows


# --- the formats' tables -----------------------------------------------------------------------

def text_tables(text):
    """{title: [rows as cell lists]} of the text report (cells split at two or more spaces)."""
    tables, rows = {}, None
    lines = text.split("\n")
    i = 1
    while i < len(lines):
        line = lines[i]
        if line == "":
            rows = None
        elif not line.startswith(" "):
            rows = tables.setdefault(line, [])
            if i + 1 < len(lines) and lines[i + 1].startswith("  ("):  # the note, to its ")"
                i += 1
                while not lines[i].endswith(")"):
                    i += 1
        elif rows is not None:
            rows.append(re.split(r"\s{2,}", line.strip()))
        i += 1
    return tables


def md_tables(text):
    tables, title = {}, None
    for line in text.split("\n"):
        if line.startswith("## "):
            title = line[3:]
            tables[title] = []
        elif line.startswith("|") and title is not None:
            cells = [x.strip() for x in re.split(r"(?<!\\)\|", line)[1:-1]]
            if all(re.fullmatch(r":?-+:?", x) for x in cells):
                continue
            cells = [x.replace("&emsp;", "") for x in cells]
            tables[title].append([re.sub(r"\\(.)", r"\1", x) for x in cells])
    return tables


def html_tables(text):
    tables = {}
    for m in re.finditer(r"<h3>(.*?)</h3>\n(?:<p class=\"note\">.*?</p>\n)?<table>(.*?)</table>",
                         text, re.S):
        rows = []
        for r in re.finditer(r"<tr>(.*?)</tr>", m.group(2), re.S):
            rows.append([html.unescape(re.sub(r"<[^>]+>", "", c))
                         for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r.group(1), re.S)])
        tables[html.unescape(m.group(1))] = rows
    return tables


def compare_format(name, tables):
    # Castling: header, then white and black.
    cast = tables.get("Castling")
    check(f"{name}: a Castling table", cast is not None, True)
    if cast:
        check(f"{name}: Castling rows", [r[:9] for r in cast[1:3]], castling_rows(doc))
    ev = tables.get("Castling events")
    if ev:
        got = [[r[0].strip()] + r[1:4] for r in ev[1:]]
        check(f"{name}: Castling events rows", got, events_rows(doc))
    with_wm = doc["games"]["without_moves"] > 0
    for key, values in doc.get("groups", {}).items():
        t = tables.get(f"By {key}")
        check(f"{name}: a By {key} table", t is not None, True)
        if not t:
            continue
        want = group_rows(key, values, with_wm)
        got = {r[0]: r[1:-1] for r in t[1:]}
        for value, row in want.items():
            if value not in got:  # a long value is truncated in the table
                continue
            check(f"{name}: By {key} {value}", got[value], row)
        check(f"{name}: By {key} rows", len(t) - 1, len(want))


check_counts_object("top", doc)
for key, values in doc.get("groups", {}).items():
    for value, c in values.items():
        check_counts_object(f"{key}={value}", c)

compare_format("text", text_tables((d / "out.txt").read_text()))
compare_format("markdown", md_tables((d / "out.md").read_text()))
page = (d / "out.html").read_text()
compare_format("html", html_tables(page))

# The HTML page's own figures: the cards and the bars' titles.
for col in COLOURS:
    f = figures(doc)
    castled = f[col]["first"][0] + f[col]["first"][1]
    m = re.search(rf'<div class="v">([^<]*)</div><div class="l">{col.capitalize()} castled</div>'
                  rf'<div class="s">of the ([0-9,]+) games analysed</div>', page)
    check(f"html: {col} castled card", m and (m.group(1), m.group(2)),
          (pct(castled, f["analysed"]), num(f["analysed"])))
    x = f[col]
    for series, n in (("O-O", x["first"][0]), ("O-O-O", x["first"][1]), ("never", x["never"])):
        t = f"{col.capitalize()}: {series} {num(n)} ({pct(n, f['analysed'])} of {num(f['analysed'])} games analysed)"
        check(f"html: bar {t}", html.escape(t, quote=False) in page, True)

# CSV: every row of the whole run equals the document's count; share_of names the whole.
WHOLES = {"games.total": lambda c: c["games"]["total"],
          "castling.games_analysed": lambda c: c["castling"]["games_analysed"],
          "castling.both_castled": lambda c: c["castling"]["both_castled"],
          "castling.any_castled": lambda c: c["castling"]["any_castled"],
          "castling.castling_moves": lambda c: c["castling"]["castling_moves"],
          "illegal_castling.total": lambda c: c["illegal_castling"]["total"]}
rows = list(csv.DictReader((d / "out.csv").open(newline="")))
check("csv: rows", len(rows) > 0, True)
for r in rows:
    if r["group_key"] == "input":
        continue
    c = doc if r["group_key"] == "all" else doc["groups"][r["group_key"]][r["group_value"]]
    m, col, side = r["metric"], r["colour"], r["side"]
    special = {
        "castling.castled": lambda: c["castling"][col][side],
        "castling.none": lambda: c["castling"][col]["none"],
        "castling.first": lambda: c["castling"][col]["first_" + side],
        "castling.castled_again": lambda: c["castling"][col]["castled_again"],
        "castling.by_move": lambda: c["castling"]["by_move"][col][side][r["move"]],
        "castling.king_moved_first": lambda: c["castling"]["king_moved_first"][col],
        "illegal_castling.by_reason": lambda: c["illegal_castling"]["by_reason"][r["reason"]],
        "results": lambda: c["results"][r["result_pattern"]][r["result"]],
    }
    if m in special:
        node = special[m]()
    else:
        node = c
        for p in m.split("."):
            node = node[p]
    check(f"csv {r['group_key']}={r['group_value']} {r['metric']} {r['colour']} {r['side']}",
          int(r["value"]), node)
    if r["share_of"]:
        check(f"csv share_of {r['metric']} is a whole", r["share_of"] in WHOLES, True)

# find counts the sets stats counts.
fp = d / "find.txt"
if fp.exists():
    res = doc["results"]
    want = {"--no-castling": sum(res["-/-"].values()),
            "--no-castling=white": doc["castling"]["white"]["none"],
            "--no-castling=black": doc["castling"]["black"]["none"],
            "--castled=white": doc["castling"]["games_analysed"] - doc["castling"]["white"]["none"],
            "--castled=black": doc["castling"]["games_analysed"] - doc["castling"]["black"]["none"],
            "--castled=both": doc["castling"]["both_castled"],
            "--opposite-castling": doc["castling"]["opposite_sides"],
            "--same-side-castling": doc["castling"]["same_side"],
            "--mate-by-castling": doc["castling"]["checkmate"]}
    got = dict(line.split() for line in fp.read_text().splitlines())
    for pred, n in want.items():
        check(f"find {pred} --count", int(got.get(pred, -1)), n)

print(f"{passes} passed, {fails} failed")
sys.exit(1 if fails else 0)
