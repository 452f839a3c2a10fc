// expand_inputs: command-line arguments to the list of inputs to read, in order.
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "io/container.hpp"
#include "io/errors.hpp"
#include "io/input.hpp"

namespace rochade::io {
namespace {

namespace fs = std::filesystem;

// Compared without regard to case: archives from DOS-era sites are often GAMES.PGN.
bool ends_with_ci(std::string_view name, std::string_view suffix) {
  if (name.size() <= suffix.size()) return false;  // ".pgn" alone is a hidden file, no game
  const std::string_view tail = name.substr(name.size() - suffix.size());
  return std::equal(tail.begin(), tail.end(), suffix.begin(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == b;
  });
}

bool contains_ci(std::string_view name, std::string_view part) {
  return std::search(name.begin(), name.end(), part.begin(), part.end(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         }) != name.end();
}

std::string error_code_text(const std::error_code& ec) {
  return ec.category() == std::generic_category() || ec.category() == std::system_category()
             ? detail::errno_text(ec.value())
             : ec.message();
}

// A directory by device and inode: the same one reached twice (a link back up) is searched once.
using DirId = std::pair<dev_t, ino_t>;

// Collects the inputs under `dir` (any depth). Symbolic links are followed, to files and to
// directories; a directory already searched is not searched again (no loops, no file seen twice
// through two links). A directory that cannot be listed becomes an error and the search goes on
// with the others.
void collect_directory(const fs::path& dir, std::vector<fs::path>& found,
                       std::vector<InputError>& errors, std::set<DirId>& seen) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !seen.insert({st.st_dev, st.st_ino}).second) return;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    errors.push_back({dir.string(), 0, "cannot read directory: " + error_code_text(ec), {}});
    return;
  }
  std::vector<fs::path> subdirs;
  for (const fs::directory_iterator end; it != end; it.increment(ec)) {
    if (ec) break;
    const fs::directory_entry& entry = *it;
    std::error_code type_ec;
    const std::string name = entry.path().filename().string();
    if (entry.is_directory(type_ec)) {  // follows links
      subdirs.push_back(entry.path());
    } else if (entry.is_regular_file(type_ec) && (is_pgn_name(name) || is_archive_name(name))) {
      found.push_back(entry.path());
    }
  }
  if (ec) {
    errors.push_back({dir.string(), 0, "cannot read directory: " + error_code_text(ec), {}});
  }
  for (const fs::path& sub : subdirs) collect_directory(sub, found, errors, seen);
}

InputSpec file_spec(const std::string& path) {
  InputSpec spec{path, path, false, 0};
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
    spec.size = static_cast<std::uint64_t>(st.st_size);
    spec.file = {st.st_dev, st.st_ino};
  }
  return spec;
}

}  // namespace

bool is_pgn_name(std::string_view name) {
  static constexpr std::string_view k_suffixes[] = {".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.xz",
                                                    ".pgn.zst"};
  return std::any_of(std::begin(k_suffixes), std::end(k_suffixes),
                     [name](std::string_view s) { return ends_with_ci(name, s); });
}

bool is_archive_name(std::string_view name) {
  static constexpr std::string_view k_suffixes[] = {".zip", ".7z", ".tar", ".tgz", ".tbz2",
                                                    ".txz"};
  return std::any_of(std::begin(k_suffixes), std::end(k_suffixes),
                     [name](std::string_view s) { return ends_with_ci(name, s); }) ||
         (contains_ci(name, ".tar.") && !ends_with_ci(name, ".tar."));
}

std::vector<std::string> ExpandedInputs::paths() const {
  std::vector<std::string> names;
  for (const InputSpec& s : specs) names.push_back(s.name);
  return names;
}

std::vector<InputSpec> file_specs(const std::vector<std::string>& paths) {
  std::vector<InputSpec> specs;
  for (const std::string& p : paths)
    specs.push_back(p == "-" ? InputSpec{p, p, true, 0} : file_spec(p));
  return specs;
}

ExpandedInputs expand_inputs(const std::vector<std::string>& args) {
  ExpandedInputs result;
  for (const std::string& arg : args) {
    if (arg == "-") {
      result.specs.push_back({arg, arg, true, 0});
      continue;
    }
    std::error_code ec;
    const fs::file_status status = fs::status(arg, ec);
    if (status.type() == fs::file_type::not_found) {
      result.errors.push_back({arg, 0, "no such file or directory", {}});
      continue;
    }
    if (ec) {
      result.errors.push_back({arg, 0, error_code_text(ec), {}});
      continue;
    }
    if (status.type() != fs::file_type::directory) {
      result.specs.push_back(file_spec(arg));  // a file as given, whatever its name (sniffed)
      continue;
    }
    std::vector<fs::path> found;
    std::set<DirId> seen;
    collect_directory(arg, found, result.errors, seen);
    std::sort(found.begin(), found.end());  // path order: by directory, then by name
    for (const fs::path& p : found) result.specs.push_back(file_spec(p.string()));
  }
  return result;
}

}  // namespace rochade::io
