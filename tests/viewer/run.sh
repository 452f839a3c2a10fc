#!/usr/bin/env bash
# Runs one of the viewer page's tests (docs/VIEWER.md, "Tests"):
#   tests/viewer/run.sh browser ROCHADE TESTDATA FIXTURES [SCREENSHOT_DIR]
#   tests/viewer/run.sh fens ROCHADE TESTDATA FIXTURES
# browser: Debian's chromium through puppeteer-core (browser_test.mjs); fens: every FEN of the
# pages against chessops (fen_check.mjs). Node, npm and the packages of package-lock.json are
# installed when missing; exit status 77 (ctest: skipped) where they, or chromium for the
# browser test, cannot be had, 1 under CI (CI=true).
set -euo pipefail
skip=77; [[ ${CI:-} == true ]] && skip=1  # under CI (CI=true) what cannot be had fails the test
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode=${1:?usage: run.sh browser|fens ROCHADE TESTDATA FIXTURES [SCREENSHOT_DIR]}
shift
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "viewer: installing nodejs and npm (Debian packages)" >&2
  sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null; }; then
    echo "viewer: could not install nodejs and npm" >&2
    exit $skip
  fi
fi
install_packages() {
  cd "$here"
  if command -v flock >/dev/null; then exec 9>"$here/.npm-install.lock"; flock 9; fi  # tests run in parallel
  if [[ ! -f node_modules/puppeteer-core/package.json || ! -f node_modules/chessops/package.json ]]; then
    npm ci --no-audit --no-fund --loglevel=error >&2
  fi
}
if ! (install_packages); then
  echo "viewer: npm ci failed (no access to the npm registry?)" >&2
  exit $skip
fi
case "$mode" in
  browser)
    chromium=${ROCHADE_CHROMIUM:-/usr/bin/chromium}
    if [[ ! -x "$chromium" ]]; then
      echo "viewer: no chromium at $chromium (apt-get install chromium, or ROCHADE_CHROMIUM=PATH)" >&2
      exit $skip
    fi
    exec node "$here/browser_test.mjs" --chromium "$chromium" "$@" ;;
  fens) exec node "$here/fen_check.mjs" "$@" ;;
  *) echo "viewer: unknown test $mode" >&2; exit 2 ;;
esac
