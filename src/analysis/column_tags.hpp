// The tags the columns of the games table read (docs/GAMES-TABLE.md), and their values in one
// game looked up together: a row reads some two dozen of them, and GameRecord::tag searches
// the game's tags once for each. Also the columns --tag adds: their names and their checks.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_record.hpp"
#include "base/names.hpp"

namespace rochade::analysis {

enum class ColumnTag : std::uint8_t {
  event,
  site,
  date,
  round,
  white,
  black,
  result,
  eco,
  time_control,
  variant,
  utc_date,
  utc_time,
  white_title,
  black_title,
  opening,
  termination,
  white_elo,
  black_elo,
  fen,
  setup,
  event_date,
  white_rating_diff,
  black_rating_diff,
};

// Each tag's name as PGN writes it.
const base::NameTable<ColumnTag>& column_tag_names();

// The column tags of one game, as GameRecord::tag and has_tag give them: the first tag of that
// name, else the first whose name differs only in ASCII case. Views into the record.
class ColumnTags {
 public:
  explicit ColumnTags(const GameRecord& record);
  std::string_view value(ColumnTag t) const { return values_[static_cast<std::size_t>(t)]; }
  bool has(ColumnTag t) const { return (found_ >> static_cast<unsigned>(t) & 1u) != 0; }

 private:
  std::array<std::string_view, base::enum_count<ColumnTag>> values_{};
  std::uint32_t found_ = 0;  // a bit per tag found
  std::uint32_t exact_ = 0;  // a bit per tag found with its name as written
};

// The same questions asked of the record itself, a search each: for a single column (--where).
struct RecordTags {
  const GameRecord& record;
  std::string_view value(ColumnTag t) const;
  bool has(ColumnTag t) const;
};

// The column of a tag asked for with --tag (docs/GAMES-TABLE.md): snake_case of its name, as the
// fixed columns are named (WhiteFideId → white_fide_id, UTCDate → utc_date, PlyCount →
// ply_count); characters other than letters and digits become '_'. Its value is the tag, as text.
std::string tag_column_name(std::string_view tag);
// Why `tags` (--tag's values) cannot be columns (an empty name, a name that is already a
// column, twice the same column), or empty when they can.
std::string check_tag_columns(const std::vector<std::string>& tags);

}  // namespace rochade::analysis
