// `rochade audit` through the real binary (tests/support/run.hpp) on the fixtures of
// tests/analysis: --format jsonl lines are JSON objects with the fields of docs/AUDIT-JSONL.md and
// say what the replay found (checked against the library), --only filters, --format pgn copies
// the games with a [Rochade] tag and a {rochade: ...} comment after the move, the text format
// names file, game and move, and -j1 / -j2 give byte-identical output; stats --format json counts
// every game.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "analysis/finding.hpp"
#include "support/data.hpp"
#include "support/json.hpp"
#include "support/replay.hpp"
#include "support/run.hpp"

using namespace rochade;
using test::Json;
using test::lines;
using test::quote;
using test::read_file;
using test::read_jsonl;
using test::Run;
using test::run_rochade;

namespace {

std::string fixtures_dir() { return test::fixtures_dir("analysis"); }
std::string fixture(const std::string& name) { return test::fixture_file("analysis", name); }

const std::vector<std::string> fixture_files = {
    "annotation.pgn", "chess960.pgn",         "chess960_illegal.pgn",
    "fen_games.pgn",  "illegal_castling.pgn", "illegal_moves.pgn",
    "lookalikes.pgn", "readings.pgn",         "repetition.pgn"};

void check_contract_fields(const Json& j) {
  using K = Json::Kind;
  const std::vector<std::string> keys = {
      "kind", "file", "game",    "line",     "tags",      "ply",        "move_number",
      "side", "san",  "reasons", "evidence", "played_as", "fen_before", "message"};
  for (const auto& k : keys) {
    INFO("key " << k);
    CHECK(j.find(k) != nullptr);
  }
  // The contract's keys come in the contract's order (extra keys may lie between them).
  std::size_t last = 0;
  for (const auto& k : keys) {
    for (std::size_t i = 0; i < j.members.size(); ++i)
      if (j.members[i].first == k) {
        INFO("key " << k << " out of order");
        CHECK(i >= last);
        last = i;
      }
  }
  CHECK(j.at("kind").kind == K::string);
  CHECK(analysis::finding_kind_names.parse(j.at("kind").s).has_value());
  CHECK(j.at("file").kind == K::string);
  CHECK(j.at("game").is_int());
  CHECK(j.at("game").integer() >= 1);
  CHECK(j.at("line").is_int());
  CHECK(j.at("line").integer() >= 1);
  const Json& tags = j.at("tags");
  REQUIRE(tags.kind == K::object);
  for (const char* t : {"Event", "Site", "Date", "Round", "White", "Black", "Result"}) {
    INFO("tag " << t);
    REQUIRE(tags.find(t) != nullptr);
    CHECK((tags.at(t).kind == K::string || tags.at(t).kind == K::null));
  }
  const bool about_move = j.at("ply").kind != K::null;
  if (about_move) {
    CHECK(j.at("ply").is_int());
    CHECK(j.at("ply").integer() >= 1);
    CHECK(j.at("move_number").is_int());
    CHECK((j.at("side").s == "white" || j.at("side").s == "black"));
    CHECK(j.at("san").kind == K::string);
  } else {
    CHECK(j.at("kind").s == "parse_error");
    CHECK(j.at("move_number").kind == K::null);
    CHECK(j.at("side").kind == K::null);
    CHECK(j.at("san").kind == K::null);
  }
  REQUIRE(j.at("reasons").kind == K::array);
  CHECK_FALSE(j.at("reasons").items.empty());
  for (const auto& r : j.at("reasons").items) CHECK(r.kind == K::string);
  REQUIRE(j.at("evidence").kind == K::array);
  for (const auto& e : j.at("evidence").items) {
    REQUIRE(e.kind == K::object);
    REQUIRE(e.find("ply") != nullptr);
    REQUIRE(e.find("san") != nullptr);
    REQUIRE(e.find("what") != nullptr);
    CHECK(e.at("what").kind == K::string);
    if (e.at("ply").kind == K::null)
      CHECK(e.at("san").kind == K::null);
    else {
      CHECK(e.at("ply").is_int());
      CHECK(e.at("san").kind == K::string);
    }
  }
  CHECK((j.at("played_as").kind == K::string || j.at("played_as").kind == K::null));
  CHECK((j.at("fen_before").kind == K::string || j.at("fen_before").kind == K::null));
  CHECK(j.at("message").kind == K::string);
  CHECK_FALSE(j.at("message").s.empty());
  if (j.at("kind").s == "illegal_castling") {
    CHECK(j.at("played_as").kind == K::string);
    CHECK(j.at("fen_before").kind == K::string);
  }
  if (j.at("kind").s == "false_repetition")
    for (const auto& e : j.at("evidence").items) CHECK(e.find("rights") != nullptr);
}

}  // namespace

