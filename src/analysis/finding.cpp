#include "analysis/finding.hpp"

#include <array>

namespace rochade::analysis {

namespace {
constexpr std::array<std::string_view, finding_kind_count> names{
    "illegal_castling", "illegal_move", "parse_error", "false_repetition", "annotation_mismatch"};
constexpr std::array<std::string_view, 2> reason_names{"bad_fen", "rights_differ"};
}  // namespace

std::string_view finding_kind_name(FindingKind k) { return names[static_cast<int>(k)]; }

std::string_view finding_reason_name(FindingReason r) {
  return reason_names[static_cast<std::size_t>(r)];
}

std::optional<FindingKind> finding_kind_from_name(std::string_view name) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return FindingKind(i);
  return std::nullopt;
}

}  // namespace rochade::analysis
