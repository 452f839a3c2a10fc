#include "report/viewer/viewer_page.hpp"

#include <fmt/core.h>

#include "report/common/json.hpp"
#include "report/common/json_value.hpp"
#include "report/common/text.hpp"
#include "report/viewer/viewer_data.hpp"

namespace rochade::report {

namespace {

// The input and the number of the game whose object is `line` (ViewerGames::append): its first
// two members, read up to the third (a key outside a JSON string is never inside one).
void read_place(std::string_view line, std::string& input, std::uint64_t& game) {
  const std::size_t end = line.find(",\"white\":");
  if (end == std::string_view::npos) return;
  const JsonParseResult r = parse_json(std::string(line.substr(0, end)) + "}");
  if (!r.value) return;
  const JsonValue* in = r.value->find("input");
  const JsonValue* number = r.value->find("game");
  if (in == nullptr || number == nullptr || !number->is_integer()) return;
  input = in->string();
  game = static_cast<std::uint64_t>(number->integer());
}

// What the page says of the games it could not hold, and the commands that get them.
// `last_input`, `last_game`: the page's last game (0: not known); `inputs`: how many the run read.
std::string left_out_note(std::string_view command, std::uint64_t shown, std::uint64_t left_out,
                          std::uint64_t max_games, std::string_view last_input,
                          std::uint64_t last_game, std::size_t inputs) {
  std::string s = fmt::format(
      "{} more game{} matched but {} left out: this page holds at most {} (--html-max-games). ",
      with_thousands(left_out), left_out == 1 ? "" : "s", left_out == 1 ? "was" : "were",
      with_thousands(max_games));
  if (last_game > 0) {
    s += fmt::format("The games after this page's last one (game {} of {}): ", last_game,
                     clean_text(last_input));
    s += inputs == 1 ? fmt::format("the same command with --where \"game > {}\". ", last_game)
                     : fmt::format(
                           "the same command on {} with --where \"game > {}\", then on the "
                           "inputs after it. ",
                           clean_text(last_input), last_game);
  }
  s += command == "find"
           ? "All of them: the same command with --format pgn (or -o found.pgn) writes every game"
             " found; "
           : "All of them: the same command with --format text or --format jsonl lists every "
             "finding; ";
  s += fmt::format(
      "narrow the page with --where (for example --where \"year >= 2000\"), or make pages of "
      "fewer games with --max-games, or raise --html-max-games (this page shows the first {}).",
      with_thousands(shown));
  return s;
}

}  // namespace

std::string viewer_markup(bool own_page) {
  const std::string_view pane = own_page ? "main" : "div";
  std::string out = R"page(<div class="viewer">
<aside class="games-pane" aria-label="Games">
<label for="filter" class="small">Filter by player or event</label>
<input id="filter" type="search" autocomplete="off" placeholder="player or event">
<p id="count" class="small" aria-live="polite"></p>
<ol id="games" class="games"></ol>
</aside>
)page";
  out.append("<").append(pane).append(" class=\"game-pane\" aria-label=\"Game\">\n");
  out += R"page(<h2 id="title">No game</h2>
<p id="where" class="small"></p>
<div class="board-row">
<div class="board-col">
<div id="board" role="img" aria-label=""></div>
<p id="legend" class="legend"></p>
<div class="controls" role="toolbar" aria-label="Moves">
<button id="first" type="button" title="First position (Home)" aria-label="First position">«</button>
<button id="prev" type="button" title="Previous move (←)" aria-label="Previous move">‹</button>
<button id="next" type="button" title="Next move (→)" aria-label="Next move">›</button>
<button id="last" type="button" title="Last move (End)" aria-label="Last move">»</button>
<button id="flip" type="button" title="Flip the board" aria-pressed="false">Flip</button>
</div>
<p id="fen" class="small fen"></p>
</div>
<div class="side-col">
<div id="findings"></div>
<div id="moves" class="moves" aria-label="Move list"></div>
</div>
</div>
)page";
  out.append("</").append(pane).append(">\n</div>\n");
  return out;
}

void append_script_json(std::string& out, std::string_view json) {
  for (const char c : json) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
}

std::string viewer_facts(std::string_view command, std::uint64_t shown, std::uint64_t left_out,
                         std::uint64_t max_games, std::string_view left_out_note) {
  std::string facts;
  JsonWriter j(facts);
  j.begin_object();
  j.field("command", command).field("shown", shown).field("left_out", left_out);
  j.field("max_games", max_games).field("left_out_note", left_out_note);
  j.end_object();
  std::string out = "<script type=\"application/json\" id=\"rochade-page\">";
  append_script_json(out, facts);
  out += "</script>\n";
  return out;
}

ViewerPage::ViewerPage(std::string_view command, std::uint64_t max_games)
    : command_(command), max_games_(max_games) {}

std::string ViewerPage::head() const {
  const std::string title = command_ == "find" ? "Games found" : "Findings of the audit";
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
      "<title>rochade {} — {}</title><style>",
      html_escape(command_), html_escape(title));
  out += viewer_page_style();
  out += viewer_style();
  out += fmt::format(
      "</style></head><body>\n<header><h1>{}</h1><p class=\"sub\" id=\"summary\">rochade {} "
      "{} · <span id=\"shown\"></span></p></header>\n",
      html_escape(title), ROCHADE_VERSION, html_escape(command_));
  out +=
      R"page(<noscript><p class="note">The board and the move list need JavaScript; the games' data is in the page's source (script rochade-games).</p></noscript>
)page";
  out += viewer_markup(true);
  out += R"page(<script type="application/json" id="rochade-games">[)page";
  return out;
}

void ViewerPage::games(std::string_view lines, std::string& out) {
  while (!lines.empty()) {
    const std::size_t end = lines.find('\n');
    const std::string_view line = lines.substr(0, end);
    lines.remove_prefix(end == std::string_view::npos ? lines.size() : end + 1);
    if (line.empty()) continue;
    // A past_cap_line comes only after the page is full (ViewerGames::append): counted the same.
    if (shown_ >= max_games_ || line == past_cap_line) {
      ++left_out_;
      continue;
    }
    out += shown_++ == 0 ? "\n" : ",\n";
    out += line;
    if (shown_ == max_games_) {
      read_place(line, last_input_, last_game_);
      full_.store(true, std::memory_order_release);
    }
  }
}

std::string ViewerPage::tail(std::size_t inputs) const {
  std::string out = "\n]</script>\n";
  const std::string note = left_out_ == 0 ? std::string()
                                          : left_out_note(command_, shown_, left_out_, max_games_,
                                                          last_input_, last_game_, inputs);
  out += viewer_facts(command_, shown_, left_out_, max_games_, note);
  if (left_out_ > 0)  // the script moves it above the list; without a script it ends the page
    out += "<p class=\"note left-out\" id=\"left-out\">" + html_escape(note) + "</p>\n";
  out += "<script>";
  out += viewer_script();
  out += "</script>\n</body></html>\n";
  return out;
}

}  // namespace rochade::report
