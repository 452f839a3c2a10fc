// expand_inputs: command-line arguments to the list of inputs to read, in order.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

#include "io/errors.hpp"
#include "io/input.hpp"

namespace rochade::io {
namespace {

namespace fs = std::filesystem;

// Names a directory search picks up. Compared without regard to case: archives from DOS-era
// sites are often GAMES.PGN.
bool is_pgn_name(std::string_view name) {
  static constexpr std::string_view k_suffixes[] = {".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.xz",
                                                    ".pgn.zst"};
  const auto ends_with_ci = [name](std::string_view suffix) {
    if (name.size() <= suffix.size()) return false;  // ".pgn" alone is a hidden file, no game
    const std::string_view tail = name.substr(name.size() - suffix.size());
    return std::equal(tail.begin(), tail.end(), suffix.begin(), [](char a, char b) {
      return std::tolower(static_cast<unsigned char>(a)) == b;
    });
  };
  return std::any_of(std::begin(k_suffixes), std::end(k_suffixes), ends_with_ci);
}

std::string error_code_text(const std::error_code& ec) {
  return ec.category() == std::generic_category() || ec.category() == std::system_category()
             ? detail::errno_text(ec.value())
             : ec.message();
}

// Collects the PGN files under `dir` (any depth). Symbolic links to files count; links to
// directories are not followed (no loops, no file seen twice). A directory that cannot be
// listed becomes an error and the search goes on with the others.
void collect_directory(const fs::path& dir, std::vector<fs::path>& found,
                       std::vector<InputError>& errors) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    errors.push_back({dir.string(), 0, "cannot read directory: " + error_code_text(ec)});
    return;
  }
  std::vector<fs::path> subdirs;
  for (const fs::directory_iterator end; it != end; it.increment(ec)) {
    if (ec) break;
    const fs::directory_entry& entry = *it;
    std::error_code type_ec;
    if (entry.is_symlink(type_ec)) {
      if (entry.is_regular_file(type_ec) && is_pgn_name(entry.path().filename().string())) {
        found.push_back(entry.path());
      }
    } else if (entry.is_directory(type_ec)) {
      subdirs.push_back(entry.path());
    } else if (entry.is_regular_file(type_ec) && is_pgn_name(entry.path().filename().string())) {
      found.push_back(entry.path());
    }
  }
  if (ec) {
    errors.push_back({dir.string(), 0, "cannot read directory: " + error_code_text(ec)});
  }
  for (const fs::path& sub : subdirs) collect_directory(sub, found, errors);
}

}  // namespace

ExpandedInputs expand_inputs(const std::vector<std::string>& args) {
  ExpandedInputs result;
  for (const std::string& arg : args) {
    if (arg == "-") {
      result.paths.push_back(arg);
      continue;
    }
    std::error_code ec;
    const fs::file_status status = fs::status(arg, ec);
    if (status.type() == fs::file_type::not_found) {
      result.errors.push_back({arg, 0, "no such file or directory"});
      continue;
    }
    if (ec) {
      result.errors.push_back({arg, 0, error_code_text(ec)});
      continue;
    }
    if (status.type() != fs::file_type::directory) {
      result.paths.push_back(arg);  // a file as given, whatever its name (open() sniffs it)
      continue;
    }
    std::vector<fs::path> found;
    collect_directory(arg, found, result.errors);
    std::sort(found.begin(), found.end());  // path order: by directory, then by name
    for (const fs::path& p : found) result.paths.push_back(p.string());
  }
  return result;
}

}  // namespace rochade::io
