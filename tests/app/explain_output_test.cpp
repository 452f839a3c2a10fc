// `rochade explain`, the output: the JSON object of docs/CLI.md (read back with the tests' JSON
// reader, tests/support/json.hpp) and the text with its board diagram. (The real binary's output
// and exit statuses: tests/cli/explain_test.cpp.)
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "chess/fen.hpp"
#include "report/explain/explain.hpp"
#include "support/explain.hpp"
#include "support/json.hpp"

using namespace rochade::chess;
using namespace rochade::report;
using rochade::test::explain;
using rochade::test::Json;
using rochade::test::read_json;

namespace {

constexpr std::string_view cli_example = "r3k2r/8/8/1Q6/8/8/8/4K3 b kq - 0 1";

}  // namespace

TEST_CASE("explain JSON: the object of cli.md", "[explain][json]") {
  const Json j = read_json(render_explain_json(explain(cli_example)));
  using Strings = std::vector<std::string>;
  CHECK(j.keys() == Strings{"fen", "chess960", "warnings", "white", "black"});
  CHECK(j.at("fen").s == cli_example);
  CHECK(j.at("chess960").kind == Json::Kind::boolean);
  CHECK_FALSE(j.at("chess960").b);
  CHECK(j.at("warnings").kind == Json::Kind::array);
  CHECK(j.at("warnings").items.empty());
  for (const char* colour : {"white", "black"}) {
    CHECK(j.at(colour).keys() == Strings{"kingside", "queenside"});
    for (const char* side : {"kingside", "queenside"}) {
      const Json& c = j.at(colour).at(side);
      CHECK(c.keys() == Strings{"legal", "reasons", "details", "irrelevant"});
      CHECK(c.at("legal").kind == Json::Kind::boolean);
      CHECK(c.at("legal").b == c.at("reasons").items.empty());
      CHECK_FALSE(c.at("details").items.empty());  // every illegal castling says why
    }
  }
  // The values of the example (its "…" are free text).
  const Json& w = j.at("white");
  const Json& b = j.at("black");
  for (const Json* c : {&w.at("kingside"), &w.at("queenside")}) {
    CHECK_FALSE(c->at("legal").b);
    CHECK(c->at("reasons").strings() == Strings{"no_right_in_fen"});
    CHECK(c->at("irrelevant").items.empty());
  }
  for (const Json* c : {&b.at("kingside"), &b.at("queenside")}) {
    CHECK_FALSE(c->at("legal").b);
    CHECK(c->at("reasons").strings() == Strings{"in_check"});
  }
  CHECK(b.at("kingside").at("details").strings() ==
        Strings{"the black king on e8 is attacked by the white queen on b5"});
  CHECK(b.at("kingside").at("irrelevant").items.empty());
  CHECK(b.at("queenside").at("irrelevant").strings() ==
        Strings{"b8 is attacked by the white queen on b5: allowed, the king does not cross b8"});
}

TEST_CASE("explain JSON: warnings and Chess960 in the object", "[explain][json]") {
  const Json bad = read_json(render_explain_json(explain("4k3/8/8/8/8/8/8/R3K2r b Q - 0 1")));
  REQUIRE(bad.at("warnings").items.size() == 1);
  CHECK(bad.at("warnings").items[0].s == "the side not to move (white) is in check");
  CHECK(bad.at("white").at("queenside").at("reasons").strings() ==
        std::vector<std::string>{"in_check"});
  const Json c960 = read_json(render_explain_json(explain("3rk3/8/8/8/8/8/8/RK4R1 w AG - 0 1")));
  CHECK(c960.at("chess960").b);
  CHECK(c960.at("white").at("queenside").at("legal").b);
  CHECK(c960.at("black").at("kingside").at("reasons").items.size() >= 1);
}

TEST_CASE("explain text: a board diagram, then each colour and side", "[explain][text]") {
  const auto e = explain(cli_example);
  const std::string text = render_explain_text(e);
  CHECK(text.find("    a b c d e f g h\n  8  \u265c \u00b7 \u00b7 \u00b7 \u265a") == 0);
  CHECK(text.find("  5  \u00b7 \u2655 \u00b7") != std::string::npos);
  CHECK(text.find("Black queenside (O-O-O): illegal: in_check\n") != std::string::npos);
  CHECK(text.find("White kingside (O-O): illegal: no_right_in_fen\n") != std::string::npos);
  CHECK(text.find("  does not matter:\n  - b8 is attacked by the white queen on b5") !=
        std::string::npos);
  const std::string ascii = render_explain_text(e, true);
  CHECK(ascii.find("  8  r . . . k . . r  8\n") != std::string::npos);
  CHECK(ascii.find("  1  . . . . K . . .  1\n") != std::string::npos);
  CHECK(std::all_of(ascii.begin(), ascii.end(),
                    [](char ch) { return static_cast<unsigned char>(ch) < 0x80; }));
  const std::string legal = render_explain_text(explain("r3k2r/8/8/8/5Q2/8/8/4K3 b kq - 0 1"));
  CHECK(legal.find("Black queenside (O-O-O): legal\n") != std::string::npos);
}
