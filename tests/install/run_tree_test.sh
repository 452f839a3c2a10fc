#!/usr/bin/env bash
# usage: run_tree_test.sh SOURCE_DIR ROCHADE CXX GENERATOR
# README's Install on the build folder that scripts/run leaves (configured as scripts/run does,
# and only `--target rochade` built): `cmake --install build --prefix P` and
# `(cd build && cpack -G DEB)` work there with nothing else built first.
#
# Cheap: a fresh folder where the compiler and the linker are stand-ins
# (CMAKE_CXX_COMPILER_LAUNCHER, CMAKE_CXX_LINKER_LAUNCHER): each compilation writes an empty
# object, and the link copies ROCHADE, the rochade this build tree made. Every other step of the
# target's build (generated files such as the man page) runs for real, so the folder holds what
# `--target rochade` makes, in seconds instead of a full Release build. install_test.sh then
# checks the installed files and the .deb, as install_and_deb does on the whole build.
set -euo pipefail
src=$(realpath "$1")
rochade=$(realpath "$2")
cxx=$3
generator=$4
here=$(dirname "$(realpath "$0")")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# This test stands for scripts/run: it must still build rochade alone, into build/.
if ! grep -q -- '^cmake --build build .*--target rochade$' "$src/scripts/run"; then
  echo "FAIL: scripts/run no longer builds '--target rochade' into build/; update this test"
  exit 1
fi

cat > "$tmp/compile" <<'EOF'
#!/usr/bin/env bash
# Stand-in compiler: `compile CXX ARGS...` writes an empty object where -o says.
while (($#)); do
  if [[ $1 == -o ]]; then : > "$2"; exit 0; fi
  shift
done
echo "compile stand-in: no -o" >&2; exit 1
EOF
cat > "$tmp/link" <<'EOF'
#!/usr/bin/env bash
# Stand-in linker: `link CXX ARGS...` copies $ROCHADE_BUILT where -o says; only rochade is linked.
while (($#)); do
  if [[ $1 == -o ]]; then
    [[ ${2##*/} == rochade ]] || { echo "link stand-in: knows only rochade, not $2" >&2; exit 1; }
    cp "$ROCHADE_BUILT" "$2"; exit 0
  fi
  shift
done
echo "link stand-in: no -o" >&2; exit 1
EOF
chmod +x "$tmp/compile" "$tmp/link"
export ROCHADE_BUILT=$rochade

cd "$tmp"
cmake -S "$src" -B build -G "$generator" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$tmp/compile" -DCMAKE_CXX_LINKER_LAUNCHER="$tmp/link" \
  > configure.log 2>&1 || { cat configure.log; exit 1; }
cmake --build build --target rochade > build.log 2>&1 || { cat build.log; exit 1; }
cmp -s build/rochade "$rochade" || { echo "FAIL: build/rochade is not the stand-in's copy"; exit 1; }
echo "built: --target rochade only (build/rochade is a copy of $rochade)"

fail=0
# README's commands, word for word but for the prefix.
step() {  # step WHAT LOG COMMAND...: runs COMMAND, its output to LOG (shown when it fails)
  if "${@:3}" > "$2" 2>&1; then echo "ok: $1"; else cat "$2"; echo "FAIL: $1"; fail=1; fi
}
step "cmake --install build --prefix P succeeds after scripts/run's build" install.log \
  cmake --install build --prefix "$tmp/prefix"
step "(cd build && cpack -G DEB) succeeds and makes build/rochade_*.deb" cpack.log \
  bash -c 'cd build && cpack -G DEB && compgen -G "rochade_*.deb"'
((fail == 0)) || exit 1

# What they installed and packed: the checks of install_and_deb, on this folder.
bash "$here/install_test.sh" build || fail=1
exit $fail
