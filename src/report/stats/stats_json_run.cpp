#include "report/stats/stats_json_run.hpp"

namespace rochade::report::detail {

using analysis::Highlight;

namespace {

constexpr std::string_view kind_names[2] = {"mate_by_castling", "illegal_castling"};

void square(JsonWriter& j, std::string_view key, chess::Square s) {
  j.key(key);
  if (s == chess::no_square)
    j.null();
  else
    j.value(static_cast<int>(s));
}

chess::Square read_square(const JsonValue& v, std::string_view key) {
  std::int64_t s = 64;
  return read_integer(v, key, s) && s >= 0 && s < 64 ? static_cast<chess::Square>(s)
                                                     : chess::no_square;
}

bool read_highlight(const JsonValue& v, Highlight& h) {
  if (!read_listed_game(v, h)) return false;
  const JsonValue* kind = v.find("kind");
  if (!kind || kind->type() != JsonValue::Type::string) return false;
  if (kind->string() == kind_names[0])
    h.kind = Highlight::Kind::mate_by_castling;
  else if (kind->string() == kind_names[1])
    h.kind = Highlight::Kind::illegal_castling;
  else
    return false;
  if (!read_text(v, "fen_before", h.fen_before) || !read_text(v, "message", h.message))
    return false;
  h.king_from = read_square(v, "king_from");
  h.king_to = read_square(v, "king_to");
  h.rook_from = read_square(v, "rook_from");
  h.rook_to = read_square(v, "rook_to");
  return true;
}

}  // namespace

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

void write_run(JsonWriter& j, const StatsRun& run) {
  j.key("by").begin_array();
  for (const analysis::GroupKey k : run.by) j.value(analysis::group_key_name(k));
  j.end_array();
  j.key("where");
  if (run.where.empty())
    j.null();
  else
    j.value(run.where);
  j.field("dedup", run.dedup);
  j.key("max_games");
  if (run.max_games == 0)
    j.null();
  else
    j.value(run.max_games);
}

void write_highlights(JsonWriter& j, const std::vector<Highlight>& highlights) {
  j.key("highlights").begin_array();
  for (const Highlight& h : highlights) {
    j.begin_object();
    j.field("kind", kind_names[h.kind == Highlight::Kind::mate_by_castling ? 0 : 1]);
    write_place(j, h);
    j.field("ply", h.ply).field("move_number", h.move_number);
    write_move(j, h);
    j.field("fen_before", h.fen_before);
    square(j, "king_from", h.king_from);
    square(j, "king_to", h.king_to);
    square(j, "rook_from", h.rook_from);
    square(j, "rook_to", h.rook_to);
    write_tags(j, h);
    j.field("message", h.message);
    write_replay(j, h);
    j.end_object();
  }
  j.end_array();
}

bool read_run(const JsonValue& doc, StatsRun& run, std::string& error) {
  run = StatsRun{};
  const auto add_key = [&](const std::string& name) {
    analysis::GroupKey key;
    if (!analysis::group_key_from_name(name, key)) {
      error = "an unknown group key \"" + name + "\"";
      return false;
    }
    run.by.push_back(key);
    return true;
  };
  if (const JsonValue* by = doc.find("by"); by && by->type() == JsonValue::Type::array) {
    for (const JsonValue& k : by->array())
      if (k.type() == JsonValue::Type::string && !add_key(k.string())) return false;
  } else if (const JsonValue* groups = doc.find("groups"); groups && groups->is_object()) {
    for (const auto& [key, values] : groups->object())  // a v1 document
      if (!add_key(key)) return false;
  }
  if (const JsonValue* w = doc.find("where"); w && w->type() == JsonValue::Type::string)
    run.where = w->string();
  // v1.4: absent (a document before it) or null is a run without the option. A value of another
  // type is an error, not "without": merge would add what it must refuse.
  if (const JsonValue* d = doc.find("dedup"); d && d->type() != JsonValue::Type::null) {
    if (d->type() != JsonValue::Type::boolean) {
      error = "\"dedup\" is not true or false";
      return false;
    }
    run.dedup = d->boolean();
  }
  if (const JsonValue* m = doc.find("max_games"); m && m->type() != JsonValue::Type::null) {
    if (!m->is_integer() || m->integer() < 0) {
      error = "\"max_games\" is not a count or null";
      return false;
    }
    run.max_games = static_cast<std::uint64_t>(m->integer());
  }
  if (const JsonValue* hs = doc.find("highlights"); hs && hs->type() == JsonValue::Type::array) {
    for (const JsonValue& v : hs->array()) {
      Highlight h;
      if (!read_highlight(v, h)) {
        error = "a malformed entry in \"highlights\"";
        return false;
      }
      run.highlights.push_back(std::move(h));
    }
  }
  return true;
}

}  // namespace rochade::report::detail
