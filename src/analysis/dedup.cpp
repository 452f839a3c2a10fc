#include "analysis/dedup.hpp"

#include <bit>
#include <cstring>
#include <string_view>

namespace rochade::analysis {
namespace {

constexpr std::string_view k_start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::uint64_t finalize(std::uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Two independent 64-bit lanes over the same bytes: 128 bits of key.
class Hasher {
 public:
  void add(std::string_view s) {
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      std::uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      word(w);
    }
    std::uint64_t tail = 0;
    std::memcpy(&tail, s.data() + i, s.size() - i);
    word(tail ^ (static_cast<std::uint64_t>(s.size()) << 56));  // the length ends each string
  }
  void separator(std::uint64_t tag) { word(0x9e3779b97f4a7c15ULL * (tag + 1)); }
  GameKey key() const {
    GameKey k{finalize(a_ ^ (b_ >> 17)), finalize(b_ + std::rotl(a_, 23))};
    if (k.a == 0 && k.b == 0) k.a = 1;
    return k;
  }

 private:
  void word(std::uint64_t w) {
    a_ = std::rotl(a_ ^ w, 29) * 0x9fb21c651e98df25ULL;
    b_ = std::rotl(b_ + w * 0xc2b2ae3d27d4eb4fULL, 31) * 0x165667b19e3779f9ULL +
         0x27d4eb2f165667c5ULL;
  }
  std::uint64_t a_ = 0x243f6a8885a308d3ULL, b_ = 0x13198a2e03707344ULL;
};

// A move as written, less what does not change the move: check and mate signs, !? marks; castling
// written with zeros reads as with letters.
std::string_view bare_move(std::string_view san) {
  while (!san.empty() &&
         (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?'))
    san.remove_suffix(1);
  if (san == "0-0") return "O-O";
  if (san == "0-0-0") return "O-O-O";
  return san;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

GameKey game_key(const GameRecord& record) {
  if (record.move_count() == 0) return {};  // no moves: no game to be the same as another
  Hasher h;
  const std::string_view fen = trimmed(record.tag("FEN"));
  if (!fen.empty() && fen != k_start_fen) h.add(fen);
  h.separator(1);
  for (std::size_t i = 0; i < record.move_count(); ++i) h.add(bare_move(record.san(i)));
  h.separator(2);
  std::string_view result = trimmed(record.tag("Result"));
  if (result.empty()) result = record.result();
  h.add(result);
  return h.key();
}

bool SeenGames::insert(const GameKey& key) {
  if ((count_ + 1) * 4 > slots_.size() * 3) grow();
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = static_cast<std::size_t>(key.a) & mask;; i = (i + 1) & mask) {
    GameKey& slot = slots_[i];
    if (slot == key) return false;
    if (slot.a == 0 && slot.b == 0) {
      slot = key;
      ++count_;
      return true;
    }
  }
}

void SeenGames::grow() {
  std::vector<GameKey> old = std::move(slots_);
  slots_.assign(old.empty() ? 1024 : old.size() * 2, GameKey{});
  const std::size_t mask = slots_.size() - 1;
  for (const GameKey& k : old) {
    if (k.a == 0 && k.b == 0) continue;
    std::size_t i = static_cast<std::size_t>(k.a) & mask;
    while (!(slots_[i].a == 0 && slots_[i].b == 0)) i = (i + 1) & mask;
    slots_[i] = k;
  }
}

}  // namespace rochade::analysis
