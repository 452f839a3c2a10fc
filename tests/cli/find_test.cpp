// `rochade find` through the real binary (tests/support/run.hpp) on the fixtures of
// tests/analysis: each predicate selects the games it should, the games are written as they stand
// in the input, in input order, predicates combine with AND, --count prints only the number.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/data.hpp"
#include "support/replay.hpp"
#include "support/run.hpp"

using namespace rochade;
using test::quote;
using test::Run;

namespace {

Run run_find(const std::string& args) { return test::run_rochade("find -q " + args); }

std::string fixture(const std::string& name) { return quote(test::fixture_file("analysis", name)); }

std::string puzzles() {
  return quote(test::data_file("historical/castling-incidents/castling-mate-puzzles.pgn"));
}

// The Event tags of the games `find` wrote (read back as PGN).
std::vector<std::string> events(const std::string& pgn) {
  std::vector<std::string> out;
  for (const auto& g : test::replay_text(pgn)) out.emplace_back(g.record.tag("Event"));
  return out;
}

using Events = std::vector<std::string>;

}  // namespace

TEST_CASE("find --mate-by-castling", "[analysis][find][binary]") {
  const Run r = run_find("--mate-by-castling " + fixture("annotation.pgn") + " " + puzzles());
  CHECK(r.status == 0);
  CHECK(events(r.out) == Events{"unmarked_mate/white", "unmarked_mate/white_check_sign",
                                "unmarked_mate/black", "mate/black_marked",
                                "Beautiful Checkmate Puzzles: Ibulaev, 2013-A",
                                "Beautiful Checkmate Puzzles: Ibulaev, 2013-B", " White to move."});
  const Run c =
      run_find("--count --mate-by-castling " + fixture("annotation.pgn") + " " + puzzles());
  CHECK(c.status == 0);
  CHECK(c.out == "7\n");
  // A castling marked '#' that does not mate is no mate.
  CHECK(run_find("--count --mate-by-castling " + fixture("lookalikes.pgn")).out == "0\n");
}

TEST_CASE("find --illegal-castling[=REASON]", "[analysis][find][binary]") {
  const std::string in = fixture("illegal_castling.pgn");
  CHECK(events(run_find("--illegal-castling=king_moved " + in).out) ==
        Events{"king_moved/white/corner", "king_moved/black/corner",
               "king_moved/white/rook_not_home", "king_moved/black/rook_not_home",
               "combo/white/corner", "combo/black/corner"});
  CHECK(events(run_find("--illegal-castling=vertical_castling " + in).out) ==
        Events{"vertical_castling/white/vertical", "vertical_castling/black/vertical"});
  CHECK(events(run_find("--illegal-castling=in_check " + in).out) ==
        Events{"in_check/white/corner", "in_check/black/corner", "combo/black/corner"});
  CHECK(run_find("--count --illegal-castling=rook_captured " + in).out == "4\n");
  CHECK(run_find("--count --illegal-castling " + in).out == "30\n");
  CHECK(run_find("--count --illegal-castling " + fixture("lookalikes.pgn")).out == "0\n");
  CHECK(run_find("--count --illegal-castling " + fixture("chess960.pgn")).out == "0\n");
  CHECK(run_find("--illegal-castling=no_such_reason " + in).status == 2);
}

TEST_CASE("find: a word after an optional value that is no value and no input",
          "[analysis][find][binary]") {
  const std::string in = fixture("illegal_castling.pgn");
  // A typo of a reason is a usage error naming the reasons, not a missing input.
  const Run typo = run_find("--count --illegal-castling kingmoved " + in);
  CHECK(typo.status == 2);
  CHECK(typo.out.empty());
  CHECK(typo.err.find("'kingmoved'") != std::string::npos);
  CHECK(typo.err.find("king_moved, rook_moved") != std::string::npos);
  CHECK(typo.err.find("did you mean --illegal-castling=king_moved?") != std::string::npos);
  const Run colour = run_find("--count --no-castling whte " + in);
  CHECK(colour.status == 2);
  CHECK(colour.err.find("white, black, both") != std::string::npos);
  // The value as the next word, and an existing input as the next word, as before.
  CHECK(run_find("--count --illegal-castling king_moved " + in).out == "6\n");
  const Run input = run_find("--count --illegal-castling " + in);
  CHECK(input.status == 0);
  CHECK(input.out == "30\n");
}

