// The libarchive functions rochade calls, bound when the first archive is opened
// (shared_library.hpp says why not at start-up). container.cpp and --version call libarchive
// only through them.
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <string>

#include "io/shared_library.hpp"

namespace rochade::io {

// Each function used, once: the struct's members and the binding are made from this list.
#define ROCHADE_ARCHIVE_FUNCTIONS(X)            \
  X(archive_version_string)                     \
  X(archive_read_new)                           \
  X(archive_read_free)                          \
  X(archive_read_open)                          \
  X(archive_read_open_filename)                 \
  X(archive_read_support_format_7zip)           \
  X(archive_read_support_format_zip_streamable) \
  X(archive_read_support_format_tar)            \
  X(archive_read_support_format_gnutar)         \
  X(archive_read_next_header)                   \
  X(archive_read_data_block)                    \
  X(archive_filter_bytes)                       \
  X(archive_error_string)                       \
  X(archive_set_error)                          \
  X(archive_entry_pathname)                     \
  X(archive_entry_filetype)                     \
  X(archive_entry_is_encrypted)                 \
  X(archive_entry_size_is_set)                  \
  X(archive_entry_size)

struct ArchiveApi {
  ROCHADE_ARCHIVE_FUNCTIONS(ROCHADE_FUNCTION_POINTER)
};

// libarchive's functions, loaded on the first call (thread-safe); nullptr when the library
// cannot be loaded, and then `why` says why.
const ArchiveApi* archive_api(std::string& why);

}  // namespace rochade::io
