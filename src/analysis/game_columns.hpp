// The columns of the per-game table (docs/GAMES-TABLE.md), in their order, and the value
// of each for one game: what `rochade games` prints (report/games_table, a GameRow a game) and
// what `--where` compares (analysis/where, column_value). One table of names, one function of
// values behind both, so that the table and the filter can never disagree on what a column means.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/column_tags.hpp"
#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "base/names.hpp"

namespace rochade::analysis {

enum class Column : std::uint8_t {
  input,
  game,
  line,
  event,
  site,
  date,
  round,
  white,
  black,
  result,
  white_elo,
  black_elo,
  eco,
  time_control,
  variant,
  setup,
  plies,
  white_castling,
  black_castling,
  white_castling_ply,
  black_castling_ply,
  first_castler,
  castling_check,
  mate_by_castling,
  illegal_castlings,
  illegal_reasons,
  annotation_mismatches,
  false_repetitions,
  error,
  skipped,
  // v2 (docs/GAMES-TABLE.md), after the v1 columns:
  year,
  utc_date,
  utc_time,
  white_title,
  black_title,
  white_rating_diff,
  black_rating_diff,
  opening,
  termination,
  moves,
  white_castling_move,
  black_castling_move,
  white_castling_clock,
  black_castling_clock,
  white_illegal_castlings,
  black_illegal_castlings,
  without_moves,
  // Not printed, only for --where:
  mean_elo,
};
// The printed columns: input … without_moves, every one before mean_elo.
inline constexpr int table_column_count = static_cast<int>(Column::mean_elo);

// A column's type, as SQLite stores it: INTEGER, REAL (the clocks) or TEXT.
enum class ColumnType : std::uint8_t { integer, real, text };
// What a column's value needs: the record alone (its tags, its place), the replay (castlings,
// findings, plies), or the replay and the record's clocks (RecordBuilder::read_clocks).
enum class Needs : std::uint8_t { record, replay, clocks };

// Each column's name, type and what its value needs.
struct ColumnInfo {
  Column value{};
  std::string_view name = {};
  ColumnType type = ColumnType::integer;
  Needs needs = Needs::record;
};
// The columns in their order (their names both ways: column_names().parse("white_elo")).
const base::NameTable<Column, ColumnInfo>& column_names();
std::string_view column_name(Column c);
ColumnType column_type(Column c);
// Whether the value is a number (compared as a number, written unquoted in JSON).
bool column_is_number(Column c);
// Whether the value needs the replay (Needs::replay or Needs::clocks).
bool column_needs_analysis(Column c);
// Whether the value needs the clocks of the moves read from the comments (Needs::clocks).
bool column_needs_clocks(Column c);

struct ColumnValue {
  enum class Kind : std::uint8_t { missing, number, text };
  Kind kind = Kind::missing;
  std::int64_t number = 0;  // Kind::number: the value times `scale`
  std::string_view text;    // Kind::text: raw bytes of the input (tags), or `scratch`
  std::int32_t scale = 1;   // 1000 for the clocks (milliseconds), 2 for mean_elo (a sum)

  double real() const { return static_cast<double>(number) / scale; }
};

// The value of a column for a game. `analysis` may be null for a column that does not need it
// (column_needs_analysis); then such columns are missing. `input` is the input's name as given.
// `scratch` holds text built for the value (illegal_reasons, skipped) and must outlive its use.
// mean_elo is the sum of both ratings with scale 2 (no rounding here).
ColumnValue column_value(Column c, const GameRecord& record, const GameAnalysis* analysis,
                         std::string_view input, std::string& scratch);

// The values of the printed columns of one game, each as column_value gives it, computed together
// (a row of the table: the game's tags looked up in one pass, ColumnTags). Views into the record,
// the input's name and the row itself: not copied or moved.
class GameRow {
 public:
  GameRow(const GameRecord& record, const GameAnalysis& analysis, std::string_view input);
  GameRow(const GameRow&) = delete;
  GameRow& operator=(const GameRow&) = delete;
  const ColumnValue& operator[](Column c) const { return values_[static_cast<std::size_t>(c)]; }

 private:
  // Each made once by the constructor, not given a default value first: a row is made per game.
  // (ColumnValue is trivially destructible.)
  union {
    ColumnValue values_[table_column_count];
  };
  std::string reasons_, skipped_;  // the text of illegal_reasons and skipped
};

// The year of a game, the one definition (docs/GAMES-TABLE.md, `year`): the games table's `year`
// column, `--where year` and `stats --by year`/`decade` all read it. From Date, else EventDate,
// else UTCDate; "1986.03.12", "1986-03-12", "12.03.1986", "1986.??.??", "1986". Nullopt when
// none holds a year.
std::optional<int> game_year(const GameRecord& record);
// A rating tag as a positive integer, or nullopt (absent, "?", "-", not a number, 0).
std::optional<std::int64_t> rating(std::string_view tag);

}  // namespace rochade::analysis