TEST_CASE("audit jsonl: every line is a JSON object with the contract's fields",
          "[analysis][audit][binary]") {
  const Run r = run_rochade("audit --format jsonl -j1 " + quote(fixtures_dir()));
  CHECK(r.status == 0);
  const auto objs = read_jsonl(r.out);
  CHECK(objs.size() == 64);
  std::map<std::string, int> kinds;
  for (const auto& j : objs) {
    INFO(j.at("message").s);
    check_contract_fields(j);
    ++kinds[j.at("kind").s];
  }
  CHECK(kinds["illegal_castling"] == 49);
  CHECK(kinds["illegal_move"] == 6);
  CHECK(kinds["false_repetition"] == 3);
  CHECK(kinds["annotation_mismatch"] == 5);
  CHECK(kinds["parse_error"] == 1);  // the bad FEN of fen_games.pgn
}

TEST_CASE("audit jsonl: the lines say what the replay found, game by game, in input order",
          "[analysis][audit][binary]") {
  for (const auto& name : fixture_files) {
    DYNAMIC_SECTION(name) {
      const Run r = run_rochade("audit --format jsonl -j2 " + quote(fixture(name)));
      CHECK(r.status == 0);
      const auto objs = read_jsonl(r.out);
      const auto games = test::replay_text(read_file(fixture(name)));
      std::size_t k = 0;
      for (std::size_t gi = 0; gi < games.size(); ++gi) {
        const auto& g = games[gi];
        for (const auto& f : g.analysis.findings) {
          INFO("game " << gi + 1 << ": " << f.message);
          REQUIRE(k < objs.size());
          const Json& j = objs[k++];
          CHECK(j.at("file").s == fixture(name));
          CHECK(j.at("game").integer() == static_cast<long long>(gi + 1));
          CHECK(j.at("line").integer() == static_cast<long long>(g.record.pos.line));
          CHECK(j.at("tags").at("Event").s == g.record.tag("Event"));
          CHECK(j.at("kind").s == analysis::finding_kind_name(f.kind));
          if (f.ply > 0) {
            CHECK(j.at("ply").integer() == f.ply);
            CHECK(j.at("move_number").integer() == f.move_number);
            CHECK(j.at("side").s == (f.side == chess::Color::white ? "white" : "black"));
            CHECK(j.at("san").s == f.san);
          }
          std::vector<std::string> reasons;
          for (const auto& x : j.at("reasons").items) reasons.push_back(x.s);
          CHECK(reasons == f.reasons);
          REQUIRE(j.at("evidence").items.size() == f.evidence.size());
          for (std::size_t e = 0; e < f.evidence.size(); ++e) {
            const Json& je = j.at("evidence").items[e];
            if (f.evidence[e].ply > 0) {
              CHECK(je.at("ply").integer() == f.evidence[e].ply);
              CHECK(je.at("san").s == f.evidence[e].san);
            } else {
              CHECK(je.at("ply").kind == Json::Kind::null);
            }
            CHECK(je.at("what").s == f.evidence[e].what);
          }
          CHECK(j.at("played_as").s == f.played_as);
          CHECK(j.at("fen_before").s == f.fen_before);
          CHECK(j.at("message").s == f.message);
        }
      }
      CHECK(k == objs.size());
    }
  }
}

TEST_CASE("audit jsonl: the spec's example finding", "[analysis][audit][binary]") {
  const Run r = run_rochade("audit --format jsonl " + quote(fixture("illegal_castling.pgn")));
  const auto objs = read_jsonl(r.out);
  REQUIRE_FALSE(objs.empty());
  const Json& j = objs[0];
  CHECK(j.at("kind").s == "illegal_castling");
  CHECK(j.at("game").integer() == 1);
  CHECK(j.at("line").integer() == 5);
  CHECK(j.at("tags").at("Event").s == "king_moved/white/corner");
  CHECK(j.at("tags").at("Site").kind == Json::Kind::null);
  CHECK(j.at("tags").at("Result").s == "*");
  CHECK(j.at("ply").integer() == 11);
  CHECK(j.at("move_number").integer() == 6);
  CHECK(j.at("side").s == "white");
  CHECK(j.at("san").s == "O-O");
  REQUIRE(j.at("reasons").items.size() == 1);
  CHECK(j.at("reasons").items[0].s == "king_moved");
  REQUIRE(j.at("evidence").items.size() == 2);
  CHECK(j.at("evidence").items[0].at("ply").integer() == 7);
  CHECK(j.at("evidence").items[0].at("san").s == "4. Ke2");
  CHECK(j.at("evidence").items[0].at("what").s == "the white king left e1");
  CHECK(j.at("evidence").items[1].at("ply").integer() == 9);
  CHECK(j.at("evidence").items[1].at("san").s == "5. Ke1");
  CHECK(j.at("evidence").items[1].at("what").s == "the white king came back to e1");
  CHECK(j.at("played_as").s == "Ke1-g1 Rh1-f1");
  CHECK(j.at("fen_before").s ==
        "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w kq - 0 6");
}

