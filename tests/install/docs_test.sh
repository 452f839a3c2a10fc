#!/usr/bin/env bash
# usage: docs_test.sh SOURCE_DIR
# What the repository documents stays in the repository: README.md, docs/ and the man page name
# no file outside it (the specs and the corpus beside a checkout are not there in a clone).
set -euo pipefail
cd "$1"
if grep -nE '\.\./shared|shared/(spec|corpus|seeds)' README.md docs/*.md docs/man/rochade.1; then
  echo "FAIL: the lines above point outside the repository"
  exit 1
fi
echo "README.md, docs/*.md, docs/man/rochade.1: no path outside the repository"
