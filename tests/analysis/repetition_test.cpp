// Repetition by the FIDE rules: a placement seen three times whose castling or en-passant rights
// differ is a false_repetition finding (Karpov–Miles, Tilburg 1986, from
// tests/data/historical/castling-incidents/); a real threefold repetition is not.
// Crafted games: fixtures/repetition.pgn.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "analysis/repetition.hpp"
#include "chess/san.hpp"
#include "support/data.hpp"
#include "support/replay.hpp"

using namespace rochade;
using analysis::FindingKind;
using analysis::GameStatus;

namespace {

std::string incident(const std::string& name) {
  return test::read_file(test::data_file("historical/castling-incidents/" + name));
}

struct Occ {
  int ply;
  std::string san;
  std::string rights;
  bool operator==(const Occ&) const = default;
};

std::vector<Occ> occurrences(const analysis::Finding& f) {
  std::vector<Occ> out;
  for (const auto& e : f.evidence) out.push_back({e.ply, e.san, e.rights});
  return out;
}

const analysis::Finding* finding_at(const analysis::GameAnalysis& a, int ply) {
  for (const auto& f : a.findings)
    if (f.ply == ply) return &f;
  return nullptr;
}

}  // namespace

namespace Catch {
template <>
struct StringMaker<Occ> {
  static std::string convert(const Occ& o) {
    std::string s = "{";
    s += std::to_string(o.ply);
    s += ", ";
    s += o.san;
    s += ", ";
    s += o.rights;
    s += "}";
    return s;
  }
};
}  // namespace Catch

TEST_CASE("false repetition: Karpov-Miles, Tilburg 1986", "[analysis][repetition]") {
  for (const char* file :
       {"karpov-miles-tilburg-1986.pgn", "karpov-miles-tilburg-1986.gnuchess-book.pgn"}) {
    DYNAMIC_SECTION(file) {
      const auto games = test::replay_text(incident(file));
      REQUIRE(games.size() == 1);
      const auto& a = games[0].analysis;
      CHECK(a.status == GameStatus::replayed);
      CHECK(a.plies == 51);
      CHECK(a.castlings.empty());
      CHECK(a.false_repetition);
      for (const auto& f : a.findings) CHECK(f.kind == FindingKind::false_repetition);
      // After 22. Nb5, 24. Nb5 and 26. Nb5 the pieces stood the same, but black's queenside
      // right (the a8 rook had not moved yet) existed only the first time.
      const analysis::Finding* nb5 = finding_at(a, 51);
      REQUIRE(nb5 != nullptr);
      CHECK(nb5->san == "Nb5");
      CHECK(nb5->move_number == 26);
      CHECK(nb5->side == chess::Color::white);
      CHECK(nb5->reasons == std::vector<std::string>{"rights_differ"});
      CHECK(occurrences(*nb5) == std::vector<Occ>{{43, "22. Nb5", "kq -"},
                                                  {47, "24. Nb5", "k -"},
                                                  {51, "26. Nb5", "k -"}});
      CHECK(nb5->message.find("22. Nb5") != std::string::npos);
      CHECK(nb5->fen_before.empty());
      CHECK(nb5->played_as.empty());
      // The same for the positions after 21... Nxb2, 23... Ra8 and 25... Ra8.
      const analysis::Finding* ra8 = finding_at(a, 50);
      REQUIRE(ra8 != nullptr);
      CHECK(occurrences(*ra8) == std::vector<Occ>{{42, "21... Nxb2", "kq -"},
                                                  {46, "23... Ra8", "k -"},
                                                  {50, "25... Ra8", "k -"}});
      CHECK(a.findings.size() == 2);
    }
  }
}

TEST_CASE("false repetition: a real threefold repetition is not one", "[analysis][repetition]") {
  const auto games = test::replay_fixture("repetition.pgn");
  REQUIRE(games.size() == 3);
  const auto& g = games[0];
  REQUIRE(g.record.tag("Event") == "real_threefold");
  CHECK(g.analysis.status == GameStatus::replayed);
  CHECK(g.analysis.plies == 8);
  CHECK(g.analysis.findings.empty());
  CHECK_FALSE(g.analysis.false_repetition);
}

