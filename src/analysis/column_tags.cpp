#include "analysis/column_tags.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include "analysis/game_columns.hpp"

namespace rochade::analysis {

namespace {

// Checked when built (base/names.hpp): one row per tag, in the order of ColumnTag.
constexpr base::NameTable<ColumnTag> names{{
    {ColumnTag::event, "Event"},
    {ColumnTag::site, "Site"},
    {ColumnTag::date, "Date"},
    {ColumnTag::round, "Round"},
    {ColumnTag::white, "White"},
    {ColumnTag::black, "Black"},
    {ColumnTag::result, "Result"},
    {ColumnTag::eco, "ECO"},
    {ColumnTag::time_control, "TimeControl"},
    {ColumnTag::variant, "Variant"},
    {ColumnTag::utc_date, "UTCDate"},
    {ColumnTag::utc_time, "UTCTime"},
    {ColumnTag::white_title, "WhiteTitle"},
    {ColumnTag::black_title, "BlackTitle"},
    {ColumnTag::opening, "Opening"},
    {ColumnTag::termination, "Termination"},
    {ColumnTag::white_elo, "WhiteElo"},
    {ColumnTag::black_elo, "BlackElo"},
    {ColumnTag::fen, "FEN"},
    {ColumnTag::setup, "SetUp"},
    {ColumnTag::event_date, "EventDate"},
    {ColumnTag::white_rating_diff, "WhiteRatingDiff"},
    {ColumnTag::black_rating_diff, "BlackRatingDiff"},
}};
static_assert(base::enum_count<ColumnTag> <= 32, "ColumnTags keeps a bit per tag");

// A hash of a tag name in any ASCII case, from its length, its first and its last two bytes,
// that tells the column tags apart: a game's tag is compared with the one column tag of its
// hash, if any. (Names of 3 to 15 bytes: as short and as long as the column tags.)
constexpr std::size_t shortest = 3, longest = 15;
constexpr unsigned hash(std::string_view name) {
  const auto lower = [&name](std::size_t i) { return static_cast<unsigned char>(name[i]) | 0x20u; };
  const std::size_t n = name.size();
  return (static_cast<unsigned>(n) * 2 + lower(0) * 57 + lower(n - 1) + lower(n - 2) * 3) & 63u;
}
constexpr auto by_hash = [] {
  std::array<std::optional<ColumnTag>, 64> out{};
  for (const auto& row : names) {
    if (row.name.size() < shortest || row.name.size() > longest) throw "a column tag's length";
    std::optional<ColumnTag>& slot = out[hash(row.name)];
    if (slot) throw "two column tags of one hash: change hash()";
    slot = row.value;
  }
  return out;
}();

// Two names of one length, 3 to 15 bytes, compared a word at a time: the first and the last 8
// bytes (4, 2 of shorter names; the two may overlap). Equal, equal but for ASCII case (each
// byte compared with its 0x20 bit set, as GameRecord::tag compares), or neither.
enum class Match : std::uint8_t { none, exact, loose };
template <typename Word>
Match compare_words(std::string_view a, std::string_view b) {
  const std::size_t last = a.size() - sizeof(Word);
  const auto word = [](const char* p) {
    Word w;
    std::memcpy(&w, p, sizeof w);  // either byte order: both sides are loaded alike
    return w;
  };
  const Word a0 = word(a.data()), a1 = word(a.data() + last);
  const Word b0 = word(b.data()), b1 = word(b.data() + last);
  if (a0 == b0 && a1 == b1) return Match::exact;
  constexpr auto spaces = static_cast<Word>(0x2020202020202020u);
  if ((a0 | spaces) == (b0 | spaces) && (a1 | spaces) == (b1 | spaces)) return Match::loose;
  return Match::none;
}

Match compare(std::string_view a, std::string_view b) {
  if (a.size() >= 8) return compare_words<std::uint64_t>(a, b);
  if (a.size() >= 4) return compare_words<std::uint32_t>(a, b);
  return compare_words<std::uint16_t>(a, b);
}

}  // namespace

const base::NameTable<ColumnTag>& column_tag_names() { return names; }

ColumnTags::ColumnTags(const GameRecord& record) {
  for (std::size_t i = 0; i < record.tag_count(); ++i) {
    const std::string_view name = record.tag_name(i);
    if (name.size() < shortest || name.size() > longest) continue;
    const std::optional<ColumnTag> t = by_hash[hash(name)];
    if (!t) continue;
    const std::string_view known = names.name(*t);
    if (known.size() != name.size()) continue;
    const Match m = compare(name, known);
    if (m == Match::none) continue;
    const bool exact = m == Match::exact;
    // The first with the name as written, else the first in another case.
    const std::uint32_t bit = std::uint32_t{1} << static_cast<unsigned>(*t);
    if ((exact && (exact_ & bit) == 0) || (found_ & bit) == 0) {
      exact_ |= exact ? bit : 0;
      found_ |= bit;
      values_[static_cast<std::size_t>(*t)] = record.tag_value(i);
    }
  }
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
    if (column_names().parse(name))
      return "--tag " + t + ": the table has the column " + name + " already";
    if (std::find(seen.begin(), seen.end(), name) != seen.end())
      return "--tag " + t + ": the column " + name + " is asked for twice";
    seen.push_back(name);
  }
  return {};
}

std::string_view RecordTags::value(ColumnTag t) const { return record.tag(names.name(t)); }
bool RecordTags::has(ColumnTag t) const { return record.has_tag(names.name(t)); }

}  // namespace rochade::analysis
