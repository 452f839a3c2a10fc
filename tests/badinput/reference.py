"""The reference the expectations of the damaged archives are computed from, independent of
rochade's code: the compressed formats and their command-line tools (`gzip|bzip2|xz|zstd -dc`
decide whether damage is detectable, by their exit status), Python's zlib/bz2/lzma (libzstd
through ctypes for zstd) for the longest decodable prefix, and the game boundaries of a known
PGN text (games counted by `[Event ` lines)."""
import bz2, ctypes, ctypes.util, lzma, re, subprocess, zlib

FORMATS = {  # suffix, magic length, compressor command
    "gz": (2, ["gzip", "-c", "-6", "-n"]),
    "bz2": (3, ["bzip2", "-c", "-9"]),
    "xz": (6, ["xz", "-c", "-6"]),
    "zst": (4, ["zstd", "-q", "-c", "-3"]),
}
REF_TOOL = {"gz": "gzip", "bz2": "bzip2", "xz": "xz", "zst": "zstd"}
# rochade accepts zstd windows up to 2 GiB (src/io/decoders.cpp), as `zstd --memory=2048MB`.
REF_ARGS = {"zst": ["--memory=2048MB"]}


def compress(fmt, data):
    return subprocess.run(FORMATS[fmt][1], input=data, stdout=subprocess.PIPE, check=True).stdout


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

