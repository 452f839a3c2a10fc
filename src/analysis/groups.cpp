// Group values for `stats --by KEY`.
#include <charconv>

#include "analysis/game_columns.hpp"
#include "analysis/stats.hpp"
#include "pgn/tokens.hpp"

namespace rochade::analysis {

namespace {

bool parse_uint(std::string_view s, long long& out) {
  if (s.empty()) return false;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return r.ec == std::errc() && r.ptr == s.data() + s.size() && out >= 0;
}

// The year of a game (game_year: Date, else EventDate, else UTCDate, in any usual form), or -1.
int year_of(const GameRecord& record) { return game_year(record).value_or(-1); }

// "300+3", "5400+30", "7200": base seconds and increment; false when it is not that form.
bool base_and_increment(std::string_view tc, long long& base, long long& inc) {
  const std::size_t plus = tc.find('+');
  inc = 0;
  if (!parse_uint(tc.substr(0, plus), base)) return false;
  return plus == std::string_view::npos || parse_uint(tc.substr(plus + 1), inc);
}

}  // namespace

namespace {
using Speed = TimeControlClass;
std::string_view speed(Speed s) { return time_control_classes.name(s); }
}  // namespace

InputOutcome input_outcome_from(bool complete, std::string_view error) {
  if (complete) return InputOutcome::read;
  // Only the outcomes written where the error goes: a fault's text is any text.
  const auto o = input_outcome_names.parse(error);
  return o && *o != InputOutcome::read && *o != InputOutcome::failed ? *o : InputOutcome::failed;
}

std::string_view time_control_class(std::string_view tc) {
  while (!tc.empty() && tc.back() == ' ') tc.remove_suffix(1);
  while (!tc.empty() && tc.front() == ' ') tc.remove_prefix(1);
  if (tc == "-") return speed(Speed::correspondence);
  // FIDE periods "40/7200:3600", "40/5400+30:1800+30": the first period decides; "1/259200"
  // (a move in three days, Lichess and chess.com daily games) is correspondence.
  const std::string_view first = tc.substr(0, tc.find(':'));
  long long base = 0, inc = 0;
  if (const std::size_t slash = first.find('/'); slash != std::string_view::npos) {
    long long moves = 0;
    if (!parse_uint(first.substr(0, slash), moves) || moves == 0 ||
        !base_and_increment(first.substr(slash + 1), base, inc))
      return "unknown";
    if (base / moves >= 86400) return speed(Speed::correspondence);  // a day or more per move
  } else if (!base_and_increment(first, base, inc)) {
    return "unknown";
  }
  const long long estimate = base + 40 * inc;
  if (estimate < 29) return speed(Speed::ultrabullet);
  if (estimate < 179) return speed(Speed::bullet);
  if (estimate < 479) return speed(Speed::blitz);
  if (estimate < 1499) return speed(Speed::rapid);
  return speed(Speed::classical);
}

std::string group_value(GroupKey k, const GameRecord& record) {
  switch (k) {
    case GroupKey::year: {
      const int y = year_of(record);
      if (y < 0) return "unknown";
      return std::to_string(y);
    }
    case GroupKey::decade: {
      const int y = year_of(record);
      if (y < 0) return "unknown";
      return std::to_string(y / 10 * 10) + "s";
    }
    case GroupKey::elo: {
      long long w = 0, b = 0;
      if (!parse_uint(record.tag("WhiteElo"), w) || !parse_uint(record.tag("BlackElo"), b) ||
          w == 0 || b == 0)
        return "unknown";
      const long long band = (w + b) / 2 / 200 * 200;
      return std::to_string(band) + "-" + std::to_string(band + 199);
    }
    case GroupKey::timecontrol: return std::string(time_control_class(record.tag("TimeControl")));
    case GroupKey::eco: {
      const std::string_view eco = record.tag("ECO");
      if (eco.size() >= 1 && eco[0] >= 'A' && eco[0] <= 'E') return std::string(1, eco[0]);
      return "unknown";
    }
    case GroupKey::result: {
      const std::string_view r = record.tag("Result");
      return std::string(result_names[static_cast<std::size_t>(result_index(r))]);
    }
    case GroupKey::event: {
      const std::string_view e = record.tag("Event");
      if (e.empty() || e == "?") return "unknown";
      return pgn::as_utf8(e);  // one key whatever the file's encoding (tokens.hpp)
    }
  }
  return "unknown";
}

}  // namespace rochade::analysis
