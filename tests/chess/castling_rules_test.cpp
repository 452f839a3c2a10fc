// The castling diagnosis (chess/castling.hpp) on the cases that two earlier implementations got
// wrong (issue 13), and how FENs are read: standard chess unless told, or unless only Chess960
// can read the castling field.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chess/castling.hpp"
#include "chess/fen.hpp"
#include "chess/movegen.hpp"

using namespace rochade::chess;

namespace {

constexpr Color W = Color::white, B = Color::black;
constexpr CastlingSide KS = CastlingSide::king, QS = CastlingSide::queen;
using Names = std::vector<std::string>;

Names reasons(const CastlingDiagnosis& d) {
  Names out;
  d.reasons.for_each([&](CastlingReason r) { out.emplace_back(castling_reason_name(r)); });
  return out;
}

Position read(std::string_view fen, Chess960Mode mode = Chess960Mode::detect) {
  const FenResult r = parse_fen(fen, FenMode::lenient, mode);
  INFO(fen);
  REQUIRE(r.ok());
  return r.position;
}

bool castles(const Position& pos, CastlingSide side) {
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list)
    if (m.is_castling() && castling_side(m.from(), m.to()) == side) return true;
  return false;
}

}  // namespace

TEST_CASE("diagnosis: in Chess960 the castling rook may have shielded the king's target",
          "[castling][chess960]") {
  // King c1 stays on c1, the rook b1 goes to d1: the black rook on a1 then attacks c1.
  const Position pos = read("1rk4r/8/7Q/8/5Q2/4B3/3n2Q1/rRK4R w KQkq - 0 1", Chess960Mode::force);
  const CastlingDiagnosis d = diagnose_castling(pos, W, QS);
  CHECK(reasons(d) == Names{"into_check"});
  CHECK(d.target.square == make_square(2, 0));
  CHECK(d.target.attackers == bb(make_square(0, 0)));
  CHECK_FALSE(castles(pos, QS));  // the move generator agrees
  // Without the black rook on a1 it is legal, and the verdicts agree again.
  const Position quiet = read("1rk4r/8/7Q/8/5Q2/4B3/3n2Q1/1RK4R w KQkq - 0 1", Chess960Mode::force);
  CHECK(diagnose_castling(quiet, W, QS).legal());
  CHECK(castles(quiet, QS));
}

TEST_CASE("diagnosis: every reason that applies, also when the way is blocked", "[castling]") {
  // The black queen on d1 blocks, checks e1 and attacks c1.
  const Position pos = read("r3k2r/8/8/8/7q/5r2/8/R2qK2R w Qk - 0 1");
  CHECK(reasons(diagnose_castling(pos, W, QS)) == Names{"blocked", "in_check", "into_check"});
  CHECK(reasons(diagnose_castling(pos, W, KS)) ==
        Names{"no_right_in_fen", "in_check", "through_check"});
}

TEST_CASE("diagnosis: the king that stays on its square is in check, not into check",
          "[castling][chess960]") {
  const Position pos = read("4k1r1/8/8/8/8/8/8/R5KR w HA - 0 1");
  REQUIRE(pos.chess960());
  CHECK(reasons(diagnose_castling(pos, W, KS)) == Names{"in_check"});
}

TEST_CASE("diagnosis: in a game, the record's king and rook and the history's reasons",
          "[castling]") {
  const Position pos = read("4k3/8/8/8/8/8/8/1R2K2R w K - 0 1");
  CastlingGame g;
  g.king_home = g.king_from = make_square(4, 0);
  g.rook_home = make_square(0, 0);
  g.rook_from = make_square(1, 0);
  CHECK(reasons(diagnose_castling(pos, W, QS, g)) == Names{"no_right_in_fen", "rook_not_home"});
  g.rook_moved = true;  // the history explains the lost right
  CHECK(reasons(diagnose_castling(pos, W, QS, g)) == Names{"rook_moved", "rook_not_home"});
  // A right the position still gives: the history does not matter.
  CastlingGame k;
  k.king_home = k.king_from = make_square(4, 0);
  k.rook_home = k.rook_from = make_square(7, 0);
  k.king_moved = true;
  k.earlier_check = true;
  const CastlingDiagnosis d = diagnose_castling(pos, W, KS, k);
  CHECK(d.legal());
  CHECK(d.earlier_check);
}

