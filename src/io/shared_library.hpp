// A shared library opened the first time it is needed (dlopen), rather than by the dynamic
// loader at every start. rochade does so for the libraries only some runs use: libarchive
// (archives, which brings libxml2, ICU, nettle, libacl and liblz4 along) and SQLite (games
// --format sqlite). Loading them cost 3 ms of every run's start on the VM of
// docs/BENCHMARKS.md, 2 % of a 0.15 s run on the Lichess file. The Debian package depends on
// them all the same (cmake/install.cmake), and --version names the libarchive it finds.
//
// The library stays loaded until the process ends (no dlclose): the functions bound from it are
// kept in a function-local constant (loaded_api below).
#pragma once

#include <memory>
#include <string>

namespace rochade::io {

class SharedLibrary {
 public:
  // dlopen(soname); error() says why not (the loader's words).
  explicit SharedLibrary(const char* soname);
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  // f = the function `name` of the library; on the first one missing, error() says which.
  template <typename F>
  void bind(F*& f, const char* name) {
    f = reinterpret_cast<F*>(symbol(name));
  }

 private:
  void* symbol(const char* name);
  void* handle_ = nullptr;
  std::string error_;
};

// For an X-macro list of a library's functions (ROCHADE_ARCHIVE_FUNCTIONS, ...): a struct member
// pointing to each, and, inside a bind function taking (SharedLibrary& lib, Api& api), the
// binding of each by its name.
#define ROCHADE_FUNCTION_POINTER(name) decltype(&::name) name = nullptr;
#define ROCHADE_BIND_FUNCTION(name) lib.bind(api.name, #name);

// A struct of function pointers (io::ArchiveApi, report::SqliteApi), filled by `bind` from the
// library `soname` on the first call, once per struct type (thread-safe): the struct, or nullptr
// when the library or one of its functions cannot be loaded, and then `why` says why.
template <typename Api>
const Api* loaded_api(const char* soname, void (*bind)(SharedLibrary&, Api&), std::string& why) {
  struct Loaded {
    std::unique_ptr<SharedLibrary> lib;
    Api api;
  };
  static const Loaded loaded = [&] {
    Loaded l;
    l.lib = std::make_unique<SharedLibrary>(soname);
    bind(*l.lib, l.api);
    return l;
  }();
  if (!loaded.lib->ok()) {
    why = loaded.lib->error();
    return nullptr;
  }
  return &loaded.api;
}

}  // namespace rochade::io