TEST_CASE("find --opposite-castling, --same-side-castling, --no-castling, --castled",
          "[analysis][find][binary]") {
  const std::string in = fixture("lookalikes.pgn");
  CHECK(events(run_find("--opposite-castling " + in).out) == Events{"b1_attacked/white"});
  CHECK(run_find("--count --same-side-castling " + in).out == "9\n");
  CHECK(events(run_find("--no-castling=white " + in).out) ==
        Events{"rook_attacked/black", "b8_attacked/black"});
  CHECK(events(run_find("--no-castling=black " + in).out) ==
        Events{"earlier_check/white", "notation/check"});
  CHECK(run_find("--count --no-castling " + in).out == "0\n");  // =both
  CHECK(run_find("--count --castled=both " + in).out == "10\n");
  // Predicates combine with AND.
  CHECK(events(run_find("--castled=both --queenside " + in).out) ==
        Events{"b1_attacked/white", "other_rook_moved/queenside", "notation/zeros_queenside",
               "notation/king_move_queenside"});
  CHECK(run_find("--count --opposite-castling --no-castling=white " + in).out == "0\n");
}

TEST_CASE("find: games are written as they stand in the input", "[analysis][find][binary]") {
  const Run r = run_find("--opposite-castling " + fixture("lookalikes.pgn"));
  CHECK(r.out ==
        "[Event \"b1_attacked/white\"]\n[Result \"*\"]\n\n"
        "{ The bishop on f5 attacks b1, which only the rook crosses: 6. O-O-O is legal. }\n"
        "1. d4 d5 2. c4 Bf5 3. Nc3 e6 4. Bf4 Nf6 5. Qd2 Be7 6. O-O-O O-O *\n\n");
}

TEST_CASE("find: skipped variants never match", "[analysis][find][binary]") {
  // The Crazyhouse and Atomic games of illegal_moves.pgn never castled, as far as rochade
  // knows: they are not replayed, so --no-castling does not select them either.
  CHECK(events(run_find("--no-castling " + fixture("illegal_moves.pgn")).out) ==
        Events{"syntax", "no_piece", "illegal", "ambiguous", "castling_impossible"});
}

// cli.md v3: with --castled white|black the castling predicates ask about that colour's
// castlings. "--castled black --queenside" is "black castled queenside", the games of --where
// "black_castling = 'O-O-O'" (that colour's first castling; the real games below castle once
// per colour), not "black castled, and someone castled queenside".
TEST_CASE("find: --castled COLOUR makes the castling predicates per colour",
          "[analysis][find][binary]") {
  const std::string in = fixture("lookalikes.pgn");
  // b1_attacked/white: white O-O-O, black O-O; b8_attacked/black: only black castled, O-O-O;
  // notation/check: only white castled, O-O-O. Without a colour both are "queenside".
  CHECK(events(run_find("--castled black --queenside " + in).out) ==
        Events{"b8_attacked/black", "other_rook_moved/queenside", "notation/zeros_queenside",
               "notation/king_move_queenside"});
  CHECK(events(run_find("--castled=white --queenside " + in).out) ==
        Events{"b1_attacked/white", "other_rook_moved/queenside", "notation/zeros_queenside",
               "notation/check", "notation/king_move_queenside"});
  CHECK(events(run_find("--castled black --kingside " + in).out) ==
        events(run_find("--where \"black_castling = 'O-O'\" " + in).out));
  CHECK(events(run_find("--castled black --kingside " + in).out).size() == 8);
  const std::string data = quote(test::data_file("masters")) + " " +
                           quote(test::data_file("lichess")) + " " +
                           quote(test::data_file("historical"));
  for (const char* colour : {"white", "black"}) {
    for (const auto& [flag, san] : {std::pair{"--queenside", "O-O-O"}, {"--kingside", "O-O"}}) {
      const std::string predicate = std::string("--castled ") + colour + " " + flag;
      const std::string where = std::string(colour) + "_castling = '" + san + "'";
      const Run by_flag = run_find("--count " + predicate + " " + data);
      const Run by_where = run_find("--count --where \"" + where + "\" " + data);
      INFO(predicate << ": " << by_flag.out << " vs --where " << where << ": " << by_where.out);
      CHECK(by_flag.status == 0);
      CHECK(std::stoull(by_flag.out) > 10);
      CHECK(by_flag.out == by_where.out);
    }
  }
  // The mate and the illegal castling: by that colour.
  CHECK(events(run_find("--castled black --mate-by-castling " + fixture("annotation.pgn")).out) ==
        Events{"unmarked_mate/black", "mate/black_marked"});
  CHECK(events(run_find("--castled white --mate-by-castling " + fixture("annotation.pgn")).out) ==
        Events{"unmarked_mate/white", "unmarked_mate/white_check_sign"});
  const std::string illegal = fixture("illegal_castling.pgn");
  CHECK(events(run_find("--castled white --illegal-castling=vertical_castling " + illegal).out) ==
        Events{"vertical_castling/white/vertical"});
  CHECK(events(run_find("--castled black --illegal-castling=in_check " + illegal).out) ==
        Events{"in_check/black/corner", "combo/black/corner"});
}
