#!/usr/bin/env python3
"""Bad input, tried for real: generates damaged archives and hostile PGN files into a temp dir,
runs rochade on each under /usr/bin/time -v with a timeout, and checks each case's stated
expectation (exit status, message, games counted, peak RSS, no hang). Prints a table; exits 1
if any case fails.

  scripts/badinput [--rochade PATH] [--keep] [--quick] [--sanitized] [--only SUBSTR]

--quick skips the two 200 MB cases; --sanitized (an ASan build) relaxes the RSS bounds;
--keep leaves the temp dir (its path is printed); --only runs the cases whose name contains
SUBSTR. Needs python3 (stdlib), gzip, bzip2, xz, zstd, and data/sample.pgn.zst.
Expected outcomes come from the spec (shared/spec/cli.md, docs/PGN-READER.md) and, for damaged
archives, from the reference tools: `gzip|bzip2|xz|zstd -dc` decide whether the damage is
detectable (their exit status), Python's zlib/bz2/lzma (libzstd through ctypes for zstd) give
the longest decodable prefix, and games are counted in it by `[Event ` lines, independently.
"""
import argparse, bz2, ctypes, ctypes.util, json, lzma, os, random, re, shutil, subprocess
import sys, tempfile, time, types, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MiB = 1 << 20
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
FORMATS = {  # suffix, magic length, compressor command
    "gz": (2, ["gzip", "-c", "-6", "-n"]),
    "bz2": (3, ["bzip2", "-c", "-9"]),
    "xz": (6, ["xz", "-c", "-6"]),
    "zst": (4, ["zstd", "-q", "-c", "-3"]),
}
REF_TOOL = {"gz": "gzip", "bz2": "bzip2", "xz": "xz", "zst": "zstd"}
# rochade accepts zstd windows up to 2 GiB (src/io/decoders.cpp), as `zstd --memory=2048MB`.
REF_ARGS = {"zst": ["--memory=2048MB"]}

# ---------------------------------------------------------------------------------------------
# Reference decoding (independent of rochade's code): the longest prefix a decoder can produce.


class _Buf(ctypes.Structure):  # ZSTD_inBuffer / ZSTD_outBuffer
    _fields_ = [("ptr", ctypes.c_void_p), ("size", ctypes.c_size_t), ("pos", ctypes.c_size_t)]


def _zstd_decode(data):
    """libzstd streaming decode via ctypes, 128 KiB (one block) of output per call, as
    ZSTD_DStreamOutSize() advises, windows up to 2 GiB: (bytes decoded before the fault, ok)."""
    lib, Buf = ctypes.CDLL(ctypes.util.find_library("zstd") or "libzstd.so.1"), _Buf
    lib.ZSTD_createDStream.restype = ctypes.c_void_p
    lib.ZSTD_decompressStream.restype = ctypes.c_size_t
    lib.ZSTD_decompressStream.argtypes = [ctypes.c_void_p, ctypes.POINTER(Buf), ctypes.POINTER(Buf)]
    lib.ZSTD_isError.argtypes = [ctypes.c_size_t]
    lib.ZSTD_freeDStream.argtypes = [ctypes.c_void_p]
    ds = lib.ZSTD_createDStream()
    lib.ZSTD_DCtx_setParameter(ctypes.c_void_p(ds), 100, 31)  # ZSTD_d_windowLogMax, as rochade
    src = ctypes.create_string_buffer(data, len(data))
    out = ctypes.create_string_buffer(1 << 17)
    inb = Buf(ctypes.cast(src, ctypes.c_void_p), len(data), 0)
    res, ok, last = [], True, 1
    while True:
        outb = Buf(ctypes.cast(out, ctypes.c_void_p), len(out), 0)
        r = lib.ZSTD_decompressStream(ds, ctypes.byref(outb), ctypes.byref(inb))
        res.append(out.raw[:outb.pos])
        if lib.ZSTD_isError(r):
            ok = False
            break
        if (inb.pos == inb.size and outb.pos < outb.size) or (outb.pos == 0 and r == last):
            break
        last = r
    lib.ZSTD_freeDStream(ds)
    return b"".join(res), ok and last == 0


