// `rochade explain` through the real binary (tests/support/run.hpp): exit statuses, the output
// equal to what the library renders (the JSON object of docs/CLI.md, read back with the tests' JSON
// reader; the text), a FEN that cannot be read as a usage error, and issue 13's positions.
#include <catch2/catch.hpp>
#include <string>
#include <utility>

#include "chess/fen.hpp"
#include "report/explain/explain.hpp"
#include "support/explain.hpp"
#include "support/json.hpp"
#include "support/run.hpp"

using namespace rochade;
using chess::startpos_fen;
using report::render_explain_json;
using report::render_explain_text;
using test::explain;
using test::read_json;
using test::Run;
using test::run_rochade;

namespace {

constexpr std::string_view cli_example = "r3k2r/8/8/1Q6/8/8/8/4K3 b kq - 0 1";

}  // namespace

TEST_CASE("rochade explain: exit statuses and output", "[explain][cli]") {
  const std::string fen(cli_example);
  const Run json = run_rochade("explain '" + fen + "' --format json");
  CHECK(json.status == 0);
  CHECK(json.err.empty());
  CHECK(json.out == render_explain_json(explain(fen)));
  read_json(json.out);

  const Run text = run_rochade("explain --ascii '" + fen + "'");
  CHECK(text.status == 0);
  CHECK(text.out == render_explain_text(explain(fen), true));

  // The fields as separate arguments read the same; startpos; --chess960.
  CHECK(run_rochade("explain " + fen + " --format json").out == json.out);
  const Run start = run_rochade("explain startpos --format json");
  CHECK(start.status == 0);
  CHECK(read_json(start.out).at("fen").s == startpos_fen);
  const Run forced = run_rochade("explain --chess960 --format json '" + fen + "'");
  CHECK(forced.status == 0);
  CHECK(read_json(forced.out).at("chess960").b);

  // A position that could not arise: explained, exit 0, with its warning.
  const Run odd = run_rochade("explain --format json '4k3/8/8/8/8/8/8/4K3 w K - 0 1'");
  CHECK(odd.status == 0);
  CHECK(read_json(odd.out).at("warnings").items.size() == 1);
}

TEST_CASE("rochade explain: a FEN that cannot be read is a usage error", "[explain][cli]") {
  const std::pair<const char*, const char*> bad[] = {
      {"garbage", "piece placement"},  // the field there is read first (not "4 to 6 fields")
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq", "no en-passant square field"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQxq - 0 1", "castling rights"},
      {"r3k2r/8/8/8/8/8/8/R3K2R1 w KQkq - 0 1", "piece placement"},
      {"r3k2r/8/8/8/8/8/8/R3K2R x KQkq - 0 1", "side to move"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq z9 0 1", "en-passant"},
  };
  for (const auto& [fen, field] : bad) {
    INFO(fen);
    const Run r = run_rochade(std::string("explain '") + fen + "'");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("invalid FEN") != std::string::npos);
    CHECK(r.err.find(field) != std::string::npos);
  }
  CHECK(run_rochade("explain startpos --format xml").status == 2);
  CHECK(run_rochade("explain").status == 2);
}

TEST_CASE("rochade explain: issue 13's positions through the binary", "[analysis][explain][cli]") {
  const test::Run a = test::run_rochade(
      "explain --format json --chess960 '1rk4r/8/7Q/8/5Q2/4B3/3n2Q1/rRK4R w KQkq - 0 1'");
  CHECK(a.status == 0);
  CHECK(a.out.find(R"("queenside":{"legal":false,"reasons":["into_check"])") != std::string::npos);
  const test::Run b =
      test::run_rochade("explain --format json 'r3k2r/8/8/8/7q/5r2/8/R2qK2R w Qk - 0 1'");
  CHECK(b.out.find(R"("queenside":{"legal":false,"reasons":["blocked","in_check","into_check"])") !=
        std::string::npos);
  // Standard chess: the Q without an a1 rook is dropped, and explain says so and why.
  const test::Run c = test::run_rochade("explain --format json '4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1'");
  CHECK(c.out.find(R"("fen":"4k3/8/8/8/8/8/8/1R2K3 w - - 0 1","chess960":false)") !=
        std::string::npos);
  CHECK(c.out.find(R"("warnings":["'Q' dropped: no white rook stands on a1, and standard chess )"
                   R"(castles only with the rooks of the a- and h-files"])") != std::string::npos);
  CHECK(c.out.find(R"("reasons":["no_right_in_fen","rook_not_home"])") != std::string::npos);
  CHECK(c.out.find("the castling field's white queenside right is dropped") != std::string::npos);
}
