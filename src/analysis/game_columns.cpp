#include "analysis/game_columns.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

#include "analysis/describe.hpp"

namespace rochade::analysis {

namespace {

constexpr ColumnType I = ColumnType::integer, R = ColumnType::real, T = ColumnType::text;
constexpr Needs record = Needs::record, replay = Needs::replay, clocks = Needs::clocks;
// Checked when built (base/names.hpp): one row per column, in the order of Column.
constexpr base::NameTable<Column, ColumnInfo> columns{{
    {Column::input, "input", T, record},
    {Column::game, "game", I, record},
    {Column::line, "line", I, record},
    {Column::event, "event", T, record},
    {Column::site, "site", T, record},
    {Column::date, "date", T, record},
    {Column::round, "round", T, record},
    {Column::white, "white", T, record},
    {Column::black, "black", T, record},
    {Column::result, "result", T, record},
    {Column::white_elo, "white_elo", I, record},
    {Column::black_elo, "black_elo", I, record},
    {Column::eco, "eco", T, record},
    {Column::time_control, "time_control", T, record},
    {Column::variant, "variant", T, record},
    {Column::setup, "setup", I, record},
    {Column::plies, "plies", I, replay},
    {Column::white_castling, "white_castling", T, replay},
    {Column::black_castling, "black_castling", T, replay},
    {Column::white_castling_ply, "white_castling_ply", I, replay},
    {Column::black_castling_ply, "black_castling_ply", I, replay},
    {Column::first_castler, "first_castler", T, replay},
    {Column::castling_check, "castling_check", I, replay},
    {Column::mate_by_castling, "mate_by_castling", I, replay},
    {Column::illegal_castlings, "illegal_castlings", I, replay},
    {Column::illegal_reasons, "illegal_reasons", T, replay},
    {Column::annotation_mismatches, "annotation_mismatches", I, replay},
    {Column::false_repetitions, "false_repetitions", I, replay},
    {Column::error, "error", T, replay},
    {Column::skipped, "skipped", T, replay},
    {Column::year, "year", I, record},
    {Column::utc_date, "utc_date", T, record},
    {Column::utc_time, "utc_time", T, record},
    {Column::white_title, "white_title", T, record},
    {Column::black_title, "black_title", T, record},
    {Column::white_rating_diff, "white_rating_diff", I, record},
    {Column::black_rating_diff, "black_rating_diff", I, record},
    {Column::opening, "opening", T, record},
    {Column::termination, "termination", T, record},
    {Column::moves, "moves", I, replay},
    {Column::white_castling_move, "white_castling_move", I, replay},
    {Column::black_castling_move, "black_castling_move", I, replay},
    {Column::white_castling_clock, "white_castling_clock", R, clocks},
    {Column::black_castling_clock, "black_castling_clock", R, clocks},
    {Column::white_illegal_castlings, "white_illegal_castlings", I, replay},
    {Column::black_illegal_castlings, "black_illegal_castlings", I, replay},
    {Column::without_moves, "without_moves", I, replay},
    {Column::mean_elo, "mean_elo", R, record},
}};

const ColumnInfo& info(Column c) { return columns[c]; }

bool digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int to_int(std::string_view s) {
  int v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

bool separator(char c) { return c == '.' || c == '-' || c == '/'; }

// "1986.03.12", "1986-03-12", "1986.??.??", "1986" → 1986; "12.03.1986", "12/03/1986" → 1986.
std::optional<int> year_of(std::string_view d) {
  while (!d.empty() && d.back() == ' ') d.remove_suffix(1);
  while (!d.empty() && d.front() == ' ') d.remove_prefix(1);
  if (d.size() >= 4 && digits(d.substr(0, 4)) && (d.size() == 4 || separator(d[4]))) {
    const int y = to_int(d.substr(0, 4));
    return y > 0 ? std::optional<int>(y) : std::nullopt;
  }
  // dd.mm.yyyy (or d.m.yyyy): two fields of one or two digits, then four digits.
  if (d.size() >= 8 && d.size() <= 10 && digits(d.substr(d.size() - 4)) &&
      separator(d[d.size() - 5])) {
    const std::string_view head = d.substr(0, d.size() - 5);
    const std::size_t s = head.find_first_of(".-/");
    if (s == std::string_view::npos) return std::nullopt;
    const std::string_view day = head.substr(0, s), month = head.substr(s + 1);
    const bool day_ok = (digits(day) || day == "??") && day.size() <= 2;
    const bool month_ok = (digits(month) || month == "??") && month.size() <= 2;
    const int y = to_int(d.substr(d.size() - 4));
    if (day_ok && month_ok && y > 0) return y;
  }
  return std::nullopt;
}

ColumnValue number(std::int64_t n) { return {ColumnValue::Kind::number, n, {}}; }
ColumnValue text(std::string_view s) {
  return s.empty() ? ColumnValue{} : ColumnValue{ColumnValue::Kind::text, 0, s};
}
ColumnValue tag(const GameRecord& r, std::string_view name) { return text(r.tag(name)); }
ColumnValue optional_number(std::optional<std::int64_t> n) {
  return n ? number(*n) : ColumnValue{};
}

std::string_view castling_name(const CastlingEvent* e) {
  if (!e) return {};
  return e->side == chess::CastlingSide::king ? "O-O" : "O-O-O";
}

// A signed integer tag ("+12", "-8", "0"), or nullopt (absent, "?", not a number).
std::optional<std::int64_t> signed_number(std::string_view t) {
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  bool negative = false;
  if (!t.empty() && (t.front() == '+' || t.front() == '-')) {
    negative = t.front() == '-';
    t.remove_prefix(1);
  }
  if (!digits(t) || t.size() > 6) return std::nullopt;
  const std::int64_t v = to_int(t);
  return negative ? -v : v;
}

// The clock after a castling, in seconds (milliseconds with scale 1000); missing without one.
ColumnValue clock_after(const GameRecord& r, const CastlingEvent* e) {
  if (!e || e->ply == 0) return {};
  const auto millis = r.clock(e->ply - 1u);
  if (!millis) return {};
  return {ColumnValue::Kind::number, *millis, {}, 1000};
}

int illegal_castlings_of(const GameAnalysis& a, chess::Color c) {
  return static_cast<int>(std::count_if(a.findings.begin(), a.findings.end(), [c](const Finding& f) {
    return f.kind == FindingKind::illegal_castling && f.side == c;
  }));
}

int count_kind(const GameAnalysis& a, FindingKind k) {
  return static_cast<int>(std::count_if(a.findings.begin(), a.findings.end(),
                                        [k](const Finding& f) { return f.kind == k; }));
}

ColumnValue analysed(Column c, const GameRecord& r, const GameAnalysis& a, std::string& scratch) {
  const CastlingEvent* w = a.first_castling(chess::Color::white);
  const CastlingEvent* b = a.first_castling(chess::Color::black);
  switch (c) {
    case Column::plies:
      return number(a.plies);
    case Column::white_castling:
      return text(castling_name(w));
    case Column::black_castling:
      return text(castling_name(b));
    case Column::white_castling_ply:
      return w ? number(w->ply) : ColumnValue{};
    case Column::black_castling_ply:
      return b ? number(b->ply) : ColumnValue{};
    case Column::first_castler:
      if (w && (!b || w->ply < b->ply)) return text("white");
      return text(b ? "black" : "");
    case Column::castling_check:
      return number(std::count_if(a.castlings.begin(), a.castlings.end(),
                                  [](const CastlingEvent& e) { return e.check; }));
    case Column::mate_by_castling:
      return number(std::any_of(a.castlings.begin(), a.castlings.end(),
                                [](const CastlingEvent& e) { return e.mate; }));
    case Column::illegal_castlings:
      return number(count_kind(a, FindingKind::illegal_castling));
    case Column::illegal_reasons: {
      std::array<bool, chess::castling_reason_count> seen{};
      for (const Finding& f : a.findings)
        if (f.kind == FindingKind::illegal_castling)
          for (int i = 0; i < chess::castling_reason_count; ++i)
            if (f.castling_reasons.has(chess::CastlingReason(i))) seen[i] = true;
      std::array<std::string_view, chess::castling_reason_count> list{};
      std::size_t n = 0;
      for (int i = 0; i < chess::castling_reason_count; ++i)
        if (seen[i]) list[n++] = chess::castling_reason_name(chess::CastlingReason(i));
      std::sort(list.begin(), list.begin() + static_cast<long>(n));
      scratch.clear();
      for (std::size_t i = 0; i < n; ++i) {
        if (i) scratch += ';';
        scratch += list[i];
      }
      return text(scratch);
    }
    case Column::annotation_mismatches:
      return number(count_kind(a, FindingKind::annotation_mismatch));
    case Column::false_repetitions:
      return number(count_kind(a, FindingKind::false_repetition));
    case Column::error:
      if (a.status == GameStatus::cut_off) return text("cut_off");
      if (a.status != GameStatus::with_errors) return {};
      for (auto it = a.findings.rbegin(); it != a.findings.rend(); ++it)
        if (it->kind == FindingKind::illegal_move || it->kind == FindingKind::parse_error)
          return text(finding_kind_name(it->kind));
      return text("illegal_move");
    case Column::skipped: {
      if (a.status != GameStatus::skipped_variant) return {};
      scratch = "variant:";
      for (char ch : r.tag("Variant"))
        scratch += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      return text(scratch);
    }
    case Column::moves:  // the move number of the last move replayed, as findings number moves
      if (a.plies == 0) return number(0);
      return number(MoveNamer{r, a.start_side, a.start_fullmove}.move_number(a.plies));
    case Column::white_castling_move:
      return w ? number(w->move_number) : ColumnValue{};
    case Column::black_castling_move:
      return b ? number(b->move_number) : ColumnValue{};
    case Column::white_castling_clock:
      return clock_after(r, w);
    case Column::black_castling_clock:
      return clock_after(r, b);
    case Column::white_illegal_castlings:
      return number(illegal_castlings_of(a, chess::Color::white));
    case Column::black_illegal_castlings:
      return number(illegal_castlings_of(a, chess::Color::black));
    case Column::without_moves:  // as stats counts games.without_moves
      return number(a.without_moves());
    default:
      return {};
  }
}

}  // namespace

std::string_view column_name(Column c) { return info(c).name; }

const base::NameTable<Column, ColumnInfo>& column_names() { return columns; }

ColumnType column_type(Column c) { return info(c).type; }
bool column_is_number(Column c) { return info(c).type != ColumnType::text; }
bool column_needs_analysis(Column c) { return info(c).needs != Needs::record; }
bool column_needs_clocks(Column c) { return info(c).needs == Needs::clocks; }

std::optional<std::int64_t> rating(std::string_view tag) {
  while (!tag.empty() && tag.back() == ' ') tag.remove_suffix(1);
  if (!digits(tag) || tag.size() > 6) return std::nullopt;
  return to_int(tag);
}

std::string tag_column_name(std::string_view tag) {
  const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  const auto lower = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  std::string out;
  for (std::size_t i = 0; i < tag.size(); ++i) {
    const char c = tag[i];
    if (upper(c)) {
      // A word starts at a capital after a small letter or digit (WhiteFide|Id), or at the last
      // capital of a run followed by a small letter (UTC|Date).
      const bool after_small = i > 0 && lower(tag[i - 1]);
      const bool ends_run = i > 0 && upper(tag[i - 1]) && i + 1 < tag.size() && lower(tag[i + 1]) &&
                            !(tag[i + 1] >= '0' && tag[i + 1] <= '9');
      if ((after_small || ends_run) && !out.empty() && out.back() != '_') out += '_';
      out += static_cast<char>(c - 'A' + 'a');
    } else if (lower(c)) {
      out += c;
    } else if (!out.empty() && out.back() != '_') {
      out += '_';
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

std::string check_tag_columns(const std::vector<std::string>& tags) {
  std::vector<std::string> seen;
  for (const std::string& t : tags) {
    const std::string name = tag_column_name(t);
    if (name.empty()) return "--tag '" + t + "': a tag name needs a letter or a digit";
    if (columns.parse(name))
      return "--tag " + t + ": the table has the column " + name + " already";
    if (std::find(seen.begin(), seen.end(), name) != seen.end())
      return "--tag " + t + ": the column " + name + " is asked for twice";
    seen.push_back(name);
  }
  return {};
}

std::optional<int> game_year(const GameRecord& record) {
  for (std::string_view name : {"Date", "EventDate", "UTCDate"})
    if (auto y = year_of(record.tag(name))) return y;
  return std::nullopt;
}

// The columns that are a tag as it stands in the game.
constexpr std::array<std::pair<Column, std::string_view>, 16> tag_columns{{
    {Column::event, "Event"},
    {Column::site, "Site"},
    {Column::date, "Date"},
    {Column::round, "Round"},
    {Column::white, "White"},
    {Column::black, "Black"},
    {Column::result, "Result"},
    {Column::eco, "ECO"},
    {Column::time_control, "TimeControl"},
    {Column::variant, "Variant"},
    {Column::utc_date, "UTCDate"},
    {Column::utc_time, "UTCTime"},
    {Column::white_title, "WhiteTitle"},
    {Column::black_title, "BlackTitle"},
    {Column::opening, "Opening"},
    {Column::termination, "Termination"},
}};

ColumnValue column_value(Column c, const GameRecord& r, const GameAnalysis* a,
                         std::string_view input, std::string& scratch) {
  switch (c) {
    case Column::input:
      return text(input);
    case Column::game:
      return number(static_cast<std::int64_t>(r.number));
    case Column::line:
      return number(static_cast<std::int64_t>(r.pos.line));
    case Column::white_elo:
      return optional_number(rating(r.tag("WhiteElo")));
    case Column::black_elo:
      return optional_number(rating(r.tag("BlackElo")));
    case Column::setup: {
      const std::string_view fen = r.tag("FEN");  // as the replay decides (replay.cpp)
      return number(!fen.empty() || (r.tag("SetUp") == "1" && r.has_tag("FEN")));
    }
    case Column::year: {
      const auto y = game_year(r);
      return y ? number(*y) : ColumnValue{};
    }
    case Column::white_rating_diff:
      return optional_number(signed_number(r.tag("WhiteRatingDiff")));
    case Column::black_rating_diff:
      return optional_number(signed_number(r.tag("BlackRatingDiff")));
    case Column::mean_elo: {
      const auto w = rating(r.tag("WhiteElo")), b = rating(r.tag("BlackElo"));
      if (!w || !b || *w == 0 || *b == 0) return {};
      return {ColumnValue::Kind::number, *w + *b, {}, 2};
    }
    default:
      for (const auto& [column, name] : tag_columns)
        if (column == c) return tag(r, name);
      return a ? analysed(c, r, *a, scratch) : ColumnValue{};
  }
}

}  // namespace rochade::analysis
