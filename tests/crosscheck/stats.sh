#!/usr/bin/env bash
# Cross-checks rochade's castling statistics against an independent recount (Node + chessops,
# tests/crosscheck/recount/). See docs/CROSSCHECK.md.
#
#   tests/crosscheck/stats.sh [--rochade PATH] [-j N] [--dump FILE] [--keep DIR] INPUT...
#
# Runs `rochade stats --format json` and the chessops recount on the same INPUTs (PGN files,
# plain/.gz/.bz2/.xz/.zst, or directories), compares them field by field and prints a table.
# Exit status: 0 all equal; 1 a difference; 2 usage or run error; 77 Node or chessops could
# not be installed (ctest reports the test as skipped; 1 under CI, CI=true).
#   --rochade PATH  the rochade binary (default: build/rochade)
#   -j N            threads for both sides (default: all cores, at most 8)
#   --dump FILE     the recount's per-game JSON lines (castlings, where replay stopped)
#   --keep DIR      keep rochade.json and crosscheck.json in DIR
set -euo pipefail
skip=77; [[ ${CI:-} == true ]] && skip=1  # under CI (CI=true) what cannot be had fails the test
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$(dirname "$here")")"
d="$here/recount"

rochade="$root/build/rochade"
jobs=$(nproc 2>/dev/null || echo 2); ((jobs > 8)) && jobs=8
dump=""; keep=""; inputs=()
while (($#)); do
  case "$1" in
    --rochade) rochade="$2"; shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    -j*) jobs="${1#-j}"; shift ;;
    --dump) dump="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "crosscheck: unknown option $1" >&2; exit 2 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
if ((${#inputs[@]} == 0)); then
  echo "usage: tests/crosscheck/stats.sh [--rochade PATH] [-j N] [--dump FILE] [--keep DIR] INPUT..." >&2
  exit 2
fi
if [[ ! -x "$rochade" ]]; then
  echo "crosscheck: no rochade binary at $rochade (build it, or pass --rochade PATH)" >&2
  exit 2
fi

# Node and npm: Debian's packages when they are missing.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "crosscheck: installing nodejs and npm (Debian packages)" >&2
  sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null; }; then
    echo "crosscheck: could not install nodejs and npm" >&2
    exit $skip
  fi
fi
# chessops, at the version of package-lock.json, into recount/node_modules (git-ignored).
if [[ ! -f "$d/node_modules/chessops/package.json" ]]; then
  echo "crosscheck: installing chessops (npm ci)" >&2
  if ! "$here/npm_ci.sh"; then
    echo "crosscheck: npm ci failed (no access to the npm registry?)" >&2
    exit $skip
  fi
fi
# Decompressors the inputs may need (rochade reads them itself; the recount pipes through them).
for t in zstd gzip bzip2 xz; do command -v "$t" >/dev/null || echo "crosscheck: note: $t not found" >&2; done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
out="${keep:-$tmp}"
mkdir -p "$out"

echo "rochade: $rochade stats --format json -j $jobs ${inputs[*]}"
start=$(date +%s%N)
set +e
"$rochade" stats --format json -j "$jobs" "${inputs[@]}" >"$out/rochade.json"
rc=$?
set -e
if ((rc != 0)) || [[ ! -s "$out/rochade.json" ]]; then
  echo "crosscheck: rochade stats failed (exit $rc)" >&2
  exit 2
fi
ms=$((($(date +%s%N) - start) / 1000000))
echo "rochade: $((ms / 1000)).$((ms % 1000 / 100)) s"

args=(--rochade-json "$out/rochade.json" --json-out "$out/crosscheck.json" -j "$jobs")
[[ -n "$dump" ]] && args+=(--dump "$dump")
set +e
node --max-old-space-size=2048 "$d/crosscheck.mjs" "${args[@]}" "${inputs[@]}"
rc=$?
set -e
exit $rc
