// The viewer page of `find --format html` and `audit --format html` (docs/VIEWER.md):
// one self-contained HTML file (inline style sheet and script, no network), written as a head
// before the run, the games' objects as the run delivers them in input order, and a tail after
// it. At most `max_games` games go in; the tail says how many were left out and how to get them.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace rochade::report {

// The viewer's script and style sheets (src/report/viewer/, embedded at build time): the
// viewer's own rules (scoped to its elements, so that the stats report embeds them too) and the
// find/audit page's (body, header).
std::string_view viewer_script();
std::string_view viewer_style();
std::string_view viewer_page_style();

// The viewer's elements: the list of games with its filter, the board with its buttons, the
// findings and the move list. `own_page`: the page is the viewer's (its <main>); else it sits in
// another page (the stats report). The page puts the games' data, the facts and the script after.
std::string viewer_markup(bool own_page);

// The <script type="application/json" id="rochade-page"> element: what the viewer's script reads
// about the page (the command, the games shown and left out, and the note on those left out).
std::string viewer_facts(std::string_view command, std::uint64_t shown, std::uint64_t left_out,
                         std::uint64_t max_games, std::string_view left_out_note);

// Appends JSON for a <script> element: every '<' written \u003c, so that no text in it can end
// the element.
void append_script_json(std::string& out, std::string_view json);

class ViewerPage {
 public:
  // `command`: "find" or "audit" (the page's title and its note on the games left out).
  ViewerPage(std::string_view command, std::uint64_t max_games);

  // Everything up to the opening of the games' array.
  std::string head() const;
  // Lines of ViewerGames::append (in input order, one call at a time): appends to `out` those
  // that fit under max_games, separated by commas; counts the rest (past_cap_line among them).
  void games(std::string_view lines, std::string& out);
  // Set once the page holds max_games games: the ViewerGames given it build no more games.
  const std::atomic<bool>& full() const { return full_; }
  // The array's end, the page's facts (shown, left out) and the script. `inputs`: how many the
  // run read (the note on the games left out says how to get those after the page's last).
  std::string tail(std::size_t inputs) const;

  std::uint64_t shown() const { return shown_; }
  std::uint64_t left_out() const { return left_out_; }

 private:
  std::string command_;
  std::uint64_t max_games_;
  std::uint64_t shown_ = 0, left_out_ = 0;
  std::atomic<bool> full_{false};
  std::string last_input_;       // the page's last game, once it is full: its input,
  std::uint64_t last_game_ = 0;  // its number there (0: not known)
};

}  // namespace rochade::report
