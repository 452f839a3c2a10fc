#include "analysis/records.hpp"

#include <tuple>
#include <utility>

namespace rochade::analysis {

namespace {

// The fewest wins for the mate record, the most for the others.
bool fewest_wins(RecordKind kind) { return kind == RecordKind::shortest_mate_by_castling; }

// The record's payload, built only for a game that beats the kept one.
Record make_record(const GameRecord& record, const GameAnalysis& analysis, std::uint64_t number,
                   int ply) {
  Record r{number, listed_game(record, true)};
  Highlight& h = r.game;
  h.kind = Highlight::Kind::mate_by_castling;  // unused: records are not listed games
  h.ply = ply;
  // The move at `ply` (1-based): its side and full-move number from the start position.
  const int before = ply - 1 + (analysis.start_side == chess::Color::black ? 1 : 0);
  h.move_number = analysis.start_fullmove + before / 2;
  h.side = before % 2 == 0 ? chess::Color::white : chess::Color::black;
  if (ply >= 1 && static_cast<std::size_t>(ply) <= record.move_count())
    h.san = std::string(record.san(static_cast<std::size_t>(ply - 1)));
  return r;
}

}  // namespace

std::string_view record_number_key(RecordKind kind) {
  switch (kind) {
    case RecordKind::shortest_mate_by_castling:
    case RecordKind::longest_without_castling:
      return "plies";
    case RecordKind::most_castlings:
      return "castlings";
    default:
      return "move_number";
  }
}

bool Records::beats(RecordKind kind, std::uint64_t number, GameRef ref) const {
  const std::optional<Record>& kept = best_[int(kind)];
  if (!kept) return true;
  if (number != kept->number)
    return fewest_wins(kind) ? number < kept->number : number > kept->number;
  return ref < kept->game.ref;
}

void Records::add(const GameRecord& record, const GameAnalysis& analysis) {
  if (!analysis.analysed()) return;
  const auto offer = [&](RecordKind kind, std::uint64_t number, int ply) {
    if (beats(kind, number, record.ref))
      best_[int(kind)] = make_record(record, analysis, number, ply);
  };
  // Latest legal castling of each colour and side: the game's latest first (numbers only).
  std::array<const CastlingEvent*, 4> latest{};
  for (const CastlingEvent& e : analysis.castlings) {
    if (!e.legal) continue;
    const CastlingEvent*& slot = latest[int(latest_castling(e.color, e.side))];
    if (!slot || e.move_number > slot->move_number) slot = &e;
  }
  for (int k = 0; k < 4; ++k)
    if (latest[k]) offer(RecordKind(k), latest[k]->move_number, latest[k]->ply);
  if (!analysis.castlings.empty()) {
    const CastlingEvent& last = analysis.castlings.back();
    // The game's last move (replayed, and the last of the record) a castling that mates.
    if (last.mate && last.ply == analysis.plies &&
        static_cast<std::size_t>(analysis.plies) == record.move_count())
      offer(RecordKind::shortest_mate_by_castling, static_cast<std::uint64_t>(analysis.plies),
            last.ply);
    offer(RecordKind::most_castlings, analysis.castlings.size(), last.ply);
  } else if (analysis.status == GameStatus::replayed && analysis.plies > 0) {
    offer(RecordKind::longest_without_castling, static_cast<std::uint64_t>(analysis.plies),
          analysis.plies);
  }
}

void Records::add(RecordKind kind, Record r) {
  if (beats(kind, r.number, r.game.ref)) best_[int(kind)] = std::move(r);
}

void Records::merge(const Records& other) {
  for (int k = 0; k < record_kind_count; ++k)
    if (other.best_[k]) add(RecordKind(k), *other.best_[k]);
}

void Records::locate(const std::function<GamePlace(GameRef)>& place) {
  for (std::optional<Record>& r : best_) {
    if (r) r->game.place = place(r->game.ref);
  }
}

}  // namespace rochade::analysis
