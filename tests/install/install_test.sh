#!/usr/bin/env bash
# usage: install_test.sh BUILD_DIR
# `cmake --install` into a staging folder puts the binary, the man page, the completions and the
# docs where a Unix system looks for them, and the binary runs from there; `cpack -G DEB` builds
# a .deb with those files and its dependencies declared, and the binary extracted from it runs.
# Both hold share/doc/rochade/copyright (Debian's machine-readable format, with LICENSE's text),
# and the .deb names a maintainer with a real mail address.
set -euo pipefail
build=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }

cmake --install "$build" --prefix "$tmp/x" > "$tmp/install.log"
expected=(bin/rochade share/man/man1/rochade.1.gz share/bash-completion/completions/rochade
          share/zsh/vendor-completions/_rochade share/fish/vendor_completions.d/rochade.fish
          share/doc/rochade/README.md share/doc/rochade/CLI.md share/doc/rochade/STATS-JSON.md
          share/doc/rochade/AUDIT-JSONL.md share/doc/rochade/GAMES-TABLE.md
          share/doc/rochade/VIEWER.md share/doc/rochade/CLUSTER.md share/doc/rochade/ARCHIVES.md
          share/doc/rochade/BENCHMARKS.md share/doc/rochade/DATA.md
          share/doc/rochade/viewer-stats-report.png share/doc/rochade/copyright)
for f in "${expected[@]}"; do check "installed $f" "[[ -s '$tmp/x/$f' ]]"; done
# Every relative link of the installed pages ([text](target), ![alt](target)) leads to an
# installed file; a link to a web address or to a heading of the same page is not a file.
links=0
for page in "$tmp"/x/share/doc/rochade/*.md; do
  while IFS= read -r target; do
    target=${target%%#*}
    [[ -z $target || $target =~ ^[a-z]+: ]] && continue
    links=$((links + 1))
    check "$(basename "$page") links to $target, installed" \
      "[[ -s '$(dirname "$page")/$target' ]]"
  done < <(grep -oE '\]\([^) ]+\)' "$page" | sed -E 's/^\]\((.*)\)$/\1/')
done
check "the installed pages have relative links to follow ($links)" "(( links > 10 ))"
version=$("$tmp/x/bin/rochade" --version)
echo "$version"
check "the installed binary runs and says its version" "grep -q '^rochade [0-9][0-9.]*' <<<\"\$version\""
check "--version lists the formats read" "grep -q '^reads: plain, gzip.*bzip2.*xz.*zstd' <<<\"\$version\""
check "--version lists the archives read" "grep -q 'archives: zip, 7z, tar (libarchive' <<<\"\$version\""
check "the man page reads back" "gzip -dc '$tmp/x/share/man/man1/rochade.1.gz' | grep -q '^\.SH EXIT STATUS'"
copyright=$tmp/x/share/doc/rochade/copyright
source=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
check "copyright is in Debian's machine-readable format" \
  "head -1 '$copyright' | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/'"
check "copyright: rochade's files, their holder and licence" \
  "grep -qx 'Files: \*' '$copyright' && grep -qx 'Copyright: [0-9-]* The rochade authors' '$copyright' &&
   grep -qx 'License: Expat' '$copyright'"
# The licence text, as DEP-5 indents it (one space; an empty line is ' .'), is LICENSE's.
sed -n '/^Permission is hereby granted/,$ { s/^$/./; s/^/ /; p }' "$source/LICENSE" > "$tmp/license.dep5"
awk '/^License: Expat$/ { on = 1; next } on && /^ / { print; next } { on = 0 }' "$copyright" \
  > "$tmp/license.copyright" 2>/dev/null || true
check "copyright holds the text of LICENSE" \
  "[[ -s '$tmp/license.dep5' ]] && cmp -s '$tmp/license.dep5' '$tmp/license.copyright'"

(cd "$tmp" && cpack -G DEB -B "$tmp/deb" --config "$build/CPackConfig.cmake" > "$tmp/cpack.log" 2>&1) ||
  { cat "$tmp/cpack.log"; exit 1; }
deb=$(ls "$tmp"/deb/rochade_*.deb)
echo "package: $(basename "$deb")"
dpkg-deb -c "$deb" | awk '{ print $NF }' > "$tmp/files"
cat "$tmp/files"
for f in "${expected[@]}"; do check "the .deb holds /usr/$f" "grep -qx './usr/$f' '$tmp/files'"; done
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libc6 libzstd1 liblzma5 libbz2-1.0 zlib1g libarchive13 libsqlite3-0; do
  check "the .deb depends on $lib" "grep -q '$lib' <<<\"\$depends\""
done
maintainer=$(dpkg-deb -f "$deb" Maintainer)
echo "Maintainer: $maintainer"
check "the .deb's maintainer is a name and a mail address" \
  "grep -qE '^[^<>@]+ <[^<>@ ]+@[a-z0-9-]+(\.[a-z0-9-]+)+>\$' <<<\"\$maintainer\""
check "the maintainer's address is not on localhost or a reserved domain" \
  "! grep -qiE '@([^>]*\.)?(localhost|localdomain|local|invalid|test|example(\.(com|net|org))?)>' <<<\"\$maintainer\""
dpkg-deb -x "$deb" "$tmp/root"
check "the .deb's copyright is the installed one" "cmp -s '$tmp/root/usr/share/doc/rochade/copyright' '$copyright'"
check "the binary of the .deb runs" "'$tmp/root/usr/bin/rochade' --version | grep -q '^reads: '"
exit $fail