def ref_decode(fmt, data):
    """(decoded prefix, ok) with the stdlib decoders; multi-member streams are followed."""
    if fmt == "zst":
        return _zstd_decode(data)
    make = {"gz": lambda: zlib.decompressobj(31), "bz2": bz2.BZ2Decompressor,
            "xz": lambda: lzma.LZMADecompressor(lzma.FORMAT_XZ)}[fmt]
    out, rest = [], data
    while True:  # one member (gzip) or stream per turn
        d, i = make(), 0
        try:
            while i < len(rest) and not d.eof:  # small steps: keep what comes before a fault
                out.append(d.decompress(rest[i:i + 4096]))
                i += 4096
        except (zlib.error, OSError, lzma.LZMAError, EOFError):
            return b"".join(out), False
        if not d.eof:
            return b"".join(out), False
        rest = d.unused_data + rest[i:]
        if not rest:
            return b"".join(out), True


def tool_rc(fmt, path):
    cmd = [REF_TOOL[fmt], "-dc", path] + REF_ARGS.get(fmt, [])
    return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


class Games:
    """Game boundaries of a known PGN text: a game starts at a line `[Event ` and ends at its
    result token (the last non-blank byte before the next game)."""

    def __init__(self, text):
        self.text = text
        self.starts = [m.start() for m in re.finditer(rb"(?m)^\[Event ", text)]
        self.ends = []
        for i, s in enumerate(self.starts):
            e = self.starts[i + 1] if i + 1 < len(self.starts) else len(text)
            seg = text[s:e].rstrip()
            res = re.search(rb'\[Result "([^"]*)"\]', seg).group(1)
            assert seg.endswith(res), f"game {i + 1} does not end with its result"
            self.ends.append(s + len(seg))

    def common_prefix(self, other):
        lo, hi = 0, min(len(other), len(self.text))
        while lo < hi:  # the longest n with other[:n] == text[:n]
            mid = (lo + hi + 1) // 2
            if other[:mid] == self.text[:mid]:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def complete_within(self, n):
        return sum(1 for e in self.ends if e <= n)

    def started_within(self, n):
        return sum(1 for s in self.starts if s < n)


# ---------------------------------------------------------------------------------------------
# Running rochade


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


# ---------------------------------------------------------------------------------------------
# Checks: each takes the Run and returns None (fine) or what is wrong.


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


# ---------------------------------------------------------------------------------------------
# Cases


class Case:
    def __init__(self, name, expected, argv, checks, rss=100, timeout=120, as_nobody=False):
        self.name, self.expected, self.argv, self.checks = name, expected, argv, checks
        self.rss, self.timeout, self.as_nobody = rss, timeout, as_nobody


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


def compress(fmt, data):
    return subprocess.run(FORMATS[fmt][1], input=data, stdout=subprocess.PIPE, check=True).stdout


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
                          "binary: exit 1 'not PGN' (or text: exit 0), no game replayed", stats(p),
                          [not_pgn_or_no_game]))
        p = write(os.path.join(tmp, f"short.pgn.{fmt}"), whole[:magic - 1])
        cases.append(Case(f"{fmt} cut inside the magic ({magic - 1} bytes)",
                          "too short to detect: plain text, exit 0, no game replayed",
                          stats(p), [exit_is(0), json_is("games.replayed", 0)]))
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


def container_cases(tmp, games):
    """ZIP and tar.gz archives (Python's zipfile and tarfile) of three members of the sample and
    a README, cut at 10 places and with a byte flipped at 10 places; images and PDFs named .pgn;
    a ZIP inside a ZIP. Never more games than the archive holds, never a crash; a cut is exit 1
    naming the archive."""
    import io as pyio, tarfile, zipfile
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
    cases.append(Case("0-byte .gz", "an empty input (sniffed by content): exit 0, 0 games",
                      stats(p), [exit_is(0), games_between(0, 0), inputs_complete([True])]))
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
    cases.append(Case("HTML page named .pgn", "exit 0, 0 games, 'skipped' warning naming file",
                      stats(p), [exit_is(0), games_between(0, 0), names(p), says("skipped")]))
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
                      [exit_is(0), lambda r: None if not r.out.strip() else "unexpected finding"]))
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
                      [exit_is(0), lambda r: None if len(r.out.splitlines()) == n
                       else f"{len(r.out.splitlines())} findings, expected {n}"]))
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
                      [exit_is(0), lambda r: None if len(re.findall(
                          r'"kind":"illegal_(move|castling)".*"san":"O-O', r.out)) == k
                       else f"findings: {r.out.count(chr(10))} lines, expected {k} castlings"]))
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


# ---------------------------------------------------------------------------------------------


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
        cases = (archive_cases(tmp, base, games) + container_cases(tmp, games)
                 + odd_file_cases(tmp, games)
                 + size_cases(tmp, games, args.quick)
                 + chess_cases(tmp))
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
