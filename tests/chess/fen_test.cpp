#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

#include "chess/fen.hpp"
#include "chess/movegen.hpp"
#include "perft_suite.hpp"

using namespace rochade::chess;

TEST_CASE("FEN round trip on every position of the perft suites", "[fen][corpus]") {
  const auto rows = rochade::chess::test::perft_suite();
  REQUIRE(!rows.empty());
  std::set<std::string> seen;
  int checked = 0;
  for (const auto& row : rows) {
    if (!seen.insert(row.fen).second) continue;
    const auto mode = row.chess960 ? Chess960Mode::force : Chess960Mode::detect;
    const FenResult a = parse_fen(row.fen, FenMode::lenient, mode);
    INFO(row.fen);
    REQUIRE(a.ok());
    const std::string written = to_fen(a.position);
    const FenResult b = parse_fen(written, FenMode::lenient, mode);
    INFO(written);
    REQUIRE(b.ok());
    CHECK(to_fen(b.position) == written);
    CHECK(b.position.fide_key() == a.position.fide_key());
    CHECK(b.position.castling_rights() == a.position.castling_rights());
    // Standard positions are written exactly as given (plus the clocks), but for the rights
    // standard chess drops (one suite position gives Q with the rook on c1), each with a note.
    if (!row.chess960 && a.dropped == 0) CHECK(written == row.fen + " 0 1");
    CHECK(std::count_if(a.notes.begin(), a.notes.end(), [](const std::string& n) {
            return n.find("' dropped: ") != std::string::npos;
          }) == popcount(a.dropped));
    ++checked;
  }
  CHECK(checked > (rochade::test::whole_corpus() ? 5000 : 3000));
}

TEST_CASE("X-FEN and Shredder-FEN name the same rights", "[fen]") {
  const char* pairs[][2] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
       "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
      // Two rooks on the kingside: K is the outermost, the inner one needs its file.
      {"r3k2r/8/8/8/8/8/8/R3K1RR w Gk - 0 1", "r3k2r/8/8/8/8/8/8/R3K1RR w Gk - 0 1"},
      // Inner rooks: X-FEN needs Chess960 said (else KQkq are the a- and h-file rooks).
      {"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"},
  };
  for (const auto& p : pairs) {
    const FenResult a = parse_fen(p[0], FenMode::strict,
                                  &p == &pairs[3] ? Chess960Mode::force : Chess960Mode::detect);
    const FenResult b = parse_fen(p[1]);
    INFO(p[0] << " vs " << p[1]);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(a.position.castling_rights() == b.position.castling_rights());
    CHECK(a.position.fide_key() == b.position.fide_key());
  }
  CHECK_FALSE(parse_fen(pairs[0][1]).position.chess960());  // HAha of the start: standard
  CHECK(parse_fen(pairs[1][1]).position.chess960());
  CHECK(parse_fen(pairs[3][1]).position.chess960());  // rooks on b and g files
  CHECK(to_fen(parse_fen(pairs[2][0]).position) == "r3k2r/8/8/8/8/8/8/R3K1RR w Gk - 0 1");
}

TEST_CASE("invalid FENs say which field and what is wrong", "[fen]") {
  struct Case {
    const char* fen;
    FenField field;
    const char* words;
  };
  const Case cases[] = {
      {"", FenField::placement, "expected 4 to 6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FenField::side, "expected 4 to 6 fields"},
      // The fields that are there are read first: a bad one is named, not the first missing.
      {"not a fen", FenField::placement, "unexpected character 'o'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq", FenField::side, "expected 'w' or 'b'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", FenField::en_passant,
       "found 3: no en-passant square field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b", FenField::castling,
       "found 2: no castling rights field"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", FenField::position,
       "found 7"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FenField::placement, "8x8"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::placement,
       "unexpected character '9'"},
      {"rnbqkbnr/pppppppp/72/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::placement,
       "more than 8 squares"},
      {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::placement,
       "unexpected character 'x'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenField::side,
       "expected 'w' or 'b'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", FenField::castling,
       "unexpected character 'z'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", FenField::castling,
       "no white rook"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", FenField::en_passant,
       "not a square"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", FenField::en_passant,
       "no pawn can just have moved"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", FenField::halfmove,
       "not a number"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", FenField::fullmove,
       "not a number"},
      {"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", FenField::placement,
       "black has 0 kings"},
      {"4k3/8/8/8/8/8/8/4K2P w - - 0 1", FenField::placement, "pawn"},
      {"4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", FenField::position, "not to move (black) is in check"},
  };
  for (const Case& c : cases) {
    const FenResult r = parse_fen(c.fen);
    INFO(c.fen);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->field == c.field);
    CHECK_THAT(r.error->message, Catch::Contains(c.words));
  }
}

