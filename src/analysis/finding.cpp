#include "analysis/finding.hpp"

#include <array>

namespace rochade::analysis {

namespace {
constexpr std::array<std::string_view, finding_kind_count> names{
    "illegal_castling", "illegal_move", "parse_error", "false_repetition", "annotation_mismatch"};
}

std::string_view finding_kind_name(FindingKind k) { return names[static_cast<int>(k)]; }

std::optional<FindingKind> finding_kind_from_name(std::string_view name) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return FindingKind(i);
  return std::nullopt;
}

}  // namespace rochade::analysis
