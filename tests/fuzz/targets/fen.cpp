// Fuzz target "fen": FEN reading and writing, and the move generator on what it reads.
//
// Input: the FEN text (up to 256 bytes), read in strict and lenient mode with every
// Chess960Mode. Where it reads:
//  - to_fen() and reading that again (same mode) give the same position: placement, side,
//    castling rights, en-passant square, clocks, Chess960 flag and keys;
//  - strict reading gives positions without position_problems();
//  - the legal moves: perft(1) equals their number, perft(2) runs, has_legal_move() agrees,
//    is_legal() accepts each, and in positions that can occur in a game each move's SAN reads
//    back as the move.
#include <string>

#include "chess/fen.hpp"
#include "chess/movegen.hpp"
#include "chess/perft.hpp"
#include "chess/san.hpp"
#include "fuzz_targets.hpp"

using rochade::fuzz::check;
using rochade::fuzz::fail;
namespace chess = rochade::chess;

namespace {

std::string mode_name(chess::FenMode mode, chess::Chess960Mode c960) {
  std::string s = mode == chess::FenMode::strict ? "strict" : "lenient";
  s += c960 == chess::Chess960Mode::detect  ? "/detect"
       : c960 == chess::Chess960Mode::force ? "/force"
                                            : "/never";
  return s;
}

bool same(const chess::Position& a, const chess::Position& b) {
  for (chess::Square s = 0; s < 64; ++s)
    if (a.piece_on(s) != b.piece_on(s)) return false;
  return a.side_to_move() == b.side_to_move() && a.castling_rights() == b.castling_rights() &&
         a.ep_square() == b.ep_square() && a.halfmove_clock() == b.halfmove_clock() &&
         a.fullmove_number() == b.fullmove_number() && a.chess960() == b.chess960() &&
         a.placement_key() == b.placement_key() && a.fide_key() == b.fide_key();
}

void check_moves(const chess::Position& pos, const std::string& fen) {
  chess::MoveList legal;
  chess::generate_legal(pos, legal);
  check(legal.empty() != chess::has_legal_move(pos), "has_legal_move() disagrees");
  if (chess::perft(pos, 1) != legal.size()) fail("perft(1) is not the move count: " + fen);
  if (legal.size() <= 64) chess::perft(pos, 2);
  const chess::LegalityContext ctx(pos);
  const bool game_position = chess::position_problems(pos).empty();
  for (const chess::Move m : legal) {
    if (!chess::is_legal(pos, m) || !ctx.is_legal(m)) fail("a generated move is not legal: " + fen);
    if (!game_position) continue;
    const chess::MoveText san = chess::to_san(pos, m);
    const chess::SanResult back = chess::parse_move(pos, san.view());
    if (!back.ok() || back.move != m)
      fail("the SAN " + std::string(san.view()) + " reads back otherwise in " + fen);
  }
}

}  // namespace

int fuzz_fen(const std::uint8_t* data, std::size_t size) {
  if (size > 256) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bool moves_checked = false;
  for (const chess::FenMode mode : {chess::FenMode::strict, chess::FenMode::lenient}) {
    for (const chess::Chess960Mode c960 :
         {chess::Chess960Mode::detect, chess::Chess960Mode::force, chess::Chess960Mode::never}) {
      const chess::FenResult r = chess::parse_fen(text, mode, c960);
      if (!r.ok()) {
        check(chess::fen_field_name(r.error->field) != "?", "an error in no field");
        check(!r.error->message.empty(), "an error without a message");
        continue;
      }
      const std::string fen = chess::to_fen(r.position);
      if (mode == chess::FenMode::strict && !chess::position_problems(r.position).empty())
        fail("strict reading accepted a position with problems: " + fen);
      const chess::FenResult again = chess::parse_fen(fen, mode, c960);
      if (!again.ok())
        fail(mode_name(mode, c960) + ": to_fen() gives '" + fen +
             "', which reads as an error: " + again.error->message);
      if (!same(r.position, again.position))
        fail(
            mode_name(mode, c960) + ": '" + fen + "' reads back as '" +
            chess::to_fen(again.position) + "'" +
            (r.position.chess960() != again.position.chess960() ? " (Chess960 flag differs)" : ""));
      // The move generator, once per distinct reading (lenient readings may keep more).
      if (!moves_checked || mode == chess::FenMode::lenient) check_moves(r.position, fen);
      moves_checked = true;
    }
  }
  return 0;
}
