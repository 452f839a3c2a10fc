#include "report/stats/stats_json.hpp"

#include "report/common/json.hpp"
#include "report/common/json_value.hpp"
#include "report/stats/stats_fields.hpp"
#include "report/stats/stats_json_run.hpp"
#include "report/stats/stats_records.hpp"

namespace rochade::report {

using analysis::Counts;
using analysis::Stats;
using chess::CastlingReason;

namespace {

constexpr std::string_view colors[2] = {"white", "black"};
constexpr std::string_view sides[2] = {"kingside", "queenside"};

std::string pattern_key(int w, int b) {
  return std::string(analysis::pattern_names[w]) + "/" + std::string(analysis::pattern_names[b]);
}

void write_games(JsonWriter& j, const Counts& c) {
  j.key("games").begin_object();
  for (const CountField& f : games_fields) j.field(f.key, f.of(c));
  j.end_object();
}

void write_castling(JsonWriter& j, const Counts& c) {
  j.key("castling").begin_object();
  // v1.5, computed from the counts and not read back (so are the other v1.5 keys below): the
  // games every castling share is of. Not in "games", whose counts add up to its total.
  j.field("games_analysed", whole_of(c, Whole::analysed));
  for (int col = 0; col < 2; ++col) {
    j.key(colors[col]).begin_object();
    j.field("kingside", c.castled[col][0]).field("queenside", c.castled[col][1]);
    j.field("none", c.never[col]);
    // v1.5: the games by this colour's first castling, and its castling moves after the first
    // (report/stats/figures.hpp).
    const ColourFigures f = colour_figures(c, col);
    j.field("first_kingside", f.first[0].count).field("first_queenside", f.first[1].count);
    j.field("castled_again", f.again);
    j.end_object();
  }
  for (const CountField& f : castling_fields) j.field(f.key, f.of(c));
  j.field("any_castled", whole_of(c, Whole::any_castled));
  j.field("castling_moves", whole_of(c, Whole::castling_moves));
  j.key("by_move").begin_object();
  for (int col = 0; col < 2; ++col) {
    j.key(colors[col]).begin_object();
    for (int s = 0; s < 2; ++s) {
      j.key(sides[s]).begin_object();
      const auto& v = c.by_move[col][s];
      for (std::size_t n = 0; n < v.size(); ++n)
        if (v[n]) j.field(std::to_string(n), v[n]);
      j.end_object();
    }
    j.end_object();
  }
  j.end_object();
  j.key("king_moved_first").begin_object();
  j.field("white", c.king_moved_first[0]).field("black", c.king_moved_first[1]);
  j.end_object();
  j.end_object();
}

void write_illegal(JsonWriter& j, const Counts& c) {
  j.key("illegal_castling").begin_object();
  j.field(illegal_total.key, illegal_total.of(c));
  j.key("by_reason").begin_object();
  for (int r = 0; r < chess::castling_reason_count; ++r)
    j.field(chess::castling_reason_name(CastlingReason(r)), c.illegal_by_reason[r]);
  j.end_object();
  j.end_object();
}

void write_results(JsonWriter& j, const Counts& c) {
  j.key("results").begin_object();
  for (int w = 0; w < 3; ++w) {
    for (int b = 0; b < 3; ++b) {
      j.key(pattern_key(w, b)).begin_object();
      for (int r = 0; r < 4; ++r) j.field(analysis::result_names[r], c.results[w][b][r]);
      j.end_object();
    }
  }
  j.end_object();
}

// --- reading ---------------------------------------------------------------------------------

struct Reader {
  std::string& error;

  const JsonValue* member(const JsonValue& v, std::string_view key, const std::string& where) {
    const JsonValue* m = v.is_object() ? v.find(key) : nullptr;
    if (!m) error.assign("missing \"").append(key).append("\" in ").append(where);
    return m;
  }
  // A count added by a later contract (v1.1): 0 when a document does not have it.
  bool optional_count(const JsonValue& v, std::string_view key, std::uint64_t& out,
                      const std::string& where) {
    return !v.is_object() || !v.find(key) || count(v, key, out, where);
  }
  bool count(const JsonValue& v, std::string_view key, std::uint64_t& out,
             const std::string& where) {
    const JsonValue* m = member(v, key, where);
    if (!m) return false;
    if (!m->is_integer() || m->integer() < 0) {
      error.assign(1, '"').append(key).append("\" in ").append(where).append(" is not a count");
      return false;
    }
    out = static_cast<std::uint64_t>(m->integer());
    return true;
  }

