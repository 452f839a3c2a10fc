#include "report/stats/listed_game_json.hpp"

namespace rochade::report::detail {

using analysis::Highlight;

void write_place(JsonWriter& j, const Highlight& h) {
  j.field("input", static_cast<std::uint64_t>(h.place.input) + 1).field("game", h.place.number);
}

void write_move(JsonWriter& j, const Highlight& h) {
  j.field("side", h.side == chess::Color::white ? "white" : "black").field("san", h.san);
}

void write_tags(JsonWriter& j, const Highlight& h) {
  j.field("white", h.white).field("black", h.black).field("event", h.event);
  j.field("date", h.date).field("site", h.site).field("result", h.result);
}

void write_replay(JsonWriter& j, const Highlight& h) {
  j.key("start_fen");
  if (h.start_fen.empty())
    j.null();
  else
    j.value(h.start_fen);
  j.field("variant", h.variant).field("moves", h.moves);
}

bool read_integer(const JsonValue& v, std::string_view key, std::int64_t& out) {
  const JsonValue* m = v.find(key);
  if (!m || !m->is_integer()) return false;
  out = m->integer();
  return true;
}

bool read_text(const JsonValue& v, std::string_view key, std::string& out) {
  const JsonValue* m = v.find(key);
  if (!m || m->type() == JsonValue::Type::null) return true;
  if (m->type() != JsonValue::Type::string) return false;
  out = m->string();
  return true;
}

bool read_listed_game(const JsonValue& v, Highlight& h) {
  std::int64_t input = 0, game = 0, ply = 0, move = 0;
  if (!v.is_object() || !read_integer(v, "input", input) || !read_integer(v, "game", game) ||
      !read_integer(v, "ply", ply) || !read_integer(v, "move_number", move) || input < 1 ||
      game < 1)
    return false;
  h.placed_at({static_cast<std::uint32_t>(input - 1), static_cast<std::uint64_t>(game)});
  h.ply = static_cast<int>(ply);
  h.move_number = static_cast<int>(move);
  std::string side;
  if (!read_text(v, "side", side)) return false;
  h.side = side == "black" ? chess::Color::black : chess::Color::white;
  for (auto [key, field] : {std::pair{"san", &h.san},
                            {"white", &h.white},
                            {"black", &h.black},
                            {"event", &h.event},
                            {"date", &h.date},
                            {"site", &h.site},
                            {"result", &h.result},
                            {"start_fen", &h.start_fen},
                            {"variant", &h.variant},
                            {"moves", &h.moves}})
    if (!read_text(v, key, *field)) return false;
  return true;
}

}  // namespace rochade::report::detail