TEST_CASE("FEN: KQkq are the a- and h-file rooks unless Chess960 is said", "[castling][fen]") {
  // Rooks on b1 and g1, king e1: standard chess reads K and Q as h1 and a1; no rooks there, so
  // the rights are dropped, each with a note.
  const FenResult r = parse_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", FenMode::lenient);
  REQUIRE(r.ok());
  CHECK_FALSE(r.position.chess960());
  CHECK(r.notes.size() == 4);
  CHECK(r.dropped == (bb(make_square(0, 0)) | bb(make_square(7, 0)) | bb(make_square(0, 7)) |
                      bb(make_square(7, 7))));
  CHECK(r.position.castling_rights() == 0);
  CHECK(to_fen(r.position) == "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w - - 0 1");
  // Told Chess960, the same field names the outermost rooks.
  const Position c960 = read("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", Chess960Mode::force);
  CHECK(c960.castling_rights() == (bb(make_square(1, 0)) | bb(make_square(6, 0)) |
                                   bb(make_square(1, 7)) | bb(make_square(6, 7))));
  // Told standard chess, a right the king off e1 could not use is dropped, with a note.
  const FenResult never =
      parse_fen("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", FenMode::lenient, Chess960Mode::never);
  REQUIRE(never.ok());
  CHECK_FALSE(never.position.chess960());
  CHECK(never.position.castling_rights() == 0);
  REQUIRE(never.notes.size() == 2);
  CHECK_THAT(never.notes[0], Catch::Contains("dropped"));
}

TEST_CASE("FEN: only a field standard chess cannot express means Chess960, with a note",
          "[castling][fen][chess960]") {
  // A file letter other than a or h.
  const FenResult letter = parse_fen("r3k2r/8/8/8/8/8/8/R3K1RR w Gk - 0 1", FenMode::lenient);
  REQUIRE(letter.ok());
  CHECK(letter.position.chess960());
  REQUIRE(letter.notes.size() == 1);
  CHECK_THAT(letter.notes[0], Catch::Contains("read as Chess960"));
  // A king off the e-file with a right.
  const FenResult king = parse_fen("3rk3/8/8/8/8/8/8/RK4R1 w KQ - 0 1", FenMode::lenient);
  REQUIRE(king.ok());
  CHECK(king.position.chess960());
  REQUIRE(king.notes.size() == 1);
  CHECK_THAT(king.notes[0], Catch::Contains("king stands on b1"));
  // Shredder-FEN of a standard position stays standard, and is written as KQkq.
  const FenResult hah = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", FenMode::lenient);
  REQUIRE(hah.ok());
  CHECK_FALSE(hah.position.chess960());
  CHECK(to_fen(hah.position) == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

TEST_CASE("FEN: standard chess drops a right without its rook, never reads it as another's",
          "[castling][fen]") {
  // The right of a missing h1 rook, with another rook on g1: K is h1's, dropped (not G).
  const FenResult g1 = parse_fen("4k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1", FenMode::lenient);
  REQUIRE(g1.ok());
  CHECK_FALSE(g1.position.chess960());
  CHECK(to_fen(g1.position) == "4k3/8/8/8/8/8/8/R3K1R1 w Q - 0 1");
  REQUIRE(g1.notes.size() == 1);
  CHECK_THAT(g1.notes[0], Catch::StartsWith("'K' dropped: no white rook stands on h1"));
  CHECK(reasons(diagnose_castling(g1.position, W, KS)) ==
        Names{"no_right_in_fen", "rook_not_home"});
  // Issue 13's example: Q with the rook on b1.
  const Position q = read("4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1");
  CHECK_FALSE(q.chess960());
  CHECK(to_fen(q) == "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1");
  CHECK(reasons(diagnose_castling(q, W, QS)) == Names{"no_right_in_fen", "rook_not_home"});
  CHECK(reasons(diagnose_castling(q, B, QS)) == Names{"no_right_in_fen"});
  // Told Chess960, the same field is the b1 rook's right.
  const Position c960 = read("4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1", Chess960Mode::force);
  CHECK(c960.castling_rights() == bb(make_square(1, 0)));
  CHECK(diagnose_castling(c960, W, QS).legal());
}

TEST_CASE("FEN: a position read as Chess960 is written so that it reads back as Chess960",
          "[castling][fen][chess960]") {
  for (const char* fen :
       {"4k3/8/8/8/8/8/8/4K1R1 w G - 0 1", "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w C - 0 1", "1r2k1r1/8/8/8/8/8/8/R2K3R w KQgb - 0 1"}) {
    INFO(fen);
    const Position a = read(fen);
    REQUIRE(a.chess960());
    const std::string written = to_fen(a);
    INFO(written);
    const Position b = read(written);
    CHECK(b.chess960());
    CHECK(b.castling_rights() == a.castling_rights());
  }
}
