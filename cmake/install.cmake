# `cmake --install BUILD [--prefix DIR]` and `cpack -G DEB`: the binary, the man page rochade(1),
# the shell completions (bash, zsh, fish), the user documentation and the licence (copyright), at
# the places Debian uses.
include(GNUInstallDirs)

install(TARGETS rochade RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The man page, compressed as Debian packages ship them (man reads it either way).
set(man_gz ${PROJECT_BINARY_DIR}/rochade.1.gz)
add_custom_command(OUTPUT ${man_gz}
                   COMMAND gzip -9nc ${PROJECT_SOURCE_DIR}/docs/man/rochade.1 > ${man_gz}
                   DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/rochade.1 VERBATIM)
add_custom_target(rochade_man ALL DEPENDS ${man_gz})
# Building rochade alone (scripts/run, scripts/build-pgo) makes it too: `cmake --install` and
# cpack need nothing that `--target rochade` does not build (tests/install/run_tree_test.sh).
add_dependencies(rochade rochade_man)
install(FILES ${man_gz} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

set(completions ${PROJECT_SOURCE_DIR}/scripts/completions)
install(FILES ${completions}/rochade.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME rochade)
install(FILES ${completions}/_rochade DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${completions}/rochade.fish
        DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)

# The user documentation, and every page and picture it links to (tests/install/install_test.sh
# follows each relative link of the installed pages). All in one folder: README.md's links into
# docs/ lose their "docs/", and its link to LICENSE leads to copyright (the licence, below).
install(FILES docs/CLI.md docs/STATS-JSON.md docs/AUDIT-JSONL.md docs/GAMES-TABLE.md docs/VIEWER.md
        docs/CLUSTER.md docs/ARCHIVES.md docs/BENCHMARKS.md docs/DATA.md
        docs/viewer-illegal-castling.png docs/viewer-mate-by-castling.png
        docs/viewer-stats-report.png
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/README.md)
file(READ ${PROJECT_SOURCE_DIR}/README.md readme)
string(REPLACE "](docs/" "](" readme "${readme}")
string(REPLACE "](LICENSE)" "](copyright)" readme "${readme}")
file(WRITE ${PROJECT_BINARY_DIR}/README.md "${readme}")
install(FILES ${PROJECT_BINARY_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# Who answers for the package: the .deb's Maintainer, and the copyright file's Upstream-Contact.
set(ROCHADE_MAINTAINER "rochade maintainers <rochade@users.noreply.github.com>" CACHE STRING
    "The maintainer of the .deb (cpack), as 'Name <address>'")
# share/doc/rochade/copyright, in Debian's machine-readable format (DEP-5): the licence of
# LICENSE (its copyright line and its text, read here at configure time) and CLI11's, whose
# header-only code is compiled into the binary (cmake/copyright.in).
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/LICENSE)
file(READ ${PROJECT_SOURCE_DIR}/LICENSE license)
if(NOT license MATCHES "Copyright \\(c\\) ([^\n]+)\n\n(Permission is hereby granted.*[^\n])\n*$")
  message(FATAL_ERROR "rochade: LICENSE is not the MIT licence that cmake/copyright.in describes")
endif()
set(ROCHADE_COPYRIGHT "${CMAKE_MATCH_1}")
string(REPLACE "\n" "\n " ROCHADE_LICENSE_TEXT " ${CMAKE_MATCH_2}")
string(REPLACE "\n \n" "\n .\n" ROCHADE_LICENSE_TEXT "${ROCHADE_LICENSE_TEXT}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/copyright.in ${PROJECT_BINARY_DIR}/copyright @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})

# cpack -G DEB (from the build directory): rochade_VERSION_ARCH.deb. Its dependencies are the
# shared libraries the binary links, found by dpkg-shlibdeps (Debian package dpkg-dev), or where
# that is missing the Debian 12 packages of those libraries.
set(CPACK_PACKAGE_NAME rochade)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "rochade")
set(CPACK_PACKAGE_CONTACT "${ROCHADE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${ROCHADE_MAINTAINER}")
# Lines under 80 characters, as Debian asks (lintian: synopsis-too-long, extended-description-...).
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "castling in chess game databases: statistics, illegal castlings")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Replays PGN game databases of any size in one pass (plain, gzip, bzip2, xz,\n\
zstd, and zip, 7z, tar archives of them) and reports castling statistics,\n\
illegal historical castlings with the reason and the evidence, mates by\n\
castling, and why a castling is or is not legal in a position.")
# utils, not games: a command-line tool over game data, installed in bin/ (Debian's games section
# is for games, installed in /usr/games).
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_CHECKSUM SHA256)
find_program(DPKG_SHLIBDEPS dpkg-shlibdeps)
if(DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libc6, libstdc++6, libgcc-s1, libfmt9, zlib1g, libbz2-1.0, liblzma5, libzstd1, \
libarchive13, libsqlite3-0")
endif()
set(CPACK_GENERATOR DEB)
include(CPack)