TEST_CASE("false repetition: castling rights lost by king moves", "[analysis][repetition]") {
  const auto games = test::replay_fixture("repetition.pgn");
  const auto& g = games.at(1);
  REQUIRE(g.record.tag("Event") == "false_by_castling_rights");
  const auto& a = g.analysis;
  CHECK(a.status == GameStatus::replayed);
  CHECK(a.plies == 16);
  CHECK(a.false_repetition);
  // White to move after 1... e5, 3... Ke8 and 5... Ke8: the rights were KQkq only the first time.
  REQUIRE(a.findings.size() == 2);
  const analysis::Finding* f10 = finding_at(a, 10);
  REQUIRE(f10 != nullptr);
  CHECK(f10->kind == FindingKind::false_repetition);
  CHECK(f10->san == "Ke8");
  CHECK(occurrences(*f10) ==
        std::vector<Occ>{{2, "1... e5", "KQkq -"}, {6, "3... Ke8", "- -"}, {10, "5... Ke8", "- -"}});
  // After 2. Ke2, 4. Ke2, 6. Ke2 (black to move): white's rights were gone, black's not yet.
  const analysis::Finding* f11 = finding_at(a, 11);
  REQUIRE(f11 != nullptr);
  CHECK(occurrences(*f11) ==
        std::vector<Occ>{{3, "2. Ke2", "kq -"}, {7, "4. Ke2", "- -"}, {11, "6. Ke2", "- -"}});
  // 7... Ke8 (ply 14) is the third time of the position without rights: a real threefold, and
  // the placement was already reported: no third finding.
  CHECK(finding_at(a, 14) == nullptr);
}

TEST_CASE("false repetition: an en-passant right that existed only the first time",
          "[analysis][repetition]") {
  const auto games = test::replay_fixture("repetition.pgn");
  const auto& g = games.at(2);
  REQUIRE(g.record.tag("Event") == "false_by_en_passant");
  const auto& a = g.analysis;
  CHECK(a.status == GameStatus::replayed);
  CHECK(a.plies == 14);
  REQUIRE(a.findings.size() == 1);
  const auto& f = a.findings[0];
  CHECK(f.kind == FindingKind::false_repetition);
  CHECK(f.ply == 12);
  CHECK(f.san == "Nb8");
  CHECK(occurrences(f) == std::vector<Occ>{{4, "2... d5", "KQkq d6"},
                                           {8, "4... Nb8", "KQkq -"},
                                           {12, "6... Nb8", "KQkq -"}});
}

TEST_CASE("repetition tracker: FIDE threefold and placement threefold", "[analysis][repetition]") {
  using namespace rochade::chess;
  const auto play = [](const std::vector<const char*>& moves, analysis::RepetitionTracker& t,
                       std::vector<int>& reported) {
    Position pos = Position::startpos();
    t.reset(pos);
    int ply = 0;
    for (const char* m : moves) {
      const SanResult r = parse_move(pos, m);
      REQUIRE(r.ok());
      const bool irreversible = type_of(pos.piece_on(r.move.from())) == PieceType::pawn ||
                                pos.piece_on(r.move.to()) != Piece::none;
      pos.play(r.move);
      if (t.add(pos, ++ply, irreversible)) reported.push_back(ply);
    }
  };
  SECTION("knights out and back: a real threefold, never a false one") {
    analysis::RepetitionTracker t;
    std::vector<int> reported;
    play({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}, t, reported);
    CHECK(reported.empty());
    CHECK(t.threefold());
  }
  SECTION("kings out and back: the placement repeats, the rights do not") {
    analysis::RepetitionTracker t;
    std::vector<int> reported;
    play({"e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8"}, t, reported);
    CHECK(reported == std::vector<int>{10});
    CHECK_FALSE(t.threefold());
    REQUIRE(t.occurrences().size() == 3);
    CHECK(t.occurrences()[0].ply == 2);
    CHECK(t.occurrences()[2].ply == 10);
  }
  SECTION("a long record is compared over its last 300 positions, across the trimming") {
    analysis::RepetitionTracker t;
    std::vector<int> reported;
    std::vector<const char*> moves{"e4", "e5"};
    for (int i = 0; i < 325; ++i) moves.insert(moves.end(), {"Nf3", "Nf6", "Ng1", "Ng8"});
    moves.insert(moves.end(), {"Ke2", "Ke7", "Ke1", "Ke8"});  // ply 1306: the rights are gone
    play(moves, t, reported);
    CHECK(reported == std::vector<int>{1306});
    CHECK(t.threefold());  // the knights' round trips
    // The placement after 2... e5 stood after every 4th ply; the plies 1007 to 1306 hold 74 of
    // them (1010 to 1302) and the last.
    REQUIRE(t.occurrences().size() == 75);
    CHECK(t.occurrences().front().ply == 1010);
    CHECK(t.occurrences()[73].ply == 1302);
    CHECK(t.occurrences().back().ply == 1306);
  }
  SECTION("a capture or pawn move starts the count again") {
    analysis::RepetitionTracker t;
    std::vector<int> reported;
    play({"Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8"}, t, reported);
    CHECK(reported.empty());
    CHECK_FALSE(t.threefold());
  }
}
