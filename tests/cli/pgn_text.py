"""PGN text read here, apart from rochade, for the whole-binary tests of tests/cli that derive the
expected values from the games themselves (lib.sh puts this folder on PYTHONPATH)."""
import re


def games(path, unescape=False):
    """[(tags, movetext)] of each game of the file at `path`; a tag named twice keeps its first
    value, with \\" and \\\\ read as " and \\ where `unescape`. A game ends where a tag follows a
    line that is not a tag (tags only, then a blank line, is a game of its own, as in
    scalachess-uzchesscup.pgn)."""
    tags, text, out = {}, [], []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r'^\[(\w+)\s+"(.*)"\]\s*$', line)
        if m:
            if text and (tags or any(t.strip() for t in text)):
                out.append((tags, "".join(text))); tags, text = {}, []
            value = m.group(2)
            if unescape:
                value = value.replace('\\"', '"').replace("\\\\", "\\")
            tags.setdefault(m.group(1), value)
        else:
            text.append(line)
    if tags or text: out.append((tags, "".join(text)))
    return out
