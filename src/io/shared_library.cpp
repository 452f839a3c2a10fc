#include "io/shared_library.hpp"

#include <dlfcn.h>

namespace rochade::io {

SharedLibrary::SharedLibrary(const char* soname) {
  handle_ = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    const char* why = ::dlerror();
    error_ = why != nullptr ? why : std::string(soname) + ": cannot be loaded";
  }
}

void* SharedLibrary::symbol(const char* name) {
  if (handle_ == nullptr) return nullptr;
  ::dlerror();  // clear an earlier error
  void* p = ::dlsym(handle_, name);
  if (p == nullptr && error_.empty()) {
    const char* why = ::dlerror();
    error_ = why != nullptr ? why : std::string(name) + ": not found";
  }
  return p;
}

}  // namespace rochade::io
