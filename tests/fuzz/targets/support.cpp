// The failure handler and the temporary files of the fuzz targets (fuzz_targets.hpp).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "fuzz_targets.hpp"

namespace rochade::fuzz {

namespace {

FailureHandler g_handler = nullptr;

// The temporary files of this process, removed when it exits normally.
struct TempFiles {
  std::map<std::string, std::string, std::less<>> paths;
  ~TempFiles() {
    std::error_code ec;
    for (const auto& [name, path] : paths) std::filesystem::remove(path, ec);
  }
};

TempFiles& temp_files() {
  static TempFiles files;
  return files;
}

}  // namespace

void set_failure_handler(FailureHandler handler) { g_handler = handler; }

void fail(const std::string& what) {
  if (g_handler != nullptr) g_handler(what);
  std::fprintf(stderr, "rochade fuzz: invariant broken: %s\n", what.c_str());
  std::abort();
}

const std::string& temp_file(std::string_view name) {
  auto& paths = temp_files().paths;
  auto it = paths.find(name);
  if (it == paths.end()) {
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
    if (ec) dir = "/tmp";
    const std::string file = "rochade-fuzz-" + std::string(name) + "-" + std::to_string(::getpid());
    it = paths.emplace(std::string(name), (dir / file).string()).first;
  }
  return it->second;
}

void write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) fail("cannot write the temporary file " + path);
}

}  // namespace rochade::fuzz
