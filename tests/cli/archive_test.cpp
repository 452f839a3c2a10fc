// Archives through the real binary (tests/support/run.hpp), on the ZIP and .tar.zst made by the
// real tools (tests/support/data.hpp): a ZIP or a tar on standard input is streamed and a 7z
// refused; --max-games stopping inside an archive names its other members as not read, in the
// JSON and in the text; a ZIP flipped at many places never gives more games and is an error
// naming the member. (The run over archives in-process: tests/run/archive_run_test.cpp.)
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "support/data.hpp"
#include "support/json.hpp"
#include "support/run.hpp"

using namespace rochade;
using test::Json;
using test::quote;
using test::read_file;
using test::Run;
using test::run_rochade;
using test::run_shell;
using test::TempDir;

namespace {

// The entry of stats --format json's "inputs" with this path, or nullptr.
const Json* input_named(const Json& stats, const std::string& path) {
  for (const Json& in : stats.at("inputs").items)
    if (in.at("path").s == path) return &in;
  return nullptr;
}

// Little-endian fields of a ZIP local header.
std::uint32_t le(const std::string& b, std::size_t at, int n) {
  std::uint32_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(b[at + i]);
  return v;
}

}  // namespace

TEST_CASE("a ZIP or a tar on standard input is streamed, a 7z is refused", "[run][archive]") {
  TempDir tmp;
  test::make_test_archives(tmp);
  const std::string out = (tmp / "out.json").string();
  for (const char* name : {"t.zip", "t.tar.zst"}) {
    INFO(name);
    const Run r = run_rochade("stats --format json -o " + quote(out) + " - < " +
                              quote((tmp / name).string()));
    CHECK(r.status == 0);
    const Json json = test::read_json(read_file(out));
    CHECK(json.at("games").at("total").integer() == 313);  // 155 + 155 + 3
    CHECK(input_named(json, "-:folder/copy.pgn") != nullptr);
  }
  run_shell("cd " + quote((tmp / "src").string()) + " && 7z a -bd ../t.7z a.pgn > /dev/null");
  const Run r = run_rochade("stats - < " + quote((tmp / "t.7z").string()));
  CHECK(r.status == 1);
  CHECK(r.err.find("7z needs seeking") != std::string::npos);
}

TEST_CASE("archive through the binary: --max-games stopping inside it lists its other members",
          "[run][archive]") {
  TempDir tmp;
  test::make_test_archives(tmp);
  const std::string zip = (tmp / "t.zip").string();
  // The JSON inputs list and the text summary name the members not read.
  const std::string out = (tmp / "out").string();
  REQUIRE(run_rochade("stats --max-games 10 --format json -o " + quote(out + ".json") + " " +
                      quote(zip))
              .status == 0);
  REQUIRE(run_rochade("stats --max-games 10 -o " + quote(out + ".txt") + " " + quote(zip)).status ==
          0);
  const Json json = test::read_json(read_file(out + ".json"));
  const Json* p = input_named(json, zip + ":folder/p.pgn");
  CHECK(p != nullptr);
  CHECK((p != nullptr && p->at("error").s.find("not read (stopped early)") != std::string::npos));
  const std::string text = read_file(out + ".txt");
  CHECK(text.find(zip + ":folder/p.pgn") != std::string::npos);
  CHECK(text.find("not read (stopped early)") != std::string::npos);
}

TEST_CASE("the binary on a ZIP flipped at many places: never more games, exit 1 naming it",
          "[run][archive][damage]") {
  TempDir tmp;
  test::make_test_archives(tmp);
  const std::string whole = read_file(tmp / "t.zip");
  // The deflated data of each member, from its local header (Info-ZIP: sizes in the header).
  struct Range {
    std::string name;
    std::size_t begin, end;
  };
  std::vector<Range> data;
  for (std::size_t at = 0; whole.compare(at, 4, "PK\x03\x04") == 0;) {
    const std::size_t begin = at + 30 + le(whole, at + 26, 2) + le(whole, at + 28, 2);
    data.push_back(
        {whole.substr(at + 30, le(whole, at + 26, 2)), begin, begin + le(whole, at + 18, 4)});
    at = data.back().end;
  }
  REQUIRE(data.size() == 4);  // a.pgn README folder/copy.pgn folder/p.pgn
  const std::string bad = (tmp / "bad.zip").string(), out = (tmp / "out.json").string();
  for (int k = 1; k < 40; ++k) {
    const std::size_t at = whole.size() * static_cast<std::size_t>(k) / 40;
    std::string bytes = whole;
    bytes[at] = static_cast<char>(bytes[at] ^ 0x10);
    test::write_file(bad, bytes);
    const Run run = run_rochade("stats --format json -o " + quote(out) + " " + quote(bad));
    const int rc = run.status;
    const std::string& said = run.err;
    INFO("byte " << at << ": exit " << rc << "\n" << said);
    const long long games = test::read_json(read_file(out)).at("games").at("total").integer();
    CHECK(games <= 313);  // 155 + 155 + 3
    CHECK((rc == 1 || (rc == 0 && games == 313)));
    if (rc == 1) CHECK(said.find(bad) != std::string::npos);
    for (const Range& r : data) {
      if (at < r.begin || at >= r.end || r.name == "README") continue;
      CHECK(rc == 1);  // damage in a member's data is said, naming that member
      CHECK(said.find(bad + ":" + r.name + ": ") != std::string::npos);
    }
  }
}
