#include "report/common/formats.hpp"

#include <algorithm>

namespace rochade::report {

FormatChoice choose_format(const std::string& output, const std::string& given,
                           const std::vector<std::string>& formats, const std::string& fallback) {
  const std::string named(format_of_name(output == "-" ? std::string() : output));
  const auto has = [&formats](const std::string& f) {
    return std::find(formats.begin(), formats.end(), f) != formats.end();
  };
  if (compression_not_written(output))
    return {{}, "-o " + output + ": rochade compresses what it writes as .gz or .zst only"};
  const bool asks = !named.empty() && (has(named) || named != "text");
  if (given.empty() && asks && !has(named)) {
    std::string list;
    for (const auto& f : formats) list += (list.empty() ? "" : ", ") + f;
    return {{},
            "-o " + output + " names " + named + ", which this command does not write; its " +
                "formats: " + list};
  }
  if (given.empty()) return {has(named) ? named : fallback, {}};
  if (asks && given != named)
    return {{},
            "--format " + given + " contradicts the output name " + output + " (" + named +
                "): give one or the other"};
  return {given, {}};
}

}  // namespace rochade::report
