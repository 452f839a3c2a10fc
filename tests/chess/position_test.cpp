#include <catch2/catch.hpp>

#include "chess/fen.hpp"
#include "chess/movegen.hpp"
#include "chess/san.hpp"
#include "support/position.hpp"

using namespace rochade::chess;
using rochade::test::pos_of;

namespace {
Position after(std::string_view fen, std::initializer_list<std::string_view> moves) {
  Position p = pos_of(fen);
  for (auto m : moves) {
    const SanResult r = parse_move(p, m);
    INFO(m);
    REQUIRE(r.ok());
    p.play(r.move);
  }
  return p;
}
}  // namespace

TEST_CASE("checkmate and stalemate", "[position]") {
  CHECK(is_checkmate(after(startpos_fen, {"f3", "e5", "g4", "Qh4"})));
  CHECK_FALSE(is_stalemate(after(startpos_fen, {"f3", "e5", "g4", "Qh4"})));
  CHECK(is_stalemate(pos_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")));
  CHECK_FALSE(is_checkmate(pos_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")));
  CHECK_FALSE(is_checkmate(Position::startpos()));
}

TEST_CASE("castling that mates is found from the position", "[position]") {
  // Black's king on d8 is boxed in by its own rooks and pawns; the rook arriving on d1 mates.
  const Position p = pos_of("2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1");
  const Move m = legal_castling(p, CastlingSide::queen);
  REQUIRE_FALSE(m.is_null());
  CHECK(to_san(p, m).view() == "O-O-O#");
}

TEST_CASE("repetition keys: castling rights and en passant make positions differ",
          "[position]") {
  // The same placement with and without a castling right.
  const Position with_right = pos_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Position without = pos_of("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
  CHECK(with_right.placement_key() == without.placement_key());
  CHECK(with_right.fide_key() != without.fide_key());
  // An en-passant square counts only when a capture is legal.
  const Position ep_possible = after(startpos_fen, {"e4", "a6", "e5", "d5"});
  CHECK(ep_possible.ep_capture_legal());
  const Position same_no_ep =
      pos_of("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
  CHECK(ep_possible.placement_key() == same_no_ep.placement_key());
  CHECK(ep_possible.fide_key() != same_no_ep.fide_key());
  // A double step with no pawn able to take: no en-passant square at all.
  const Position no_capture = after(startpos_fen, {"e4"});
  CHECK(no_capture.ep_square() == no_square);
  // Pinned pawn: the en-passant capture is illegal, so the key ignores it.
  const Position pinned = pos_of("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
  CHECK_FALSE(pinned.ep_capture_legal());
  CHECK(pinned.fide_key() == pos_of("8/8/8/K2pP2r/8/8/8/7k w - - 0 1").fide_key());
  // Incremental keys equal keys built from scratch.
  const Position played = after(startpos_fen, {"Nf3", "Nf6", "Ng1", "Ng8"});
  CHECK(played.placement_key() == Position::startpos().placement_key());
  CHECK(played.fide_key() == Position::startpos().fide_key());
}

TEST_CASE("castling rights are lost by king and rook moves and rook captures", "[position]") {
  Position p = after(startpos_fen, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Rg1", "Rb8"});
  CHECK(to_fen(p) == "1rbqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK1R1 w Qk - 6 5");
  p = after(to_fen(p), {"Rh1", "Ra8"});
  CHECK(to_fen(p).find(" Qk ") != std::string::npos);  // coming back does not restore a right
  p = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"Rxa8+"});
  CHECK(to_fen(p) == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  p = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"Kd1"});
  CHECK(to_fen(p) == "r3k2r/8/8/8/8/8/8/R2K3R b kq - 1 1");
}