TEST_CASE("audit --only: keeps the findings of the kinds named", "[analysis][audit][binary]") {
  const std::string in = quote(fixtures_dir());
  const auto all = read_jsonl(run_rochade("audit --format jsonl " + in).out);
  std::map<std::string, std::vector<std::string>> by_kind;  // kind -> its lines, in order
  const auto all_lines = lines(run_rochade("audit --format jsonl " + in).out);
  REQUIRE(all_lines.size() == all.size());
  for (std::size_t i = 0; i < all.size(); ++i) by_kind[all[i].at("kind").s].push_back(all_lines[i]);
  for (const char* kind : {"illegal_castling", "illegal_move", "parse_error", "false_repetition",
                           "annotation_mismatch"}) {
    DYNAMIC_SECTION(kind) {
      const Run r = run_rochade(std::string("audit --format jsonl --only ") + kind + " " + in);
      CHECK(r.status == 0);
      CHECK(lines(r.out) == by_kind[kind]);
    }
  }
  SECTION("two kinds") {
    const Run r =
        run_rochade("audit --format jsonl --only illegal_move --only annotation_mismatch " + in);
    std::vector<std::string> want;
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].at("kind").s == "illegal_move" || all[i].at("kind").s == "annotation_mismatch")
        want.push_back(all_lines[i]);
    CHECK(lines(r.out) == want);
  }
  SECTION("an unknown kind is a usage error") {
    CHECK(run_rochade("audit --only no_such_kind " + in).status == 2);
  }
}

TEST_CASE("audit --format pgn: the games with a finding, tagged and commented",
          "[analysis][audit][binary]") {
  const Run r = run_rochade("audit --format pgn " + quote(fixture("illegal_castling.pgn")));
  CHECK(r.status == 0);
  const std::string& out = r.out;
  CHECK(out.find("[Event \"king_moved/white/corner\"]\n[Result \"*\"]\n"
                 "[Rochade \"illegal_castling: king_moved\"]\n") != std::string::npos);
  CHECK(out.find("6. O-O {rochade: 6. O-O: white castled kingside although its king had moved "
                 "(4. Ke2, 5. Ke1); played as Ke1-g1 Rh1-f1} a6 7. d3 h6 *") != std::string::npos);
  CHECK(out.find(
            "[Rochade \"illegal_castling: king_moved, rook_moved, through_check, into_check\"]") !=
        std::string::npos);
  CHECK(out.find(
            "[Rochade \"illegal_castling: queen_castling; illegal_castling: queen_castling\"]") !=
        std::string::npos);
  // The output is PGN that reads back to the same games and the same findings.
  const auto back = test::replay_text(out);
  const auto orig = test::replay_text(read_file(fixture("illegal_castling.pgn")));
  REQUIRE(back.size() == orig.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    INFO(orig[i].record.tag("Event"));
    CHECK(back[i].record.tag("Event") == orig[i].record.tag("Event"));
    CHECK(back[i].record.tag("Rochade").substr(0, 16) == "illegal_castling");
    CHECK(back[i].analysis.plies == orig[i].analysis.plies);
    REQUIRE(back[i].analysis.findings.size() == orig[i].analysis.findings.size());
    for (std::size_t k = 0; k < back[i].analysis.findings.size(); ++k)
      CHECK(back[i].analysis.findings[k].message == orig[i].analysis.findings[k].message);
  }
}

TEST_CASE("audit --format pgn: only games with a finding are written",
          "[analysis][audit][binary]") {
  const Run r = run_rochade("audit --format pgn " + quote(fixture("lookalikes.pgn")));
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  const Run rep = run_rochade("audit --format pgn " + quote(fixture("repetition.pgn")));
  const auto back = test::replay_text(rep.out);
  REQUIRE(back.size() == 2);
  CHECK(back[0].record.tag("Rochade") ==
        "false_repetition: rights_differ; false_repetition: rights_differ");
  CHECK(back[1].record.tag("Event") == "false_by_en_passant");
  CHECK(rep.out.find("6. Ng1 Nb8 {rochade: 6... Nb8: the same pieces stood") != std::string::npos);
}

