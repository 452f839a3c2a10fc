// The output formats of each subcommand, as enums with one name table each (base/names.hpp): the
// command line's choices, its parsing and the dispatch all come from these tables.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/names.hpp"

namespace rochade::report {

// The extensions of an output file's name and the format each asks for.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 11> format_extensions{
    {{"txt", "text"},
     {"json", "json"},
     {"jsonl", "jsonl"},
     {"csv", "csv"},
     {"tsv", "tsv"},
     {"md", "md"},
     {"html", "html"},
     {"pgn", "pgn"},
     {"db", "sqlite"},
     {"sqlite", "sqlite"},
     {"sqlite3", "sqlite"}}};

// The extensions that ask for one of `formats` (".txt, .json, .csv"): what -o's help offers.
inline std::string extensions_of(const std::vector<std::string>& formats) {
  std::string out;
  for (const auto& [ext, format] : format_extensions)
    for (const auto& f : formats)
      if (f == format) out.append(out.empty() ? "." : ", .").append(ext);
  return out;
}

// The format an output file's name asks for (docs/CLI.md: "-o r.json" is JSON): named by its last
// extension before any .gz or .zst, in any letter case; "" when the name asks for none.
inline std::string_view format_of_name(std::string_view path) {
  const auto extension = [](std::string_view name) {
    const std::size_t dot = name.rfind('.');
    const std::size_t slash = name.rfind('/');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
      return std::string();
    std::string e(name.substr(dot + 1));
    for (char& c : e) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return e;
  };
  std::string e = extension(path);
  if (e == "gz" || e == "zst") {
    path.remove_suffix(e.size() + 1);
    e = extension(path);
  }
  for (const auto& [ext, format] : format_extensions)
    if (ext == e) return format;
  return {};
}

// An output name that asks for a compression rochade does not write (.bz2, .xz, .lz4, in any
// letter case): it writes .gz and .zst only (io/output_compress.hpp), and would give plain bytes.
inline bool compression_not_written(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return false;
  std::string e(path.substr(dot + 1));
  for (char& c : e) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return e == "bz2" || e == "xz" || e == "lz4";
}

// The format a subcommand writing `formats` writes to -o `output` ("" or "-": stdout), with
// --format `given` ("" when not given): without --format, the one the name asks for where it is
// one of `formats`, else `fallback`. A name the format table knows asks for its format (-o x.db
// a database, -o r.json JSON), but .txt asks for nothing where the subcommand writes no text
// (find, games). Usage errors (`error` set, docs/CLI.md): a name asking for a format not in
// `formats` or for a compression not written, and a --format that contradicts the name.
struct FormatChoice {
  std::string format;
  std::string error;
};
FormatChoice choose_format(const std::string& output, const std::string& given,
                           const std::vector<std::string>& formats, const std::string& fallback);

enum class StatsFormat : std::uint8_t { text, json, csv, md, html };
inline constexpr base::NameTable<StatsFormat> stats_format_names{{{StatsFormat::text, "text"},
                                                                  {StatsFormat::json, "json"},
                                                                  {StatsFormat::csv, "csv"},
                                                                  {StatsFormat::md, "md"},
                                                                  {StatsFormat::html, "html"}}};

// html: the viewer page (report/viewer/viewer_page.hpp), for audit and find.
enum class AuditFormat : std::uint8_t { text, jsonl, pgn, html };
inline constexpr base::NameTable<AuditFormat> audit_format_names{{{AuditFormat::text, "text"},
                                                                  {AuditFormat::jsonl, "jsonl"},
                                                                  {AuditFormat::pgn, "pgn"},
                                                                  {AuditFormat::html, "html"}}};

enum class FindFormat : std::uint8_t { pgn, csv, tsv, jsonl, html };
inline constexpr base::NameTable<FindFormat> find_format_names{{{FindFormat::pgn, "pgn"},
                                                                {FindFormat::csv, "csv"},
                                                                {FindFormat::tsv, "tsv"},
                                                                {FindFormat::jsonl, "jsonl"},
                                                                {FindFormat::html, "html"}}};

// `rochade explain`: a diagram with sentences, or one JSON object.
enum class ExplainFormat : std::uint8_t { text, json };
inline constexpr base::NameTable<ExplainFormat> explain_format_names{
    {{ExplainFormat::text, "text"}, {ExplainFormat::json, "json"}}};

// `rochade games` (docs/GAMES-TABLE.md).
enum class GamesFormat : std::uint8_t { csv, tsv, jsonl, sqlite };
inline constexpr base::NameTable<GamesFormat> games_format_names{{{GamesFormat::csv, "csv"},
                                                                  {GamesFormat::tsv, "tsv"},
                                                                  {GamesFormat::jsonl, "jsonl"},
                                                                  {GamesFormat::sqlite, "sqlite"}}};

}  // namespace rochade::report