TEST_CASE("lenient FENs: standard chess drops rights without king or rook, Chess960 keeps them",
          "[fen]") {
  const char* fen = "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1";
  CHECK_FALSE(parse_fen(fen).ok());
  // Standard chess (no --chess960, no Variant tag): each right without its rook is dropped.
  const FenResult r = parse_fen(fen, FenMode::lenient);
  REQUIRE(r.ok());
  CHECK_FALSE(r.position.chess960());
  CHECK(r.position.castling_rights() == 0);
  CHECK(r.dropped == (bb(make_square(0, 0)) | bb(make_square(7, 0)) | bb(make_square(0, 7)) |
                      bb(make_square(7, 7))));
  REQUIRE(r.notes.size() == 4);
  CHECK(r.notes[0] ==
        "'K' dropped: no white rook stands on h1, and standard chess castles only "
        "with the rooks of the a- and h-files");
  CHECK(r.notes[3] ==
        "'q' dropped: no black rook stands on a8, and standard chess castles only "
        "with the rooks of the a- and h-files");
  CHECK(position_problems(r.position).empty());
  CHECK(to_fen(r.position) == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  // The king off e1 (off its first rank, or gone): its rights are dropped, the other's kept.
  const FenResult up = parse_fen("r3k3/8/8/8/8/8/4K3/R6R w KQq - 0 1", FenMode::lenient);
  REQUIRE(up.ok());
  CHECK(up.position.castling_rights() == bb(make_square(0, 7)));
  REQUIRE(up.notes.size() == 2);
  CHECK(up.notes[0] ==
        "'K' dropped: the white king stands on e2, and standard chess castles "
        "only from e1");
  const FenResult gone = parse_fen("r3k3/8/8/8/8/8/8/R6R w Q - 0 1", FenMode::lenient);
  REQUIRE(gone.ok());
  CHECK(gone.position.castling_rights() == 0);
  REQUIRE(gone.notes.size() == 1);
  CHECK(gone.notes[0] ==
        "'Q' dropped: there is no white king, and standard chess castles only "
        "from e1");
  // A rook on b1 with Q: the right is the a1 rook's, and there is none.
  const FenResult b1 = parse_fen("4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1", FenMode::lenient);
  REQUIRE(b1.ok());
  CHECK(b1.position.castling_rights() == 0);
  CHECK(b1.dropped == bb(make_square(0, 0)));
  // Strict reading still refuses them.
  CHECK_FALSE(parse_fen("4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1").ok());
  CHECK_FALSE(parse_fen("r3k3/8/8/8/8/8/4K3/R6R w KQq - 0 1").ok());
  // Chess960 keeps what is written, and position_problems() lists it.
  const FenResult c960 = parse_fen(fen, FenMode::lenient, Chess960Mode::force);
  REQUIRE(c960.ok());
  CHECK(popcount(c960.position.castling_rights()) == 4);
  CHECK(c960.dropped == 0);
  const auto problems = position_problems(c960.position);
  CHECK(problems.size() == 4);
  CHECK_THAT(problems[0].message, Catch::Contains("no such rook"));
  // Such a right never becomes a castling move.
  MoveList list;
  generate_legal(c960.position, list);
  for (Move m : list) CHECK_FALSE(m.is_castling());
}
