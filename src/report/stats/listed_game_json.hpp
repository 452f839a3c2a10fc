// A listed game in the stats document (docs/STATS-JSON.md): the fields a highlight and a castling
// record share, written and read in one place so that the two read alike: the game's place
// ("input", "game", 1-based), "ply", "move_number", "side", "san", its tags and what replays it
// ("start_fen", null for the standard start, "variant", "moves"). A text field may be null or
// absent (read as empty); of any other type, or a place or ply that is not a positive integer,
// the entry is malformed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/highlights.hpp"
#include "report/common/json.hpp"
#include "report/common/json_value.hpp"

namespace rochade::report::detail {

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
