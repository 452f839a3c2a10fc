"""The cases: what is generated into the temp dir, how rochade is run on it, and what is
expected (in words for the table, and as checks). Expected outcomes come from the spec
(docs/CLI.md, docs/PGN-READER.md) and, for damaged archives, from the reference
(reference.py)."""
import io as pyio, os, random, tarfile, zipfile

from checks import (byte_offset, castlings_reported, exit_in, exit_is, findings, games_between,
                    inputs_complete, json_is, names, no_finding, no_games, not_pgn_or_no_game,
                    out_has, quiet_stderr, reported_or_true, says)
from reference import FORMATS, REF_TOOL, compress, ref_decode, tool_rc

MiB = 1 << 20


class Case:
    def __init__(self, name, expected, argv, checks, rss=100, timeout=120, as_nobody=False):
        self.name, self.expected, self.argv, self.checks = name, expected, argv, checks
        self.rss, self.timeout, self.as_nobody = rss, timeout, as_nobody


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path

def stats(*paths):
    return ["stats", "-j", "2", "--format", "json"] + list(paths)


def archive_cases(tmp, base, games):
    """Truncations and single-byte flips of each format, expectations from the reference."""
    cases = []
    total = len(games.starts)
    for fmt, (magic, _) in FORMATS.items():
        whole = compress(fmt, base)
        size = len(whole)
        good = write(os.path.join(tmp, f"whole.pgn.{fmt}"), whole)
        cases.append(Case(f"{fmt} intact", f"exit 0, {total} games", stats(good),
                          [exit_is(0), games_between(total, total), quiet_stderr]))
        cuts = sorted({magic + 1, 12, 40, size // 100, size // 10, size // 4, size // 2,
                       3 * size // 4, size - 5, size - 1})
        for cut in cuts:
            p = write(os.path.join(tmp, f"trunc-{cut}.pgn.{fmt}"), whole[:cut])
            dec, ok = ref_decode(fmt, whole[:cut])
            assert not ok and tool_rc(fmt, p) != 0
            n = games.common_prefix(dec)
            lo, hi = games.complete_within(n), games.started_within(n)
            cases.append(Case(
                f"{fmt} truncated at {cut}/{size}",
                f"exit 1, names file + byte {cut}, games {lo}..{hi}", stats(p),
                [exit_is(1), names(p), byte_offset(cut, cut), games_between(lo, hi),
                 inputs_complete([False])]))
        half = size // 2
        mid = os.path.join(tmp, f"trunc-{half}.pgn.{fmt}")
        n = games.common_prefix(ref_decode(fmt, whole[:half])[0])
        lo, hi = games.complete_within(n), games.started_within(n)
        cases.append(Case(f"{fmt} truncated at {half}: audit", f"exit 1, names file + byte {half}",
                          ["audit", "-j", "2", mid],
                          [exit_is(1), names(mid), byte_offset(half, half)]))
        cases.append(Case(f"{fmt} truncated at {half}: find --count",
                          f"exit 1, names file, count {lo}..{hi}",
                          ["find", "-j", "2", "--count", mid],
                          [exit_is(1), names(mid), games_between(lo, hi)]))
        flips = sorted({magic, magic + 1, magic + 2, size // 10, size // 4, size // 2,
                        3 * size // 4, 9 * size // 10, size - 5, size - 1})
        for at in flips:
            data = bytearray(whole)
            data[at] ^= 0xFF
            p = write(os.path.join(tmp, f"flip-{at}.pgn.{fmt}"), bytes(data))
            dec, ok = ref_decode(fmt, bytes(data))
            lo = games.complete_within(games.common_prefix(dec))
            if tool_rc(fmt, p) != 0:
                # The text a failed check covers is not read (docs/ARCHIVES.md: held until the
                # check, up to 16 MiB; the sample is one member, frame or stream of 2 MB): no
                # game of it, none invented. Only damage that looks like a cut lets through
                # the text before it, a true prefix.
                hi = games.started_within(games.common_prefix(dec))
                cases.append(Case(
                    f"{fmt} byte {at}/{size} flipped",
                    f"{REF_TOOL[fmt]} fails: exit 1, names file + byte >= {at}, games <= {hi}",
                    stats(p), [exit_is(1), names(p), byte_offset(at, size), games_between(0, hi),
                               inputs_complete([False])]))
            else:
                cases.append(Case(
                    f"{fmt} byte {at}/{size} flipped",
                    f"{REF_TOOL[fmt]} accepts it: exit 0, games >= {lo}", stats(p),
                    [exit_is(0), games_between(lo), inputs_complete([True])]))
        # The first byte of the magic: no longer that format (cli.md: compression is detected
        # from the first bytes, never from the name), and compressed bytes are binary (a NUL in
        # the first KiB: not PGN, cli.md v2), or else text with no game in it.
        data = bytearray(whole)
        data[0] ^= 0xFF
        p = write(os.path.join(tmp, f"flip-magic.pgn.{fmt}"), bytes(data))
        cases.append(Case(f"{fmt} magic byte 0 flipped",
                          "binary, or text without a game: exit 1 'not PGN' (or text read as a "
                          "record: exit 0), no game replayed", stats(p),
                          [not_pgn_or_no_game]))
        p = write(os.path.join(tmp, f"short.pgn.{fmt}"), whole[:magic - 1])
        cases.append(Case(f"{fmt} cut inside the magic ({magic - 1} bytes)",
                          "too short to detect: text without a game (cli.md v3): exit 1 "
                          "'not PGN', no game replayed",
                          stats(p), [not_pgn_or_no_game]))
        p = write(os.path.join(tmp, f"trailing.pgn.{fmt}"), whole + b"\0garbage after the end\n")
        cases.append(Case(f"{fmt} + trailing garbage",
                          f"exit 1, names file + byte {size}, all {total} games",
                          stats(p), [exit_is(1), names(p), says("trailing"),
                                     byte_offset(size, size + 23), games_between(total, total)]))
        p = write(os.path.join(tmp, f"empty.pgn.{fmt}"), compress(fmt, b""))
        cases.append(Case(f"{fmt} of 0 bytes of text", "exit 0, 0 games", stats(p),
                          [exit_is(0), games_between(0, 0), quiet_stderr]))
    # Two members / frames, the second one cut: the first one's games all counted.
    for fmt in ("gz", "zst"):
        half = games.starts[total // 2]
        first, second = compress(fmt, base[:half]), compress(fmt, base[half:])
        data = first + second[:len(second) // 2]
        p = write(os.path.join(tmp, f"members.pgn.{fmt}"), data)
        n = games.common_prefix(ref_decode(fmt, data)[0])
        lo, hi = max(total // 2, games.complete_within(n)), games.started_within(n)
        cases.append(Case(f"{fmt} 2 members, 2nd cut",
                          f"exit 1, byte {len(data)}, games {lo}..{hi}", stats(p),
                          [exit_is(1), names(p), byte_offset(len(data), len(data)),
                           games_between(lo, hi)]))
    return cases

def pgn_games(games, first, count):
    return games.text[games.starts[first]:games.starts[first + count]]


def container_cases(tmp, games):
    """ZIP and tar.gz archives (Python's zipfile and tarfile) of three members of the sample and
    a README, cut at 10 places and with a byte flipped at 10 places; images and PDFs named .pgn;
    a ZIP inside a ZIP. Never more games than the archive holds, never a crash; a cut is exit 1
    naming the archive."""
    cases = []
    n = len(games.starts)
    cut_at = [0, n // 3, 2 * n // 3, n]
    members = [(f"part{i}.pgn", games.text[games.starts[cut_at[i]]:
                                           games.starts[cut_at[i + 1]] if i < 2 else len(games.text)])
               for i in range(3)]
    buf = pyio.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("README.txt", b"notes\n")
        for name, data in members:
            z.writestr("folder/" + name, data)
    zip_bytes = buf.getvalue()
    buf = pyio.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for name, data in [("README.txt", b"notes\n")] + members:
            info = tarfile.TarInfo("folder/" + name)
            info.size = len(data)
            t.addfile(info, pyio.BytesIO(data))
    tgz_bytes = buf.getvalue()
    for label, suffix, whole in [("zip", ".zip", zip_bytes), ("tar.gz", ".tgz", tgz_bytes)]:
        p = write(os.path.join(tmp, "whole" + suffix), whole)
        cases.append(Case(f"{label} of 3 members", f"exit 0, {n} games, README noted", stats(p),
                          [exit_is(0), games_between(n, n), says("README.txt")]))
        for k in range(1, 11):
            at = len(whole) * k // 11
            p = write(os.path.join(tmp, f"cut{k}{suffix}"), whole[:at])
            cases.append(Case(f"{label} cut at {k}/11", "exit 1 naming the archive, no games "
                              "invented", stats(p), [exit_is(1), names(p), games_between(0, n)]))
            bad = bytearray(whole)
            bad[at] ^= 0xFF
            p = write(os.path.join(tmp, f"flip{k}{suffix}"), bytes(bad))
            # Deflate inflates a damaged stream into text until zlib or the member's CRC sees
            # the damage (as with .gz): that text is held until the check, and dropped.
            cases.append(Case(f"{label} byte {at} flipped", "exit 1 naming the archive, or "
                              f"exit 0 with the {n} true games", stats(p),
                              [exit_in(0, 1), reported_or_true(p, n)]))
    p = write(os.path.join(tmp, "inner.zip"), zip_bytes)
    buf = pyio.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.write(p, "inner.zip")
        z.writestr("games.pgn", zip_bytes)
    p = write(os.path.join(tmp, "nested.zip"), buf.getvalue())
    cases.append(Case("a zip of zips", "one level: noted / an error for the member, 0 games",
                      stats(p), [exit_is(1), says("inside an archive"), no_games]))
    for name, data in [("image.pgn", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(64)),
                       ("doc.pgn", b"%PDF-1.4\n1 0 obj << >> endobj\n" * 50)]:
        p = write(os.path.join(tmp, name), data)
        cases.append(Case(f"{name} (not PGN)", "exit 1, 'not PGN' naming it, 0 games", stats(p),
                          [exit_is(1), names(p), says("not PGN"), no_games]))
    return cases

def odd_file_cases(tmp, games):
    cases = []
    p = write(os.path.join(tmp, "empty.pgn"), b"")
    cases.append(Case("empty file", "exit 0, 0 games, no warning", stats(p),
                      [exit_is(0), games_between(0, 0), quiet_stderr, inputs_complete([True])]))
    p = write(os.path.join(tmp, "zero.pgn.gz"), b"")
    cases.append(Case("0-byte .gz", "never empty, as gzip -t says (cli.md): exit 1 naming it, 0 games",
                      stats(p), [exit_is(1), names("zero.pgn.gz"), says("empty file"),
                                 games_between(0, 0), inputs_complete([False])]))
    rnd = random.Random(20240611)
    p = write(os.path.join(tmp, "garbage.pgn"), rnd.randbytes(4 * MiB))
    cases.append(Case("binary garbage 4 MiB (.pgn)",
                      "not text (cli.md v2): exit 1, 'not PGN' naming the file, 0 games", stats(p),
                      [exit_is(1), names(p), says("not PGN"), no_games]))
    p = write(os.path.join(tmp, "garbage.pgn.zst"),
              bytes([0x28, 0xb5, 0x2f, 0xfd]) + rnd.randbytes(MiB))
    cases.append(Case("zstd magic + 1 MiB garbage", "exit 1, names file + byte, 0 games",
                      stats(p), [exit_is(1), names(p), byte_offset(4, MiB + 4),
                                 no_games]))
    p = write(os.path.join(tmp, "nul-only.pgn"), bytes(4 * MiB))
    cases.append(Case("4 MiB of NUL bytes", "not text: exit 1, 'not PGN' naming the file, 0 games",
                      stats(p), [exit_is(1), no_games, names(p), says("not PGN")]))
    # NUL bytes between games (a 1 MiB run), inside a comment and inside a tag value.
    parts = [games.text[games.starts[i]:games.starts[i + 1]] for i in range(100)]
    parts[10] = bytes(MiB) + b"\n" + parts[10]
    parts[20] = parts[20].replace(b'[Site "', b'[Site "\0\0', 1)
    parts[30] = parts[30].replace(b"\n1.", b"\n{a \0 comment} 1.", 1)
    p = write(os.path.join(tmp, "nul-between.pgn"), b"".join(parts))
    cases.append(Case("NUL bytes in 100 good games", "exit 0, 100 games, all replayed",
                      stats(p), [exit_is(0), games_between(100, 100),
                                 json_is("games.replayed", 100)]))
    parts = [games.text[games.starts[i]:games.starts[i + 1]] for i in range(100)]
    bad = [b"\xff\xfe", b"\xc0\xaf", b"\x80\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]
    for i in range(0, 100, 5):
        b = bad[(i // 5) % len(bad)]
        parts[i] = parts[i].replace(b'[White "', b'[White "' + b, 1)
        parts[i] = parts[i].replace(b"\n1.", b"\n{" + b + b"} 1.", 1)
        parts[i] = b"\n" + b + b"\n\n" + parts[i]  # a stray line between games
    p = write(os.path.join(tmp, "bad-utf8.pgn"), b"".join(parts))
    cases.append(Case("invalid UTF-8 in 100 good games", "exit 0, 100 games, all replayed",
                      stats(p), [exit_is(0), games_between(100, 100),
                                 json_is("games.replayed", 100)]))
    html = (b"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            b"<title>lichess.org</title></head>\n<body>\n<div class=\"game\">1. e4 e5</div>\n"
            + b"<p>[Event \"not a tag\"] some text</p>\n" * 200 + b"</body></html>\n")
    p = write(os.path.join(tmp, "page.pgn"), html)
    cases.append(Case("HTML page named .pgn",
                      "text without a game (cli.md v3): exit 1, 'not PGN' naming the file, 0 games",
                      stats(p), [exit_is(1), games_between(0, 0), names(p), says("not PGN")]))
    # A directory with an unreadable file (run as nobody when we are root: root reads anyway).
    d = os.path.join(tmp, "dir")
    os.makedirs(os.path.join(d, "sub"))
    write(os.path.join(d, "a.pgn"), pgn_games(games, 0, 50))
    locked = write(os.path.join(d, "b.pgn"), pgn_games(games, 50, 50))
    os.chmod(locked, 0)
    write(os.path.join(d, "sub", "c.pgn.gz"), compress("gz", pgn_games(games, 100, 50)))
    cases.append(Case("directory with an unreadable file",
                      "exit 1, names b.pgn (Permission denied), the 100 readable games",
                      stats(d), [exit_is(1), names(locked), says("permission denied"),
                                 games_between(100, 100)], as_nobody=os.geteuid() == 0))
    good1 = write(os.path.join(tmp, "good1.pgn"), pgn_games(games, 0, 30))
    good2 = write(os.path.join(tmp, "good2.pgn.zst"), compress("zst", pgn_games(games, 30, 40)))
    missing = os.path.join(tmp, "missing.pgn")
    cases.append(Case("missing file among good ones",
                      "exit 1, names missing.pgn, the 70 other games", stats(good1, missing, good2),
                      [exit_is(1), names(missing), games_between(70, 70)]))
    cases.append(Case("missing file: audit", "exit 1, names missing.pgn",
                      ["audit", "-j", "2", good1, missing, good2], [exit_is(1), names(missing)]))
    return cases

def write_repeated(path, head, unit, size, tail):
    """Streams head + unit * k + tail (about `size` bytes); returns k."""
    k = max(1, (size - len(head) - len(tail)) // len(unit))
    block = unit * max(1, MiB // len(unit))
    per = len(block) // len(unit)
    with open(path, "wb") as f:
        f.write(head)
        left = k
        while left >= per:
            f.write(block)
            left -= per
        f.write(unit * left)
        f.write(tail)
    return k


def size_cases(tmp, games, quick):
    cases = []
    g20a, g20b = pgn_games(games, 0, 20), pgn_games(games, 20, 20)
    bound = 200
    if not quick:
        unit = b'[Event "line"] [Result "1-0"] 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 1-0 '
        p = os.path.join(tmp, "line-games.pgn")
        k = write_repeated(p, b"", unit, 200 * MiB, b"\n")
        cases.append(Case("200 MB line of games", f"exit 0, {k} games, {k} O-O, RSS < {bound}",
                          stats(p), [exit_is(0), games_between(k, k),
                                     json_is("castling.white.kingside", k)], rss=bound, timeout=60))
        unit = b"Nf3 Nf6 Ng1 Ng8 "
        p = os.path.join(tmp, "line-moves.pgn")
        k = write_repeated(p, b'[Event "long line"]\n[Result "*"]\n\n', unit, 200 * MiB, b"*\n")
        # One record of 52 M plies: rochade keeps 1,000,000 (more than a game can have under
        # the 75-move rule) and reports the rest as a parse error (token_too_long).
        cases.append(Case("200 MB line: one game",
                          f"exit 0 within 60 s, 1 game of {4 * k} plies: the first 1,000,000 "
                          f"kept, with_errors, RSS < {bound}",
                          stats(p), [exit_is(0), games_between(1, 1),
                                     json_is("games.with_errors", 1)], rss=bound, timeout=60))
    p = os.path.join(tmp, "comment-50mb.pgn")
    head = g20a + b'[Event "big comment"]\n[Result "1-0"]\n\n1. e4 {'
    write_repeated(p, head, b"a long comment, ", 50 * MiB, b"} e5 2. Nf3 1-0\n\n" + g20b)
    cases.append(Case("50 MB comment", "exit 0, 41 games, all replayed", stats(p),
                      [exit_is(0), games_between(41, 41), json_is("games.replayed", 41)]))
    # Well-formed but deep: the mainline around the variations (with both castlings) must be
    # read; PGN-READER.md bounds depth only for visitors that look into variations.
    deep = (b'[Event "deep"]\n[Result "1-0"]\n\n1. e4 ' + b"(1. d4 " * 100000 + b")" * 100000
            + b" e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O 1-0\n\n")
    p = write(os.path.join(tmp, "nested.pgn"), deep + deep)
    cases.append(Case("100,000 nested variations (x2 games)",
                      "exit 0, 2 games replayed, mainline read: 2 O-O each side", stats(p),
                      [exit_is(0), games_between(2, 2), json_is("games.replayed", 2),
                       json_is("castling.white.kingside", 2),
                       json_is("castling.black.kingside", 2)]))
    cases.append(Case("100,000 nested variations: audit", "exit 0, no finding", ["audit", p],
                      [exit_is(0), no_finding]))
    p = write(os.path.join(tmp, "nested-open.pgn"), g20a + b'[Event "open"]\n[Result "1-0"]\n\n'
              + b"1. e4 " + b"(1. d4 " * 100000 + b"\n\n" + g20b)
    cases.append(Case("100,000 unclosed (",
                      "exit 0, 41 games: the next tag ends it (1 with_errors: unclosed_variation)",
                      stats(p), [exit_is(0), games_between(41, 41),
                                 json_is("games.with_errors", 1)]))
    p = write(os.path.join(tmp, "unclosed.pgn"), b"{ a comment that is never closed\n\n"
              + pgn_games(games, 0, 100))
    cases.append(Case("unclosed { at the start", "exit 0, all 100 games (PGN-READER.md rule)",
                      stats(p), [exit_is(0), games_between(100, 100),
                                 json_is("games.replayed", 100)]))
    p = os.path.join(tmp, "tag-1mb.pgn")
    write_repeated(p, g20a + b'[Event "', b"x" * 1000, MiB,
                   b'"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n' + g20b)
    cases.append(Case("tag value of 1 MB", "exit 0, 41 games; 1 with_errors (token_too_long)",
                      stats(p), [exit_is(0), games_between(41, 41), json_is("games.replayed", 40)]))
    cases.append(Case("tag value of 1 MB: audit", "exit 0, parse_error token_too_long",
                      ["audit", p], [exit_is(0), out_has("token_too_long")]))
    tags = b"".join(b'[Tag%05d "value %d"]\n' % (i, i) for i in range(10000))
    p = write(os.path.join(tmp, "tags-10k.pgn"), g20a + b'[Event "many tags"]\n' + tags
              + b'[Result "1-0"]\n\n1. e4 e5 1-0\n\n' + g20b)
    cases.append(Case("10,000 tags in one game", "exit 0, 41 games, all replayed", stats(p),
                      [exit_is(0), games_between(41, 41), json_is("games.replayed", 41)]))
    return cases


FENS = [  # (FEN, what it is)
    ("nonsense", "nonsense"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side 'x'"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "no kings"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "nine ranks"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank of nine"),
    ("k" * 5000 + " w - - 0 1", "5000 kings"),
]


def chess_cases(tmp):
    cases = []
    text = b"".join(b'[Event "fen %d"]\n[SetUp "1"]\n[FEN "%s"]\n[Result "*"]\n\n1. e4 *\n\n'
                    % (i, f.encode()) for i, (f, _) in enumerate(FENS))
    p = write(os.path.join(tmp, "fen-nonsense.pgn"), text)
    n = len(FENS)
    cases.append(Case("FEN tags that are nonsense", f"exit 0, {n} games, {n} with_errors",
                      stats(p), [exit_is(0), games_between(n, n), json_is("games.with_errors", n)]))
    cases.append(Case("FEN nonsense: audit", f"exit 0, {n} findings (bad_fen or no_piece)",
                      ["audit", "--format", "jsonl", p],
                      [exit_is(0), findings(n)]))
    p = write(os.path.join(tmp, "fen-empty.pgn"),
              b'[Event "empty FEN"]\n[SetUp "1"]\n[FEN ""]\n[Result "*"]\n\n1. e4 *\n\n')
    cases.append(Case("FEN tag empty, SetUp 1", "exit 0, 1 game, with_errors (bad_fen)",
                      stats(p), [exit_is(0), games_between(1, 1), json_is("games.with_errors", 1)]))
    impossible = [  # rights the position cannot have, then the castling they claim
        ("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "1. O-O"),          # no rooks at all
        ("r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", "1. O-O"),      # king not on rank 1
        ("r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1", "1. O-O-O"),      # white rights, no white rooks
        ("4k3/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "1... O-O"),      # black rights, no black rooks
    ]
    text = b"".join(b'[Event "rights %d"]\n[SetUp "1"]\n[FEN "%s"]\n[Result "*"]\n\n%s *\n\n'
                    % (i, f.encode(), m.encode()) for i, (f, m) in enumerate(impossible))
    p = write(os.path.join(tmp, "fen-rights.pgn"), text)
    k = len(impossible)
    cases.append(Case("FEN with impossible rights", f"exit 0, {k} games, none lost",
                      stats(p), [exit_is(0), games_between(k, k)]))
    cases.append(Case("FEN impossible rights: audit",
                      f"exit 0, each of the {k} castlings reported (illegal_move/castling)",
                      ["audit", "--format", "jsonl", p],
                      [exit_is(0), castlings_reported(k)]))
    shuffle = ["Nf3 Nf6", "Ng1 Ng8", "Nc3 Nc6", "Nb1 Nb8"]
    moves = " ".join(f"{i + 1}. {shuffle[i % 4]}" for i in range(10000))
    p = write(os.path.join(tmp, "moves-10k.pgn"),
              ('[Event "10000 moves"]\n[Result "1/2-1/2"]\n\n' + moves + " 1/2-1/2\n").encode())
    cases.append(Case("a game of 10,000 moves", "exit 0, 1 game, replayed", stats(p),
                      [exit_is(0), games_between(1, 1), json_is("games.replayed", 1)]))
    cases.append(Case("10,000 moves: audit", "exit 0", ["audit", p], [exit_is(0)]))
    # The same shuffle, 250,000 moves (4 MB): no capture or pawn move, so every position repeats.
    moves = " ".join(f"{i + 1}. {shuffle[i % 4]}" for i in range(250000))
    p = write(os.path.join(tmp, "moves-250k.pgn"),
              ('[Event "250000 moves"]\n[Result "*"]\n\n' + moves + " *\n").encode())
    cases.append(Case("a game of 250,000 moves", "exit 0 within 20 s, 1 game, replayed", stats(p),
                      [exit_is(0), games_between(1, 1), json_is("games.replayed", 1)],
                      timeout=20))
    return cases


def all_cases(tmp, base, games, quick):
    """Every case, in the order of the table; `base` is the sample's text, `games` its Games."""
    return (archive_cases(tmp, base, games) + container_cases(tmp, games)
            + odd_file_cases(tmp, games)
            + size_cases(tmp, games, quick)
            + chess_cases(tmp))