  bool counts(const JsonValue& doc, Counts& c, const std::string& where) {
    const JsonValue* g = member(doc, "games", where);
    const JsonValue* k = member(doc, "castling", where);
    const JsonValue* il = member(doc, "illegal_castling", where);
    const JsonValue* res = member(doc, "results", where);
    if (!g || !k || !il || !res) return false;
    // Beside the others in the document; in a group only since partials carry them there.
    for (const CountField& f : finding_fields)
      if (!optional_count(doc, f.key, f.of(c), where)) return false;
    bool ok = true;
    for (const CountField& f : games_fields)
      ok = ok &&
           (f.later ? optional_count(*g, f.key, f.of(c), where) : count(*g, f.key, f.of(c), where));
    for (int col = 0; ok && col < 2; ++col) {
      const JsonValue* cv = member(*k, colors[col], where);
      ok = cv && count(*cv, "kingside", c.castled[col][0], where) &&
           count(*cv, "queenside", c.castled[col][1], where) &&
           count(*cv, "none", c.never[col], where);
    }
    for (const CountField& f : castling_fields) ok = ok && count(*k, f.key, f.of(c), where);
    if (!ok) return false;
    const JsonValue* bm = member(*k, "by_move", where);
    if (!bm) return false;
    for (int col = 0; col < 2; ++col) {
      const JsonValue* cv = member(*bm, colors[col], where + ".by_move");
      if (!cv) return false;
      for (int s = 0; s < 2; ++s) {
        const JsonValue* sv = member(*cv, sides[s], where + ".by_move");
        if (!sv || !sv->is_object()) return false;
        for (const auto& [num, n] : sv->object()) {
          std::size_t move = 0;
          try {
            move = std::stoul(num);
          } catch (...) {
            error = "bad move number \"" + num + "\" in " + where;
            return false;
          }
          if (!n.is_integer() || n.integer() < 0 || move > 100000) {
            error = "bad by_move entry \"" + num + "\" in " + where;
            return false;
          }
          c.add_by_move(chess::Color(col), chess::CastlingSide(s), move,
                        static_cast<std::uint64_t>(n.integer()));
        }
      }
    }
    const JsonValue* km = member(*k, "king_moved_first", where);
    if (!km || !count(*km, "white", c.king_moved_first[0], where) ||
        !count(*km, "black", c.king_moved_first[1], where))
      return false;
    if (!count(*il, illegal_total.key, illegal_total.of(c), where)) return false;
    const JsonValue* br = member(*il, "by_reason", where);
    if (!br) return false;
    for (int r = 0; r < chess::castling_reason_count; ++r) {
      const JsonValue* v = br->find(chess::castling_reason_name(CastlingReason(r)));
      if (v && v->is_integer() && v->integer() >= 0)
        c.illegal_by_reason[r] = static_cast<std::uint64_t>(v->integer());
    }
    for (int w = 0; w < 3; ++w) {
      for (int b = 0; b < 3; ++b) {
        const JsonValue* pv = res->find(pattern_key(w, b));
        if (!pv) continue;  // zero
        for (int r = 0; r < 4; ++r)
          if (!count(*pv, analysis::result_names[r], c.results[w][b][r], where + ".results"))
            return false;
      }
    }
    return true;
  }
};

}  // namespace

std::string stats_to_json(const Stats& stats, const StatsRun& run) {
  std::string out;
  JsonWriter j(out, true);
  j.begin_object();
  j.field("schema", stats_schema);
  j.key("tool").begin_object().field("name", "rochade").field("version", ROCHADE_VERSION);
  j.end_object();
  if (run.by.empty() && !stats.groups.empty()) {  // a caller that did not say: its groups' keys
    StatsRun with_keys{{}, run.where, {}, run.dedup, run.max_games, {}};
    for (const auto& [key, values] : stats.groups) with_keys.by.push_back(key);
    detail::write_run(j, with_keys);
  } else {
    detail::write_run(j, run);
  }
  j.key("inputs").begin_array();
  for (const auto& in : stats.inputs) {
    j.begin_object().field("path", in.path).field("compression", in.compression);
    j.field("bytes", in.bytes).field("games", in.games).field("complete", in.complete());
    j.key("error");
    if (in.complete())
      j.null();
    else
      j.value(in.error_text());
    j.end_object();
  }
  j.end_array();
  write_games(j, stats.all);
  write_castling(j, stats.all);
  write_illegal(j, stats.all);
  for (const CountField& f : finding_fields) j.field(f.key, f.of(stats.all));
  write_results(j, stats.all);
  j.key("groups").begin_object();
  for (const auto& [key, values] : stats.groups) {
    j.key(analysis::group_key_name(key)).begin_object();
    for (const auto& [value, counts] : values) {
      j.key(value).begin_object();
      write_games(j, counts);
      write_castling(j, counts);
      write_illegal(j, counts);
      // Not in contract v1's groups, but every count of a group must survive merge.
      for (const CountField& f : finding_fields) j.field(f.key, f.of(counts));
      write_results(j, counts);
      j.end_object();
    }
    j.end_object();
  }
  j.end_object();
  detail::write_highlights(j, run.highlights);
  write_records(j, run.records);
  j.end_object();
  out += '\n';
  return out;
}

bool stats_from_json(std::string_view text, Stats& out, std::string& error, StatsRun* run) {
  const JsonParseResult parsed = parse_json(text);
  if (!parsed.value) {
    error = "not JSON: " + parsed.error;
    return false;
  }
  const JsonValue& doc = *parsed.value;
  const JsonValue* schema = doc.is_object() ? doc.find("schema") : nullptr;
  if (!schema || schema->type() != JsonValue::Type::string || schema->string() != stats_schema) {
    error = "not a rochade statistics document (schema \"" + std::string(stats_schema) + "\")";
    return false;
  }
  Reader r{error};
  Stats s;
  if (const JsonValue* inputs = doc.find("inputs");
      inputs && inputs->type() == JsonValue::Type::array) {
    for (const JsonValue& in : inputs->array()) {
      analysis::InputSummary sum;
      if (const JsonValue* p = in.find("path")) sum.path = p->string();
      if (const JsonValue* p = in.find("compression")) sum.compression = p->string();
      if (const JsonValue* p = in.find("bytes"); p && p->is_integer())
        sum.bytes = static_cast<std::uint64_t>(p->integer());
      if (const JsonValue* p = in.find("games"); p && p->is_integer())
        sum.games = static_cast<std::uint64_t>(p->integer());
      const JsonValue* complete = in.find("complete");
      std::string error;
      if (const JsonValue* p = in.find("error"); p && p->type() == JsonValue::Type::string)
        error = p->string();
      sum.outcome = analysis::input_outcome_from(!complete || complete->boolean(), error);
      if (sum.outcome == analysis::InputOutcome::failed) sum.error = std::move(error);
      s.inputs.push_back(std::move(sum));
    }
  }
  if (!r.counts(doc, s.all, "the document")) return false;
  if (const JsonValue* groups = doc.find("groups"); groups && groups->is_object()) {
    for (const auto& [name, values] : groups->object()) {
      const auto key = analysis::group_key_names.parse(name);
      if (!key) {
        error = "an unknown group key \"" + name + "\" in \"groups\"";
        return false;
      }
      auto& mine = s.groups[*key];
      for (const auto& [value, counts] : values.object()) {
        Counts c;
        if (!r.counts(counts, c, "group " + name + "=" + value)) return false;
        mine[value] = std::move(c);
      }
    }
  }
  if (run && !detail::read_run(doc, *run, error)) return false;
  if (run && !read_records(doc, run->records, error)) return false;
  out = std::move(s);
  return true;
}

}  // namespace rochade::report
