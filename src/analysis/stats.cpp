#include "analysis/stats.hpp"

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

Counts& Counts::operator+=(const Counts& o) {
  games += o.games;
  replayed += o.replayed;
  with_errors += o.with_errors;
  skipped_variant += o.skipped_variant;
  for (int c = 0; c < 2; ++c) {
    for (int s = 0; s < 2; ++s) {
      castled[c][s] += o.castled[c][s];
      const auto& v = o.by_move[c][s];
      for (std::size_t n = 0; n < v.size(); ++n)
        if (v[n]) add_by_move(Color(c), CastlingSide(s), n, v[n]);
    }
    never[c] += o.never[c];
    king_moved_first[c] += o.king_moved_first[c];
  }
  both_castled += o.both_castled;
  opposite_sides += o.opposite_sides;
  same_side += o.same_side;
  white_first += o.white_first;
  black_first += o.black_first;
  with_check += o.with_check;
  checkmate += o.checkmate;
  illegal_castling += o.illegal_castling;
  for (std::size_t i = 0; i < illegal_by_reason.size(); ++i)
    illegal_by_reason[i] += o.illegal_by_reason[i];
  annotation_mismatch += o.annotation_mismatch;
  false_repetition += o.false_repetition;
  for (int w = 0; w < 3; ++w)
    for (int b = 0; b < 3; ++b)
      for (int r = 0; r < 4; ++r) results[w][b][r] += o.results[w][b][r];
  return *this;
}

namespace {
bool same_histogram(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
  const std::size_t n = std::max(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if ((i < a.size() ? a[i] : 0) != (i < b.size() ? b[i] : 0)) return false;
  return true;
}
}  // namespace

bool Counts::operator==(const Counts& o) const {
  for (int c = 0; c < 2; ++c)
    for (int s = 0; s < 2; ++s)
      if (!same_histogram(by_move[c][s], o.by_move[c][s])) return false;
  return games == o.games && replayed == o.replayed && with_errors == o.with_errors &&
         skipped_variant == o.skipped_variant && castled == o.castled && never == o.never &&
         both_castled == o.both_castled && opposite_sides == o.opposite_sides &&
         same_side == o.same_side && white_first == o.white_first &&
         black_first == o.black_first && with_check == o.with_check &&
         checkmate == o.checkmate && king_moved_first == o.king_moved_first &&
         illegal_castling == o.illegal_castling && illegal_by_reason == o.illegal_by_reason &&
         annotation_mismatch == o.annotation_mismatch &&
         false_repetition == o.false_repetition && results == o.results;
}

void Stats::add(const GameRecord& record, const GameAnalysis& analysis,
                const std::vector<GroupKey>& keys) {
  all.add(record, analysis);
  for (GroupKey k : keys) {
    auto& by_value = groups[std::string(group_key_name(k))];
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
