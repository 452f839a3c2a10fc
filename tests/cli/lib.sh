# What the whole-binary tests of tests/cli share (sourced, not run): a temporary folder removed
# at exit, pass/fail counting with `check WHAT COMMAND...`, and the closing line
# `N passed, M failed` with the exit status (`finish`). Set KEEP=DIR to keep the files. The
# Python of the tests imports the modules of this folder (pgn_text.py: PGN text read apart from
# rochade): it stands first on PYTHONPATH.
tmp=${KEEP:-$(mktemp -d)}
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$tmp"' EXIT
fails=0; passes=0
PYTHONPATH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
ok() { passes=$((passes + 1)); }
bad() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
