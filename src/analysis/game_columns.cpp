#include "analysis/game_columns.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <new>
#include <utility>

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
  return static_cast<int>(std::count_if(
      a.findings.begin(), a.findings.end(),
      [c](const Finding& f) { return f.kind == FindingKind::illegal_castling && f.side == c; }));
}

int count_kind(const GameAnalysis& a, FindingKind k) {
  return static_cast<int>(std::count_if(a.findings.begin(), a.findings.end(),
                                        [k](const Finding& f) { return f.kind == k; }));
}

// Inlined where it is called: a row (GameRow) calls it once per column with the column known to
// the compiler, which then keeps only that column's case.
template <class Tags>
[[gnu::always_inline]] inline ColumnValue analysed(Column c, const Tags& tags, const GameRecord& r,
                                                   const GameAnalysis& a, std::string& scratch) {
  // Each colour's first castling, looked up by the columns that read it.
  const auto white = [&a] { return a.first_castling(chess::Color::white); };
  const auto black = [&a] { return a.first_castling(chess::Color::black); };
  switch (c) {
    case Column::plies:
      return number(a.plies);
    case Column::white_castling:
      return text(castling_name(white()));
    case Column::black_castling:
      return text(castling_name(black()));
    case Column::white_castling_ply:
      if (const CastlingEvent* w = white()) return number(w->ply);
      return {};
    case Column::black_castling_ply:
      if (const CastlingEvent* b = black()) return number(b->ply);
      return {};
    case Column::first_castler: {
      const CastlingEvent *w = white(), *b = black();
      if (w && (!b || w->ply < b->ply)) return text("white");
      return text(b ? "black" : "");
    }
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
      bool any = false;
      for (const Finding& f : a.findings)
        if (f.kind == FindingKind::illegal_castling) {
          any = true;
          for (int i = 0; i < chess::castling_reason_count; ++i)
            if (f.castling_reasons.has(chess::CastlingReason(i))) seen[i] = true;
        }
      if (!any) return {};  // most games
      std::array<std::string_view, chess::castling_reason_count> list;
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
      for (char ch : tags.value(ColumnTag::variant))
        scratch += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      return text(scratch);
    }
    case Column::moves:  // the move number of the last move replayed, as findings number moves
      if (a.plies == 0) return number(0);
      return number(MoveNamer{r, a.start_side, a.start_fullmove}.move_number(a.plies));
    case Column::white_castling_move:
      if (const CastlingEvent* w = white()) return number(w->move_number);
      return {};
    case Column::black_castling_move:
      if (const CastlingEvent* b = black()) return number(b->move_number);
      return {};
    case Column::white_castling_clock:
      return clock_after(r, white());
    case Column::black_castling_clock:
      return clock_after(r, black());
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

namespace {

template <class Tags>
std::optional<int> year_from(const Tags& tags) {
  for (ColumnTag t : {ColumnTag::date, ColumnTag::event_date, ColumnTag::utc_date})
    if (auto y = year_of(tags.value(t))) return y;
  return std::nullopt;
}

// The columns that are a tag as it stands in the game: the tag by column, none for the others.
constexpr auto tag_of_column = [] {
  std::array<std::optional<ColumnTag>, static_cast<std::size_t>(Column::mean_elo) + 1> tag{};
  const auto set = [&tag](Column c, ColumnTag t) { tag[static_cast<std::size_t>(c)] = t; };
  set(Column::event, ColumnTag::event);
  set(Column::site, ColumnTag::site);
  set(Column::date, ColumnTag::date);
  set(Column::round, ColumnTag::round);
  set(Column::white, ColumnTag::white);
  set(Column::black, ColumnTag::black);
  set(Column::result, ColumnTag::result);
  set(Column::eco, ColumnTag::eco);
  set(Column::time_control, ColumnTag::time_control);
  set(Column::variant, ColumnTag::variant);
  set(Column::utc_date, ColumnTag::utc_date);
  set(Column::utc_time, ColumnTag::utc_time);
  set(Column::white_title, ColumnTag::white_title);
  set(Column::black_title, ColumnTag::black_title);
  set(Column::opening, ColumnTag::opening);
  set(Column::termination, ColumnTag::termination);
  return tag;
}();

template <class Tags>
[[gnu::always_inline]] inline ColumnValue value_of(Column c, const Tags& tags, const GameRecord& r,
                                                   const GameAnalysis* a, std::string_view input,
                                                   std::string& scratch) {
  switch (c) {
    case Column::input:
      return text(input);
    case Column::game:
      return number(static_cast<std::int64_t>(r.number));
    case Column::line:
      return number(static_cast<std::int64_t>(r.pos.line));
    case Column::white_elo:
      return optional_number(rating(tags.value(ColumnTag::white_elo)));
    case Column::black_elo:
      return optional_number(rating(tags.value(ColumnTag::black_elo)));
    case Column::setup: {
      const std::string_view fen =
          tags.value(ColumnTag::fen);  // as the replay decides (replay.cpp)
      return number(!fen.empty() ||
                    (tags.value(ColumnTag::setup) == "1" && tags.has(ColumnTag::fen)));
    }
    case Column::year: {
      const auto y = year_from(tags);
      return y ? number(*y) : ColumnValue{};
    }
    case Column::white_rating_diff:
      return optional_number(signed_number(tags.value(ColumnTag::white_rating_diff)));
    case Column::black_rating_diff:
      return optional_number(signed_number(tags.value(ColumnTag::black_rating_diff)));
    case Column::mean_elo: {
      const auto w = rating(tags.value(ColumnTag::white_elo));
      const auto b = rating(tags.value(ColumnTag::black_elo));
      if (!w || !b || *w == 0 || *b == 0) return {};
      return {ColumnValue::Kind::number, *w + *b, {}, 2};
    }
    default:
      if (const auto t = tag_of_column[static_cast<std::size_t>(c)]) return text(tags.value(*t));
      return a ? analysed(c, tags, r, *a, scratch) : ColumnValue{};
  }
}

}  // namespace

std::optional<int> game_year(const GameRecord& record) { return year_from(RecordTags{record}); }

ColumnValue column_value(Column c, const GameRecord& r, const GameAnalysis* a,
                         std::string_view input, std::string& scratch) {
  return value_of(c, RecordTags{r}, r, a, input, scratch);
}

namespace {

// Every printed column, each value_of with its column a constant: no switch is left at run time.
// Each value is made in its place, once (GameRow::values_).
template <std::size_t... I>
void fill_row(ColumnValue* values, const ColumnTags& tags, const GameRecord& record,
              const GameAnalysis& analysis, std::string_view input, std::string& reasons,
              std::string& skipped, std::index_sequence<I...>) {
  (::new (static_cast<void*>(values + I))
       ColumnValue(value_of(static_cast<Column>(I), tags, record, &analysis, input,
                            static_cast<Column>(I) == Column::skipped ? skipped : reasons)),
   ...);
}

}  // namespace

GameRow::GameRow(const GameRecord& record, const GameAnalysis& analysis, std::string_view input) {
  fill_row(values_, ColumnTags(record), record, analysis, input, reasons_, skipped_,
           std::make_index_sequence<table_column_count>{});
}

}  // namespace rochade::analysis
