#include "report/stats/stats_viewer.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>

#include "report/common/svg_board.hpp"
#include "report/common/text.hpp"
#include "report/stats/stats_records.hpp"
#include "report/stats/stats_sections.hpp"
#include "report/viewer/viewer_data.hpp"
#include "report/viewer/viewer_page.hpp"

namespace rochade::report {

using analysis::Highlight;

namespace {

// The viewer's games, in the order of the boards: mates by castling, then illegal castlings,
// each in input order, then the records' games in the order of the Records table; only those
// that can be replayed.
std::vector<const Highlight*> viewer_games(const std::vector<Highlight>& highlights,
                                           const analysis::Records& records) {
  std::vector<const Highlight*> out;
  for (const Highlight::Kind kind :
       {Highlight::Kind::mate_by_castling, Highlight::Kind::illegal_castling})
    for (const Highlight& h : highlights)
      if (h.kind == kind && h.replayable()) out.push_back(&h);
  for (int k = 0; k < analysis::record_kind_count; ++k)
    if (const auto& r = records.get(analysis::RecordKind(k)); r && r->game.replayable())
      out.push_back(&r->game);
  return out;
}

constexpr std::string_view viewer_rules = R"(
a.open-game{font-size:13px;color:#3b75af}.viewer-section .viewer{margin-top:8px}
@media print{.viewer-section,a.open-game{display:none}}
)";

std::string viewer_section(const analysis::Stats& stats, const std::vector<const Highlight*>& games,
                           bool with_records) {
  std::string out =
      "<section id=\"viewer\" class=\"viewer-section\" aria-labelledby=\"viewer-heading\">\n"
      "<h2 id=\"viewer-heading\">The listed games, move by move</h2>\n"
      "<p class=\"note\">The games listed above, on rochade's own replay of each: a mate by "
      "castling opens at the mating move, an illegal castling at the castling, with its reasons, "
      "the moves that lost the right underlined and the squares the castling needed drawn. "
      "Select a game here or with “Step through the game” under its board; step with the "
      "buttons, a click on a move, or ← → Home End while the viewer has the focus.</p>\n";
  if (with_records)
    out += "<p class=\"note\">A record's game opens at the move the record names.</p>\n";
  out +=
      "<noscript><p class=\"note\">The board and the move list need JavaScript; the games' "
      "data is in the page's source (script rochade-games).</p></noscript>\n";
  out += viewer_markup(false);
  out += "<script type=\"application/json\" id=\"rochade-games\">[";
  ViewerGames viewer;
  std::string line;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const Highlight& h = *games[i];
    const std::string_view input = h.place.input < stats.inputs.size()
                                       ? std::string_view(stats.inputs[h.place.input].path)
                                       : "";
    line.clear();
    viewer.append_listed(input, h.record(), h.ply, line);  // opens at the listed castling
    if (!line.empty() && line.back() == '\n') line.pop_back();
    out += i == 0 ? "\n" : ",\n";
    out += line;
  }
  out += "\n]</script>\n";
  out += viewer_facts("stats", games.size(), 0, games.size(), "");
  out += "<script>";
  out += viewer_script();
  out += "</script>\n</section>\n";
  return out;
}

// A highlighted game for the HTML report: <figure> with its board (the position before the
// castling, king and rook marked) and a caption (move, players, event, date, the finding's
// message), all text escaped; "position unavailable" where the FEN cannot be read.
// `viewer_game` >= 0: the game's index in the report's viewer, which a link in the caption
// opens it at.
std::string board_figure(const analysis::Stats& stats, const Highlight& h, int viewer_game) {
  const std::string move = highlight_move(h);
  const std::string board = svg_board(
      h.fen_before, {h.king_from, h.king_to, h.rook_from, h.rook_to}, "Position before " + move);
  std::string out = "<figure>";
  out += board.empty() ? std::string("<p class=\"note\">position unavailable</p>") : board;
  const auto esc = [](std::string_view t) { return html_escape(clean_text(t)); };
  const auto name = [&](const std::string& n) { return n.empty() ? std::string("?") : esc(n); };
  out +=
      fmt::format("<figcaption><b>{}</b> ({})<br>{} – {}", html_escape(move),
                  h.side == chess::Color::white ? "White" : "Black", name(h.white), name(h.black));
  if (!h.result.empty()) out += fmt::format(" · {}", esc(h.result));
  out += fmt::format("<br>{}", esc(h.event));
  if (!h.date.empty()) out += fmt::format(", {}", esc(h.date));
  out +=
      fmt::format("<br><span class=\"small\">{}</span>", html_escape(highlight_source(stats, h)));
  if (!h.message.empty()) out += fmt::format("<br><span class=\"msg\">{}</span>", esc(h.message));
  if (viewer_game >= 0)  // without a script, the link goes to the viewer's section and its note
    out += fmt::format(
        "<br><a class=\"open-game\" href=\"#viewer\" data-game-index=\"{}\">Step through the "
        "game</a>",
        viewer_game);
  out += "</figcaption></figure>\n";
  return out;
}

}  // namespace

std::string listed_games_style(const std::vector<Highlight>& highlights,
                               const analysis::Records& records) {
  if (viewer_games(highlights, records).empty()) return {};
  std::string out(viewer_style());
  out += viewer_rules;
  return out;
}

std::string listed_games_html(const analysis::Stats& stats,
                              const std::vector<Highlight>& highlights,
                              const analysis::Records& records) {
  const std::vector<const Highlight*> games = viewer_games(highlights, records);
  std::string out;
  for (const Highlight::Kind kind :
       {Highlight::Kind::mate_by_castling, Highlight::Kind::illegal_castling}) {
    std::string boards;
    std::size_t shown = 0;
    for (const Highlight& h : highlights) {
      if (h.kind != kind) continue;
      ++shown;
      const auto at = std::find(games.begin(), games.end(), &h);
      boards +=
          board_figure(stats, h, at == games.end() ? -1 : static_cast<int>(at - games.begin()));
    }
    if (boards.empty()) continue;
    out += kind == Highlight::Kind::mate_by_castling ? "<h2>Mates by castling</h2>\n"
                                                     : "<h2>Illegal castlings (first games)</h2>\n";
    out += "<p class=\"note\">" + html_escape(listed_note(kind, shown, stats.all)) +
           " The position before the castling; king gold, rook blue.</p>\n";
    out += "<div class=\"boards\">\n" + boards + "</div>\n";
  }
  // The records, each with the index of its game in the viewer.
  std::array<int, analysis::record_kind_count> record_games;
  record_games.fill(-1);
  bool with_records = false;
  for (int k = 0; k < analysis::record_kind_count; ++k) {
    const auto& r = records.get(analysis::RecordKind(k));
    const auto at = r ? std::find(games.begin(), games.end(), &r->game) : games.end();
    if (at == games.end()) continue;
    record_games[k] = static_cast<int>(at - games.begin());
    with_records = true;
  }
  out += records_html(records_section(stats, records), record_games);
  if (!games.empty()) out += viewer_section(stats, games, with_records);
  return out;
}

}  // namespace rochade::report
