#include "report/stats/board_figure.hpp"

#include <fmt/core.h>

#include "report/common/svg_board.hpp"
#include "report/common/text.hpp"
#include "report/stats/stats_sections.hpp"

namespace rochade::report {

std::string board_figure(const analysis::Stats& stats, const analysis::Highlight& h,
                         int viewer_game) {
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

}  // namespace rochade::report
