// The parts of the stats document (docs/STATS-JSON.md, v1.1) that are not counts: how the run was
// made ("by", "where"; v1.4: "dedup", "max_games") and the games the reports list one by one
// ("highlights"; v1.3: with what replays each, for the report's viewer; the castling records'
// games, stats_records.hpp, are listed games too). Written and read by stats_json.cpp; here so
// that file stays about the counts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/highlights.hpp"
#include "report/common/json.hpp"
#include "report/common/json_value.hpp"
#include "report/stats/stats_json.hpp"

namespace rochade::report::detail {

void write_run(JsonWriter& j, const StatsRun& run);  // "by", "where", "dedup", "max_games"
void write_highlights(JsonWriter& j, const std::vector<analysis::Highlight>& highlights);
// Reads "by", "where", "dedup", "max_games" and "highlights" where present (a v1 document has
// none of them: its "by" is then the keys of its groups). False with `error` on a malformed entry.
bool read_run(const JsonValue& doc, StatsRun& run, std::string& error);

// A listed game in the stats document (docs/STATS-JSON.md): the fields a highlight and a castling
// record share, written and read here for both, so that the two read alike: the game's place
// ("input", "game", 1-based), "ply", "move_number", "side", "san", its tags and what replays it
// ("start_fen", null for the standard start, "variant", "moves"). A text field may be null or
// absent (read as empty); of any other type, or a place or ply that is not a positive integer,
// the entry is malformed.

// "input" and "game" (the game's place).
void write_place(JsonWriter& j, const analysis::Highlight& h);
// "side" and "san".
void write_move(JsonWriter& j, const analysis::Highlight& h);
// "white", "black", "event", "date", "site", "result".
void write_tags(JsonWriter& j, const analysis::Highlight& h);
// "start_fen", "variant", "moves".
void write_replay(JsonWriter& j, const analysis::Highlight& h);

// An integer field; false where it is absent or not an integer.
bool read_integer(const JsonValue& v, std::string_view key, std::int64_t& out);
// A text field into `out`: true where it is a string (read), null or absent (left as it is).
bool read_text(const JsonValue& v, std::string_view key, std::string& out);
// The shared fields above into `h` (placed at its place: Highlight::placed_at). False where one
// is malformed.
bool read_listed_game(const JsonValue& v, analysis::Highlight& h);

}  // namespace rochade::report::detail
