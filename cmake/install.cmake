# `cmake --install BUILD [--prefix DIR]` and `cpack -G DEB`: the binary, the man page rochade(1),
# the shell completions (bash, zsh, fish) and the user documentation, at the places Debian uses.
include(GNUInstallDirs)

install(TARGETS rochade RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The man page, compressed as Debian packages ship them (man reads it either way).
set(man_gz ${PROJECT_BINARY_DIR}/rochade.1.gz)
add_custom_command(OUTPUT ${man_gz}
                   COMMAND gzip -9nc ${PROJECT_SOURCE_DIR}/docs/man/rochade.1 > ${man_gz}
                   DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/rochade.1 VERBATIM)
add_custom_target(rochade_man ALL DEPENDS ${man_gz})
install(FILES ${man_gz} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

set(completions ${PROJECT_SOURCE_DIR}/scripts/completions)
install(FILES ${completions}/rochade.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME rochade)
install(FILES ${completions}/_rochade DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${completions}/rochade.fish
        DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)

install(FILES README.md docs/CLI.md docs/STATS-JSON.md docs/AUDIT-JSONL.md docs/GAMES-TABLE.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# cpack -G DEB (from the build directory): rochade_VERSION_ARCH.deb. Its dependencies are the
# shared libraries the binary links, found by dpkg-shlibdeps (Debian package dpkg-dev), or where
# that is missing the Debian 12 packages of those libraries; and in both cases the two it loads
# when first needed (src/io/shared_library.hpp), which dpkg-shlibdeps cannot see.
set(CPACK_PACKAGE_NAME rochade)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "rochade")
set(CPACK_PACKAGE_CONTACT "rochade maintainers <rochade@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "castling in chess game databases: statistics, illegal castlings, mates by castling")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Replays PGN game databases of any size (plain, gzip, bzip2, xz, zstd) in one pass and\n\
reports castling statistics, illegal historical castlings with the reason and the evidence,\n\
mates by castling, and why a castling is or is not legal in a position.")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_CHECKSUM SHA256)
find_program(DPKG_SHLIBDEPS dpkg-shlibdeps)
if(DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libarchive13, libsqlite3-0")
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libc6, libstdc++6, libgcc-s1, libfmt9, zlib1g, libbz2-1.0, liblzma5, libzstd1, \
libarchive13, libsqlite3-0")
endif()
set(CPACK_GENERATOR DEB)
include(CPack)
