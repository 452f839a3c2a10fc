#include "analysis/stats.hpp"

#include <algorithm>

namespace rochade::analysis {

using namespace chess;

int result_index(std::string_view r) {
  if (r == "1-0") return 0;
  if (r == "0-1") return 1;
  if (r == "1/2-1/2") return 2;
  return 3;
}

void Counts::add_by_move(Color c, CastlingSide s, std::size_t move, std::uint64_t n) {
  auto& v = by_move[idx(c)][static_cast<int>(s)];
  if (v.size() <= move) v.resize(move + 1, 0);
  v[move] += n;
}

void Counts::add(const GameRecord& record, const GameAnalysis& a) {
  ++games;
  if (a.status == GameStatus::skipped_variant) {
    ++skipped_variant;
    return;
  }
  if (a.status == GameStatus::cut_off) {
    ++cut_off;
    return;
  }
  if (a.without_moves()) {  // nothing to count but the game
    ++without_moves;
    return;
  }
  ++(a.status == GameStatus::replayed ? replayed : with_errors);
  for (const CastlingEvent& e : a.castlings) {
    ++castled[idx(e.color)][static_cast<int>(e.side)];
    add_by_move(e.color, e.side, e.move_number, 1);
    if (e.check) ++with_check;
    if (e.mate) ++checkmate;
  }
  const CastlingEvent* w = a.first_castling(Color::white);
  const CastlingEvent* b = a.first_castling(Color::black);
  if (!w) ++never[0];
  if (!b) ++never[1];
  if (w && b) {
    ++both_castled;
    ++(w->side == b->side ? same_side : opposite_sides);
  }
  if (w || b) ++((w && (!b || w->ply < b->ply)) ? white_first : black_first);
  for (int c = 0; c < 2; ++c)
    if (a.king_moved_first[c]) ++king_moved_first[c];
  for (const Finding& f : a.findings) {
    if (f.kind != FindingKind::illegal_castling) continue;
    ++illegal_castling;
    f.castling_reasons.for_each([&](CastlingReason r) { ++illegal_by_reason[static_cast<int>(r)]; });
  }
  annotation_mismatch += static_cast<std::uint64_t>(a.annotation_mismatches);
  if (a.false_repetition) ++false_repetition;
  const int wp = w ? static_cast<int>(w->side) : 2;
  const int bp = b ? static_cast<int>(b->side) : 2;
  ++results[wp][bp][result_index(record.tag("Result"))];
}

namespace {

// Adding and comparing counts, whatever their shape: a number, an array of counts, or a
// histogram (a vector whose missing tail counts as zeros).
void add_into(std::uint64_t& a, std::uint64_t b) { a += b; }
void add_into(std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
  if (a.size() < b.size()) a.resize(b.size(), 0);
  for (std::size_t i = 0; i < b.size(); ++i) a[i] += b[i];
}
template <class T, std::size_t N>
void add_into(std::array<T, N>& a, const std::array<T, N>& b) {
  for (std::size_t i = 0; i < N; ++i) add_into(a[i], b[i]);
}

bool same(std::uint64_t a, std::uint64_t b) { return a == b; }
bool same(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
  const std::size_t n = std::max(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if ((i < a.size() ? a[i] : 0) != (i < b.size() ? b[i] : 0)) return false;
  return true;
}
template <class T, std::size_t N>
bool same(const std::array<T, N>& a, const std::array<T, N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}

std::uint64_t largest_of(std::uint64_t a) { return a; }
std::uint64_t largest_of(const std::vector<std::uint64_t>& a) {
  return a.empty() ? 0 : *std::max_element(a.begin(), a.end());
}
template <class T, std::size_t N>
std::uint64_t largest_of(const std::array<T, N>& a) {
  std::uint64_t m = 0;
  for (const T& x : a) m = std::max(m, largest_of(x));
  return m;
}

}  // namespace

Counts& Counts::operator+=(const Counts& o) {
#define ROCHADE_ADD_FIELD(m) add_into(m, o.m);
  ROCHADE_COUNTS_FIELDS(ROCHADE_ADD_FIELD)
#undef ROCHADE_ADD_FIELD
  return *this;
}

bool Counts::operator==(const Counts& o) const {
#define ROCHADE_SAME_FIELD(m) \
  if (!same(m, o.m)) return false;
  ROCHADE_COUNTS_FIELDS(ROCHADE_SAME_FIELD)
#undef ROCHADE_SAME_FIELD
  return true;
}

std::uint64_t Counts::largest() const {
  std::uint64_t m = 0;
#define ROCHADE_LARGEST_FIELD(f) m = std::max(m, largest_of(f));
  ROCHADE_COUNTS_FIELDS(ROCHADE_LARGEST_FIELD)
#undef ROCHADE_LARGEST_FIELD
  return m;
}

void Stats::add(const GameRecord& record, const GameAnalysis& analysis,
                const std::vector<GroupKey>& keys) {
  all.add(record, analysis);
  for (GroupKey k : keys) {
    auto& by_value = groups[k];
    const std::string value = group_value(k, record);
    auto it = by_value.find(value);
    if (it == by_value.end()) it = by_value.emplace(value, Counts{}).first;
    it->second.add(record, analysis);
  }
}

Stats& Stats::operator+=(const Stats& o) {
  inputs.insert(inputs.end(), o.inputs.begin(), o.inputs.end());
  all += o.all;
  for (const auto& [key, values] : o.groups) {
    auto& mine = groups[key];
    for (const auto& [value, counts] : values) mine[value] += counts;
  }
  return *this;
}

bool Stats::operator==(const Stats& o) const {
  return inputs == o.inputs && all == o.all && groups == o.groups;
}

}  // namespace rochade::analysis
