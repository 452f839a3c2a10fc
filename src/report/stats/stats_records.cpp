#include "report/stats/stats_records.hpp"

#include <fmt/core.h>

#include <array>
#include <utility>

#include "report/common/text.hpp"
#include "report/stats/stats_json_run.hpp"
#include "report/stats/stats_summary.hpp"

namespace rochade::report {

using analysis::Highlight;
using analysis::Record;
using analysis::RecordKind;
using detail::read_integer;
using detail::read_listed_game;
using detail::write_move;
using detail::write_place;
using detail::write_replay;
using detail::write_tags;

namespace {

constexpr std::array<std::pair<const char*, chess::Color>, 2> colors{
    {{"white", chess::Color::white}, {"black", chess::Color::black}}};
constexpr std::array<std::pair<const char*, chess::CastlingSide>, 2> sides{
    {{"kingside", chess::CastlingSide::king}, {"queenside", chess::CastlingSide::queen}}};
// The records that are not per colour and side, by their key.
constexpr std::array<std::pair<const char*, RecordKind>, 3> game_records{
    {{"shortest_mate_by_castling", RecordKind::shortest_mate_by_castling},
     {"longest_without_castling", RecordKind::longest_without_castling},
     {"most_castlings", RecordKind::most_castlings}}};

void write_record(JsonWriter& j, RecordKind kind, const std::optional<Record>& r) {
  if (!r) {
    j.null();
    return;
  }
  const Highlight& h = r->game;
  const std::string_view number_key = analysis::record_number_key(kind);
  j.begin_object();
  write_place(j, h);
  j.field(number_key, r->number).field("ply", h.ply);
  if (number_key != "move_number") j.field("move_number", h.move_number);
  write_move(j, h);
  write_tags(j, h);
  write_replay(j, h);
  j.end_object();
}

// One R: null (no record), or an object. False where it is malformed.
bool read_record(const JsonValue* v, RecordKind kind, analysis::Records& records) {
  if (!v || v->type() == JsonValue::Type::null) return true;
  Record r;
  std::int64_t number = 0;
  if (!v->is_object() || !read_listed_game(*v, r.game) ||
      !read_integer(*v, analysis::record_number_key(kind), number) || number < 0)
    return false;
  r.number = static_cast<std::uint64_t>(number);
  records.add(kind, std::move(r));
  return true;
}

// "12. O-O" or "12... O-O" (cleaned text): the move a record points at.
std::string record_move(const Highlight& h) {
  return fmt::format("{}{} {}", h.move_number, h.side == chess::Color::white ? "." : "...",
                     clean_text(h.san));
}

}  // namespace

void write_records(JsonWriter& j, const analysis::Records& records) {
  j.key("records").begin_object();
  j.key("latest_castling").begin_object();
  for (const auto& [color_key, color] : colors) {
    j.key(color_key).begin_object();
    for (const auto& [side_key, side] : sides) {
      const RecordKind kind = analysis::latest_castling(color, side);
      j.key(side_key);
      write_record(j, kind, records.get(kind));
    }
    j.end_object();
  }
  j.end_object();
  for (const auto& [key, kind] : game_records) {
    j.key(key);
    write_record(j, kind, records.get(kind));
  }
  j.end_object();
}

bool read_records(const JsonValue& doc, analysis::Records& records, std::string& error) {
  records = {};
  const JsonValue* rs = doc.find("records");
  if (!rs || rs->type() == JsonValue::Type::null) return true;  // before v1.5
  bool ok = rs->is_object();
  const JsonValue* latest = ok ? rs->find("latest_castling") : nullptr;
  for (const auto& [color_key, color] : colors) {
    const JsonValue* c = latest && latest->is_object() ? latest->find(color_key) : nullptr;
    for (const auto& [side_key, side] : sides)
      ok = ok && read_record(c && c->is_object() ? c->find(side_key) : nullptr,
                             analysis::latest_castling(color, side), records);
  }
  for (const auto& [key, kind] : game_records) ok = ok && read_record(rs->find(key), kind, records);
  if (!ok) error = "a malformed entry in \"records\"";
  return ok;
}

void merge_records(analysis::Records& into, const analysis::Records& other,
                   std::uint32_t input_offset) {
  for (int k = 0; k < analysis::record_kind_count; ++k) {
    const std::optional<Record>& r = other.get(RecordKind(k));
    if (!r) continue;
    Record moved = *r;
    moved.game.placed_at({moved.game.place.input + input_offset, moved.game.place.number});
    into.add(RecordKind(k), std::move(moved));
  }
}

Section records_section(const analysis::Stats& stats, const analysis::Records& records) {
  Section sec{
      "Records",
      "The latest legal castling of each colour and side (by full-move number), the "
      "shortest game that ends with a mate by castling, the longest game replayed to its "
      "end without castling, the most castlings (legal or not) in one game; on a tie "
      "the first in input order.",
      {{"record", "held with", "game", "move", "white", "black", "event", "date"}, "lrrlllll", {}}};
  if (!stats.inputs.empty()) sec.note += " Game: input number:game number (see Inputs).";
  // What a record is held with: "move 46", "3 plies", "3 castlings".
  enum class Unit { move, plies, castlings };
  const auto held = [](std::uint64_t n, Unit unit) {
    const std::string v = with_thousands(n);
    if (unit == Unit::move) return "move " + v;
    if (unit == Unit::plies) return v + (n == 1 ? " ply" : " plies");
    return v + (n == 1 ? " castling" : " castlings");
  };
  const auto row = [&](std::string name, RecordKind kind, Unit unit) {
    const std::optional<Record>& r = records.get(kind);
    if (!r) {
      sec.table.rows.push_back({std::move(name), "none", "", "", "", "", "", ""});
      return;
    }
    const Highlight& h = r->game;
    sec.table.rows.push_back({std::move(name), held(r->number, unit),
                              fmt::format("{}:{}", h.place.input + 1, h.place.number),
                              record_move(h), truncate_text(clean_text(h.white), 24),
                              truncate_text(clean_text(h.black), 24),
                              truncate_text(clean_text(h.event), 30), clean_text(h.date)});
  };
  for (const auto& [color_key, color] : colors)
    for (const auto& [side_key, side] : sides)
      row(fmt::format("Latest {}, {}", side == chess::CastlingSide::king ? "O-O" : "O-O-O",
                      color == chess::Color::white ? "White" : "Black"),
          analysis::latest_castling(color, side), Unit::move);
  row("Shortest mate by castling", RecordKind::shortest_mate_by_castling, Unit::plies);
  row("Longest without castling", RecordKind::longest_without_castling, Unit::plies);
  row("Most castlings", RecordKind::most_castlings, Unit::castlings);
  return sec;
}

std::string records_html(const Section& sec,
                         const std::array<int, analysis::record_kind_count>& viewer_game) {
  std::string out = "<h2>Records</h2>\n<p class=\"note\">" + html_escape(sec.note) + "</p>\n";
  out += "<table><thead><tr>";
  for (std::size_t i = 0; i < sec.table.header.size(); ++i)
    out += fmt::format("<th class=\"{}\">{}</th>", sec.table.align[i],
                       html_escape(sec.table.header[i]));
  out += "<th class=\"l\"></th></tr></thead><tbody>\n";
  for (std::size_t k = 0; k < sec.table.rows.size(); ++k) {
    const auto& row = sec.table.rows[k];
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i)
      out += fmt::format("<td class=\"{}\">{}</td>", sec.table.align[i], html_escape(row[i]));
    out += "<td class=\"l\">";
    if (k < viewer_game.size() && viewer_game[k] >= 0)
      out += fmt::format(
          "<a class=\"open-game\" href=\"#viewer\" data-game-index=\"{}\">Step through the "
          "game</a>",
          viewer_game[k]);
    out += "</td></tr>\n";
  }
  out += "</tbody></table>\n";
  return out;
}

std::vector<Highlight> referenced_games(const std::vector<Highlight>& listed,
                                        const analysis::Records& records) {
  std::vector<Highlight> out = listed;
  for (int k = 0; k < analysis::record_kind_count; ++k)
    if (const std::optional<Record>& r = records.get(RecordKind(k))) out.push_back(r->game);
  return out;
}

std::vector<Section> report_sections(const analysis::Stats& stats,
                                     const std::vector<Highlight>& listed,
                                     const analysis::Records& records) {
  std::vector<Section> sections = summary_sections(stats, referenced_games(listed, records));
  for (Section& sec : highlight_sections(stats, listed)) sections.push_back(std::move(sec));
  sections.push_back(records_section(stats, records));
  return sections;
}

}  // namespace rochade::report
