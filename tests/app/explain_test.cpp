// `rochade explain`, the analysis: the castling statements of the seed documents
// (../shared/seeds/000_*.txt: the Albanian Wikipedia article "Rrokada"; 003_*.txt: a Turkish
// guide), transcribed by hand into FENs, and look-alikes of the FIDE rules (art. 3.8).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "chess/fen.hpp"
#include "report/explain/explain.hpp"
#include "support/explain.hpp"

using namespace rochade::chess;
using namespace rochade::report;
using rochade::test::explain;

namespace {

constexpr Color W = Color::white, B = Color::black;
constexpr CastlingSide KS = CastlingSide::king, QS = CastlingSide::queen;
using Names = std::vector<std::string>;

Names reasons(const CastlingExplanation& c) {
  Names out;
  for (auto n : c.reason_names()) out.emplace_back(n);
  return out;
}

bool mentions(const std::vector<std::string>& lines, std::string_view needle) {
  for (const auto& l : lines)
    if (l.find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace

// --- 000: Albanian Wikipedia, "Rrokada" -----------------------------------------------------

TEST_CASE("seed 000, diagram 1: the kings may castle to the marked squares", "[explain][seed]") {
  // "Pozicionet fillestare të mbretërve dhe torrave. Mbretërit mund të rrokadojnë në katrorat e
  // treguara." (initial squares of kings and rooks; the kings may castle to the marked squares
  // c1, g1, c8, g8).
  const auto e = explain("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  for (Color c : {W, B})
    for (CastlingSide s : {KS, QS}) {
      CHECK(e.of(c, s).legal());
      CHECK(e.of(c, s).details.empty());
    }
  CHECK(e.warnings.empty());
}

TEST_CASE("seed 000, diagram 2: kings that have castled cannot castle again", "[explain][seed]") {
  // "E bardha ka rrokaduar në anën e mbretit; E zeza ka rrokaduar në anën e mbretëreshës."
  // (white has castled kingside, black queenside). Not a can/cannot caption, but its consequence
  // under art. 3.8.2.1: a king that has moved may not castle, and the FEN carries no rights.
  const auto e = explain("2kr3r/8/8/8/8/8/8/R4RK1 w - - 0 1");
  for (Color c : {W, B})
    for (CastlingSide s : {KS, QS})
      CHECK(reasons(e.of(c, s)) == Names{"king_moved", "no_right_in_fen"});
  CHECK(mentions(e.of(W, KS).details, "the white king is on g1, not on e1 (king_moved)"));
  CHECK(mentions(e.of(B, QS).details, "the black king is on c8, not on e8 (king_moved)"));
}

TEST_CASE("seed 000, diagram 3: the knight on b1 is in the way", "[explain][seed]") {
  // "E bardha nuk mund të rrokadoj pranë mbretëreshës sepse kali është në rrugë. E bardhë mund
  // të rrokadoj pranë mbretit." (white cannot castle queenside, the knight is in the way; white
  // can castle kingside).
  const auto e = explain("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
  CHECK(reasons(e.of(W, QS)) == Names{"blocked"});
  CHECK(e.of(W, QS).details == std::vector<std::string>{"b1 is occupied by the white knight"});
  CHECK(e.of(W, KS).legal());
}

TEST_CASE("seed 000, diagram 4: black is in check, no castling either way", "[explain][seed]") {
  // "E zeza nuk mund të rrokadoj në asnjërën anë, sepse e zeza është nën kontroll nga
  // mbretëresha e bardhë." (queen on b5 checks e8). Also the example of cli.md.
  const auto e = explain("r3k2r/8/8/1Q6/8/8/8/4K3 b kq - 0 1");
  for (CastlingSide s : {KS, QS}) {
    CHECK(reasons(e.of(B, s)) == Names{"in_check"});
    CHECK(e.of(B, s).details ==
          std::vector<std::string>{"the black king on e8 is attacked by the white queen on b5"});
  }
  CHECK(e.of(B, KS).irrelevant.empty());
  CHECK(e.of(B, QS).irrelevant ==
        std::vector<std::string>{"b8 is attacked by the white queen on b5: allowed, the king "
                                 "does not cross b8"});
  for (CastlingSide s : {KS, QS}) CHECK(reasons(e.of(W, s)) == Names{"no_right_in_fen"});
}

TEST_CASE("seed 000, diagram 5: c1 controlled but the h1 rook may be attacked", "[explain][seed]") {
  // "E bardha nuk mund të kalojë pranë mbretëreshës sepse mbretëresha e zezë kontrollon c1. E
  // bardha mund të rrokadoj pranë mbretit edhe pse torra-h1 është nën sulm." (queen on c6:
  // white cannot castle queenside, c1 is its target; kingside is legal although h1 is attacked
  // along c6-h1).
  const auto e = explain("4k3/8/2q5/8/8/8/8/R3K2R w KQ - 0 1");
  CHECK(reasons(e.of(W, QS)) == Names{"into_check"});
  CHECK(e.of(W, QS).details ==
        std::vector<std::string>{
            "the white king would land on c1, attacked by the black queen on c6"});
  CHECK(e.of(W, KS).legal());
  CHECK(e.of(W, KS).irrelevant ==
        std::vector<std::string>{"the rook on h1 is attacked by the black queen on c6: allowed"});
}

TEST_CASE("seed 000, diagram 6: f8 attacked but b8 attacked does not matter", "[explain][seed]") {
  // "E zeza nuk mund të rrokadoj pranë mbretërisë sepse mbretëresha e bardhë sulmon f8. E zeza
  // mund të rrokadoj pranë mbretëreshës, pavarësisht sulmit të mbretëreshës së bardhë në b8."
  // (queen on f4: black cannot castle kingside, the king crosses f8; queenside is legal although
  // the queen attacks b8 along f4-b8 — the mistake the article ascribes to Averbakh).
  const auto e = explain("r3k2r/8/8/8/5Q2/8/8/4K3 b kq - 0 1");
  CHECK(reasons(e.of(B, KS)) == Names{"through_check"});
  CHECK(e.of(B, KS).details ==
        std::vector<std::string>{"the black king crosses f8, attacked by the white queen on f4"});
  CHECK(e.of(B, QS).legal());
  CHECK(mentions(e.of(B, QS).irrelevant, "b8 is attacked by the white queen on f4: allowed"));
}

TEST_CASE("seed 000, Karpov-Miles 1986: same placement, different rights", "[explain][seed]") {
  // Diagram "Pozicioni pas 22.Nb5" (position after 22.Nb5), then 22...Ra4 23.Nc3 Ra8 24.Nb5:
  // the placement repeats, but the rook's trip cost black the queenside right, so the
  // positions differ. After 22.Nb5 black may castle queenside (nothing attacks e8, d8 or c8);
  // after 24.Nb5 it may not. (That black still had the kingside right is our assumption; the
  // bishop on f8 blocks it anyway.) The white king on e2 is off its first rank.
  const auto before = explain("r3kb1r/5ppp/4p3/1N6/4P3/8/Pn1BKPPP/R6R b kq - 0 22");
  const auto after = explain("r3kb1r/5ppp/4p3/1N6/4P3/8/Pn1BKPPP/R6R b k - 0 24");
  CHECK(before.of(B, QS).legal());
  CHECK(reasons(after.of(B, QS)) == Names{"no_right_in_fen"});
  CHECK(mentions(after.of(B, QS).details, "on e8 and a8 (they may have moved and come back)"));
  for (const auto* e : {&before, &after}) {
    CHECK(reasons(e->of(B, KS)) == Names{"blocked"});
    CHECK(e->of(B, KS).details == std::vector<std::string>{"f8 is occupied by the black bishop"});
    CHECK(reasons(e->of(W, KS)) == Names{"king_moved", "no_right_in_fen"});
    CHECK(mentions(e->of(W, QS).details, "the white king is on e2, not on its first rank"));
  }
}

TEST_CASE("seed 000, text: b1 attacked, d8 attacked (Short), rook on b1 (Seirawan)",
          "[explain][seed]") {
  // "E bardha mund të kalojë mbretëreshën edhe nëse e zeza po sulmon b1" (white may castle
  // queenside although black attacks b1): a black knight on a3 attacks b1 only.
  const auto b1 = explain("4k3/8/8/8/8/n7/8/R3K3 w Q - 0 1");
  CHECK(b1.of(W, QS).legal());
  CHECK(mentions(b1.of(W, QS).irrelevant, "b1 is attacked by the black knight on a3: allowed"));
  // Nigel Short castled queenside with d8 attacked: not allowed (the king crosses d8).
  const auto d8 = explain("r3k3/8/8/8/8/8/8/3RK3 b q - 0 1");
  CHECK(reasons(d8.of(B, QS)) == Names{"through_check"});
  CHECK(mentions(d8.of(B, QS).details,
                 "the black king crosses d8, attacked by the white rook on d1"));
  // Seirawan castled queenside with his rook on b1 (its right gone once it left a1).
  const auto b1rook = explain("4k3/8/8/8/8/8/8/1R2K2R w K - 0 1");
  CHECK(reasons(b1rook.of(W, QS)) == Names{"no_right_in_fen", "rook_not_home"});
  CHECK(mentions(b1rook.of(W, QS).details, "the white rook is on b1, not on a1 (rook_not_home)"));
  CHECK(!mentions(b1rook.of(W, QS).details, "occupied"));  // the castling rook is no blocker
  CHECK(b1rook.of(W, KS).legal());
}

// --- 003: Turkish guide -----------------------------------------------------------------------

TEST_CASE("seed 003, question 5: b8 attacked does NOT forbid black's long castling",
          "[explain][seed]") {
  // "Beyaz rok yapamaz, çünkü a5'teki siyah fil, Şah'ı tehtid ediyor. Siyah kısa rok yapamaz,
  // çünkü Şah ile Kale arasında g8'deki At var. Siyah uzun rok da yapamaz, çünkü, b3'teki beyaz
  // Kale, b8 karesini etkiliyor." The first two claims hold; the third is wrong under FIDE
  // art. 3.8.2.1: only the king's squares (e8, d8, c8) count, the rook may cross b8.
  const auto e = explain("r3k1nr/8/8/b7/8/1R6/8/R3K2R w KQkq - 0 1");
  CHECK(e.of(B, QS).legal());
  CHECK(mentions(e.of(B, QS).irrelevant,
                 "b8 is attacked by the white rook on b3: allowed, the king does not cross b8"));
  CHECK(mentions(e.of(B, QS).irrelevant, "it is not black's turn to move: judged as if it were"));
  CHECK(reasons(e.of(B, KS)) == Names{"blocked"});
  CHECK(e.of(B, KS).details == std::vector<std::string>{"g8 is occupied by the black knight"});
  for (CastlingSide s : {KS, QS}) CHECK(reasons(e.of(W, s)) == Names{"in_check"});
  CHECK(
      mentions(e.of(W, KS).details, "the white king on e1 is attacked by the black bishop on a5"));
}

TEST_CASE("seed 003, question 6: pieces in the way, c8 controlled by a knight", "[explain][seed]") {
  // "Beyaz, b1'deki siyah At yüzünden büyük rok, f1'deki Fil yüzünden küçük rok yapamaz. Siyah,
  // b6'daki beyaz At yüzünden (...c8 karesini kontrol ettiğinden) büyük rok yapamaz, ama küçük
  // rok yapabilir."
  const auto e = explain("r3k2r/8/1N6/8/8/8/8/Rn2KB1R w KQkq - 0 1");
  CHECK(reasons(e.of(W, QS)) == Names{"blocked"});
  CHECK(e.of(W, QS).details == std::vector<std::string>{"b1 is occupied by the black knight"});
  CHECK(e.of(W, KS).details == std::vector<std::string>{"f1 is occupied by the white bishop"});
  CHECK(reasons(e.of(B, QS)) == Names{"into_check"});
  CHECK(e.of(B, QS).irrelevant ==
        std::vector<std::string>{"the rook on a8 is attacked by the white rook on a1 and the "
                                 "white knight on b6: allowed"});
  CHECK(e.of(B, KS).legal());
}

// --- look-alikes ------------------------------------------------------------------------------

TEST_CASE("explain: attacked squares of the king against those of the rook", "[explain]") {
  // f1 attacked: the king crosses it.
  const auto f1 = explain("4k3/8/8/8/2b5/8/8/4K2R w K - 0 1");
  CHECK(reasons(f1.of(W, KS)) == Names{"through_check"});
  CHECK(f1.of(W, KS).details ==
        std::vector<std::string>{"the white king crosses f1, attacked by the black bishop on c4"});
  // g1 attacked: the king lands there.
  const auto g1 = explain("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(reasons(g1.of(W, KS)) == Names{"into_check"});
  CHECK(mentions(g1.of(W, KS).details, "would land on g1, attacked by the black rook on g8"));
  // The rook attacked (Rh7 against h1): allowed.
  const auto rook = explain("4k3/7r/8/8/8/8/8/4K2R w K - 0 1");  // Rh7 attacks h1 only
  CHECK(rook.of(W, KS).legal());
  CHECK(rook.of(W, KS).irrelevant ==
        std::vector<std::string>{"the rook on h1 is attacked by the black rook on h7: allowed"});
  // In check and c1 attacked, by one knight: both reasons, in the order of audit-jsonl.md.
  const auto knight = explain("4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1");
  CHECK(reasons(knight.of(W, QS)) == Names{"in_check", "into_check"});
  CHECK(reasons(knight.of(W, KS)) == Names{"in_check"});
}

TEST_CASE("explain: rights, king and rook off their squares", "[explain]") {
  // Everything home but no right: only the FEN says no.
  const auto home = explain("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
  CHECK(reasons(home.of(W, KS)) == Names{"no_right_in_fen"});
  // No a1 rook, a rook on d4: rook_moved; the king crosses d8 for black (all that apply).
  const auto moved = explain("4k3/8/8/8/3R4/8/8/4K2R w K - 0 1");
  CHECK(reasons(moved.of(W, QS)) == Names{"rook_moved", "no_right_in_fen"});
  CHECK(reasons(moved.of(B, QS)) == Names{"no_right_in_fen", "through_check"});
  // Standard chess: a right in the FEN without its rook is dropped; the warning and the details
  // say so and why.
  const auto no_rook = explain("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
  CHECK(reasons(no_rook.of(W, KS)) == Names{"no_right_in_fen"});
  CHECK(no_rook.warnings ==
        std::vector<std::string>{"'K' dropped: no white rook stands on h1, and standard chess "
                                 "castles only with the rooks of the a- and h-files"});
  CHECK(no_rook.fen == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(no_rook.of(W, KS).details ==
        std::vector<std::string>{
            "no right: the castling field's white kingside right is dropped, standard chess "
            "castles only with the king on e1 and the rook on h1; there is no white rook on h1 "
            "(moved or captured: the position does not tell)"});
  CHECK(mentions(no_rook.of(W, QS).details, "no right in the FEN"));  // never given: as before
  // Issue 13's example: Q with the rook on b1 (no rook on a1).
  const auto b1 = explain("4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1");
  CHECK(reasons(b1.of(W, QS)) == Names{"no_right_in_fen", "rook_not_home"});
  CHECK(mentions(b1.of(W, QS).details, "right is dropped"));
  CHECK(mentions(b1.of(W, QS).details, "the white rook is on b1, not on a1 (rook_not_home)"));
  // Rights with the king off its first rank: dropped; king_moved, and where the king is.
  const auto king_up = explain("4k3/8/8/8/4K3/8/8/R6R w KQ - 0 1");
  for (CastlingSide s : {KS, QS})
    CHECK(reasons(king_up.of(W, s)) == Names{"king_moved", "no_right_in_fen"});
  CHECK(mentions(king_up.of(W, KS).details, "the white king is on e4, not on its first rank"));
  CHECK(mentions(king_up.warnings,
                 "'K' dropped: the white king stands on e4, and standard chess castles only from "
                 "e1"));
  // Told Chess960, the same rights are kept, with position_problems()'s warnings.
  const auto c960 = explain("4k3/8/8/8/4K3/8/8/R6R w KQ - 0 1", Chess960Mode::force);
  for (CastlingSide s : {KS, QS}) CHECK(reasons(c960.of(W, s)) == Names{"king_moved"});
  CHECK(mentions(c960.warnings, "the king is not on its first rank"));
  // The side not to move in check: explained all the same, with a warning.
  const auto check = explain("4k3/8/8/8/8/8/8/R3K2r b Q - 0 1");
  CHECK(mentions(check.warnings, "the side not to move (white) is in check"));
  CHECK(reasons(check.of(W, QS)) == Names{"in_check"});
}

TEST_CASE("explain: Chess960 castlings", "[explain][chess960]") {
  // King b1, rooks a1 and g1 (Shredder-FEN AG): queenside the king goes b1-c1, the rook a1-d1.
  const auto e = explain("3rk3/8/8/8/8/8/8/RK4R1 w AG - 0 1");
  REQUIRE(e.position.chess960());
  CHECK(e.of(W, QS).legal());  // d1 is attacked, but only the rook crosses it
  CHECK(mentions(e.of(W, QS).irrelevant,
                 "d1 is attacked by the black rook on d8: allowed, the "
                 "king does not cross d1"));
  CHECK(reasons(e.of(W, KS)) == Names{"through_check"});  // b1-g1 crosses d1
  const auto c1 = explain("2r1k3/8/8/8/8/8/8/RK4R1 w AG - 0 1");
  CHECK(reasons(c1.of(W, QS)) == Names{"into_check"});
  // King g1, rook h1: the king does not move; f1 attacked does not matter, g1 attacked does.
  const auto g1 = explain("4k3/8/8/8/2b5/8/8/R5KR w HA - 0 1");
  CHECK(g1.of(W, KS).legal());
  CHECK(mentions(g1.of(W, KS).irrelevant, "f1 is attacked by the black bishop on c4"));
  CHECK(reasons(g1.of(W, QS)) == Names{"through_check"});  // g1-c1 crosses f1
  const auto g1_check = explain("4k1r1/8/8/8/8/8/8/R5KR w HA - 0 1");
  CHECK(reasons(g1_check.of(W, KS)) == Names{"in_check"});
  // Forcing Chess960 on a standard position changes nothing there.
  const auto forced = explain("r3k2r/8/8/1Q6/8/8/8/4K3 b kq - 0 1", Chess960Mode::force);
  CHECK(forced.position.chess960());
  CHECK(reasons(forced.of(B, QS)) == Names{"in_check"});
}

TEST_CASE("explain: Chess960 homes are the castling field's files", "[explain][chess960]") {
  // White's rights H and B, its king on g1: the start files are g (king), b and h (rooks), for
  // black too. Black's rook on d8 is not on b8; no square of standard chess is named.
  const auto e = explain("3r2k1/8/8/8/8/8/8/1R4KR w HB - 0 1");
  REQUIRE(e.position.chess960());
  CHECK(reasons(e.of(B, QS)) == Names{"no_right_in_fen", "rook_not_home"});
  CHECK(e.of(B, QS).details ==
        Names{"no right in the FEN: the castling field gives black no queenside castling; the "
              "black rook is on d8, not on b8 (rook_not_home)"});
  CHECK(reasons(e.of(B, KS)) == Names{"no_right_in_fen"});
  CHECK(mentions(e.of(B, KS).details, "there is no black rook on h8 (moved or captured"));
  for (const CastlingSide s : {KS, QS})
    for (const auto& d : e.of(B, s).details) {
      CHECK(d.find("a8") == std::string::npos);
      CHECK(d.find("e8") == std::string::npos);
    }
  // Black's king off the king's file g; a rook off the first rank, its home b8.
  const auto moved = explain("3rk3/8/8/8/8/8/8/1R4KR w HB - 0 1");
  CHECK(mentions(moved.of(B, KS).details, "the black king is on e8, not on g8 (king_moved)"));
  CHECK(reasons(moved.of(B, QS)) == Names{"king_moved", "no_right_in_fen", "rook_not_home"});
  const auto off = explain("6k1/8/8/3r4/8/8/8/1R4KR w HB - 0 1");
  CHECK(reasons(off.of(B, QS)) == Names{"rook_moved", "no_right_in_fen"});
  CHECK(mentions(off.of(B, QS).details,
                 "there is no black rook on b8; the black rook on d5 is off the first rank"));
  // Each side its own file, from either colour: white's A gives black a8, black's h gives h1.
  const auto mixed = explain("1r4kr/8/8/8/8/8/8/R5K1 w Ah - 0 1");
  REQUIRE(mixed.position.chess960());
  CHECK(mentions(mixed.of(B, QS).details, "the black rook is on b8, not on a8 (rook_not_home)"));
  CHECK(mentions(mixed.of(W, KS).details, "there is no white rook on h1 (moved or captured"));
  CHECK(mixed.of(B, KS).legal());
  // No right tells a file: no square is claimed as a home.
  const auto none = explain("1r4k1/8/8/3r4/8/8/8/6K1 w - - 0 1", Chess960Mode::force);
  CHECK(mentions(none.of(B, KS).details,
                 "there is no black rook on the kingside of its king; the black rook on d5 is off "
                 "the first rank (rook_moved)"));
  CHECK(mentions(none.of(W, KS).details,
                 "there is no white rook on the kingside of its king (moved or captured"));
  CHECK(mentions(none.of(B, QS).details,
                 "although the king and the rook stand on g8 and b8, from where they castle (no "
                 "right tells where they started)"));
  CHECK(mentions(none.of(W, QS).details, "there is no white rook on the queenside of its king"));
  for (const Color c : {W, B})
    for (const CastlingSide s : {KS, QS})
      for (const auto& d : none.of(c, s).details) {
        INFO(d);
        CHECK(d.find("h8") == std::string::npos);
        CHECK(d.find("a1") == std::string::npos);
        CHECK(d.find("h1") == std::string::npos);
      }
}

TEST_CASE("explain: X-FEN and Shredder-FEN give the same explanation", "[explain][chess960]") {
  const std::pair<const char*, const char*> pairs[] = {
      {"r3k2r/8/8/8/5Q2/8/8/R3K2R b KQkq - 0 1", "r3k2r/8/8/8/5Q2/8/8/R3K2R b HAha - 0 1"},
      {"3rk3/8/8/8/8/8/8/RK4R1 w KQ - 0 1", "3rk3/8/8/8/8/8/8/RK4R1 w GA - 0 1"},
      {"1r2kr2/8/8/8/8/8/8/1RK2RR1 w Fkq - 0 1", "1r2kr2/8/8/8/8/8/8/1RK2RR1 w Ffb - 0 1"},
  };
  for (const auto& [xfen, shredder] : pairs) {
    INFO(xfen << " / " << shredder);
    const auto a = explain(xfen), b = explain(shredder);
    CHECK(render_explain_json(a) == render_explain_json(b));
    CHECK(render_explain_text(a) == render_explain_text(b));
  }
  // The inner rook f1 castles kingside (X-FEN "F"): the king c1-g1 finds the other rook on g1,
  // and crosses f1 (where its own rook stays), attacked through that rook's file by Rf8.
  const auto e = explain("1r2kr2/8/8/8/8/8/8/1RK2RR1 w Fkq - 0 1");
  CHECK(reasons(e.of(W, KS)) == Names{"blocked", "through_check"});
  CHECK(e.of(W, KS).details ==
        std::vector<std::string>{"g1 is occupied by the white rook",
                                 "the white king crosses f1, attacked by the black rook on f8"});
}
