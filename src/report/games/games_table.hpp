// The per-game table (docs/GAMES-TABLE.md): one row per game, the columns of
// analysis/game_columns.hpp in their order, as CSV (RFC 4180), TSV or JSON lines. What `rochade
// games` and `find --format csv|tsv|jsonl` print; every byte valid UTF-8 (tags in Latin-1 are
// converted). The SQLite form is in report/games/sqlite_table.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "report/common/formats.hpp"

namespace rochade::report {

enum class TableFormat : std::uint8_t { csv, tsv, jsonl };

// The table a --format names: csv, tsv, jsonl; none for find's pgn and html, nor for games'
// sqlite (report/games/sqlite_table.hpp).
std::optional<TableFormat> table_format(FindFormat format);
std::optional<TableFormat> table_format(GamesFormat format);

// The header line (with its newline) of a table; empty for JSON lines. `tags`: the tags asked
// for with --tag, a column each after the others (analysis::tag_column_name).
std::string games_table_header(TableFormat format, const std::vector<std::string>& tags = {});

// Appends one game's row (with its newline). `input` is the input's name as given.
void append_game_row(TableFormat format, std::string_view input, const analysis::GameRecord& record,
                     const analysis::GameAnalysis& analysis, std::string& out,
                     const std::vector<std::string>& tags = {});

}  // namespace rochade::report
