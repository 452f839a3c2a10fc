#include "report/stats/stats_json_run.hpp"

#include "report/stats/listed_game_json.hpp"

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