TEST_CASE("audit --format text: file, game, line and the move", "[analysis][audit][binary]") {
  const std::string path = fixture("illegal_castling.pgn");
  const Run r = run_rochade("audit " + quote(path));
  CHECK(r.status == 0);
  const std::string& out = r.out;
  CHECK(out.find(path + ": game 1 (line 5)") != std::string::npos);
  CHECK(out.find("illegal_castling [king_moved] at line 9") != std::string::npos);
  CHECK(out.find("6. O-O: white castled kingside although its king had moved (4. Ke2, 5. Ke1)") !=
        std::string::npos);
  CHECK(out.find("4. Ke2") != std::string::npos);
  CHECK(out.find("played as Ke1-g1 Rh1-f1") != std::string::npos);
  CHECK(
      out.find(
          "position before: r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w kq - 0 6") !=
      std::string::npos);
  CHECK(out.find(path + ": game 30 (line ") != std::string::npos);
  CHECK(out.find("9... O-O-O: black castled queenside") != std::string::npos);
  // One block per finding: 31 findings.
  std::size_t blocks = 0;
  for (std::size_t p = 0; (p = out.find(path + ": game ", p)) != std::string::npos; ++p) ++blocks;
  CHECK(blocks == 31);
}

TEST_CASE("audit: -j1 and -j2 give byte-identical output", "[analysis][audit][binary]") {
  const std::string fixtures = quote(fixtures_dir());
  const std::string historical = quote(test::data_file("historical"));
  for (const char* format : {"jsonl", "text", "pgn"}) {
    DYNAMIC_SECTION(format) {
      for (const std::string& in : {fixtures, historical}) {
        const Run one = run_rochade(std::string("audit -q --format ") + format + " -j1 " + in);
        const Run two = run_rochade(std::string("audit -q --format ") + format + " -j2 " + in);
        CHECK(one.status == 0);
        CHECK(two.status == 0);
        CHECK_FALSE(one.out.empty());
        CHECK(one.out == two.out);
      }
    }
  }
}

TEST_CASE("audit: -o writes the same as stdout", "[analysis][audit][binary]") {
  const test::TempDir dir;
  const std::string out = (dir / "audit.jsonl").string();
  const Run r = run_rochade("audit --format jsonl -o " + quote(out) + " " + quote(fixtures_dir()));
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  CHECK(read_file(out) == run_rochade("audit --format jsonl " + quote(fixtures_dir())).out);
}

TEST_CASE("stats through the binary: every fixture game is counted", "[analysis][audit][binary]") {
  const Run r = run_rochade("stats --format json " + quote(fixture("illegal_moves.pgn")));
  CHECK(r.status == 0);
  const Json doc = test::read_json(r.out);
  const Json& games = doc.at("games");
  CHECK(games.at("total").integer() == 8);
  CHECK(games.at("replayed").integer() == 0);
  CHECK(games.at("with_errors").integer() == 6);
  CHECK(games.at("skipped_variant").integer() == 2);
  const Run ic = run_rochade("stats --format json " + quote(fixture("illegal_castling.pgn")));
  const Json d2 = test::read_json(ic.out);
  CHECK(d2.at("games").at("total").integer() == 30);
  CHECK(d2.at("games").at("replayed").integer() == 30);
  CHECK(d2.at("illegal_castling").at("total").integer() == 31);
  const Json& by = d2.at("illegal_castling").at("by_reason");
  CHECK(by.at("king_moved").integer() == 6);
  CHECK(by.at("vertical_castling").integer() == 2);
  CHECK(by.at("queen_castling").integer() == 3);
}

TEST_CASE("audit --format pgn: the [Rochade] tag stays in the tag section (CRLF, no tags)",
          "[analysis][audit][binary]") {
  const test::TempDir dir;
  const std::string crlf = (dir / "crlf.pgn").string();
  const std::string notags = (dir / "notags.pgn").string();
  {
    // king_moved/white/corner of illegal_castling.pgn, with CRLF line ends.
    std::ofstream(crlf, std::ios::binary)
        << "[Event \"crlf\"]\r\n[Result \"*\"]\r\n\r\n"
           "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 Nf6 5. Ke1 d6 6. O-O a6 7. d3 h6 *\r\n";
    // The same game without any tag.
    std::ofstream(notags, std::ios::binary)
        << "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 Nf6 5. Ke1 d6 6. O-O a6 7. d3 h6 *\n";
  }
  const Run a = run_rochade("audit --format pgn " + quote(crlf));
  INFO(a.out);
  // The tag goes right after the last tag, before the blank line that ends the tag section.
  CHECK(a.out.find("[Result \"*\"]\r\n[Rochade \"illegal_castling: king_moved\"]") !=
        std::string::npos);
  CHECK(a.out.find("\r\n\r\n[Rochade") == std::string::npos);
  const Run b = run_rochade("audit --format pgn " + quote(notags));
  INFO(b.out);
  // A tag section is followed by a blank line before the movetext.
  CHECK(b.out.rfind("[Rochade \"illegal_castling: king_moved\"]\n\n1. e4", 0) == 0);
}
