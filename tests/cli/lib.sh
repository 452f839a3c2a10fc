# What the whole-binary tests of tests/cli share (sourced, not run): a temporary folder removed
# at exit, pass/fail counting with `check WHAT COMMAND...`, and the closing line
# `N passed, M failed` with the exit status (`finish`). Set KEEP=DIR to keep the files.
tmp=${KEEP:-$(mktemp -d)}
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$tmp"' EXIT
fails=0; passes=0
ok() { passes=$((passes + 1)); }
bad() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
