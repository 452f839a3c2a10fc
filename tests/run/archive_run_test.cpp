// The run over archives and with --dedup: the members of a ZIP or tar are inputs of their own,
// numbered in archive order whatever the number of workers; --dedup decides in input order, so
// the same games are duplicates for any -j; a ZIP or tar on standard input is streamed (through
// the real binary); --max-games stopping inside an archive lists its other members as not read;
// a ZIP flipped at many places never gives more games and is an error naming the member.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "io/input.hpp"
#include "run/pipeline.hpp"

namespace fs = std::filesystem;
using namespace rochade;

namespace {

const fs::path k_data = fs::path(ROCHADE_SOURCE_DIR) / "tests" / "data";

class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "rochade-run-test-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  fs::path operator/(const std::string& name) const { return path_ / name; }
  std::string quoted() const {
    std::string q(1, '\'');  // (not "'" + ...: GCC 12 warns falsely, -Wrestrict)
    q += path_.string();
    q += '\'';
    return q;
  }

 private:
  fs::path path_;
};

void sh(const std::string& command) {
  INFO(command);
  REQUIRE(std::system(command.c_str()) == 0);
}

// A folder of PGN with copies of one file (duplicates), zipped and tarred by the real tools.
void make_archives(const TempDir& tmp) {
  const std::string src = tmp.quoted() + "/src";
  sh("mkdir -p " + src + "/folder && cp '" + (k_data / "masters" / "Anand_Kramnik.pgn").string() +
     "' " + src + "/a.pgn && cp " + src + "/a.pgn " + src + "/folder/copy.pgn && cp '" +
     (k_data / "historical" / "castling-incidents" / "castling-mate-puzzles.pgn").string() + "' " +
     src + "/folder/p.pgn && echo notes > " + src + "/README");
  sh("cd " + src + " && zip -q -X ../t.zip a.pgn README folder/copy.pgn folder/p.pgn && " +
     "tar --zstd -cf ../t.tar.zst a.pgn README folder/copy.pgn folder/p.pgn");
}

class Lines : public analysis::GameConsumer {
 public:
  void game(const analysis::GameRecord& r, const analysis::GameAnalysis& a,
            std::string& out) override {
    out += std::to_string(r.input) + "#" + std::to_string(r.number) + " " +
           std::to_string(r.move_count()) + " " + std::to_string(a.plies) + "\n";
  }
};

std::string run_all(const std::vector<io::InputSpec>& specs, int threads, bool dedup,
                    std::uint64_t* duplicates = nullptr, std::uint64_t max_games = 0) {
  run::PipelineOptions o;
  o.threads = threads;
  o.dedup = dedup;
  o.max_games = max_games;
  o.chunk_bytes = 2000;  // many pieces even in small files
  run::InputNames names;
  o.names = &names;
  std::vector<std::unique_ptr<Lines>> consumers;
  for (int i = 0; i < threads; ++i) consumers.push_back(std::make_unique<Lines>());
  std::string text;
  run::PipelineHooks hooks;
  hooks.write = [&](std::string_view s) { text.append(s); };
  const auto result = run::run_pipeline(
      specs, o, [&](int w) -> analysis::GameConsumer& { return *consumers[w]; }, hooks);
  for (std::size_t i = 0; i < result.inputs.size(); ++i) {
    const auto& s = result.inputs[i];
    text += "input " + std::to_string(i) + " " + s.path + " " + s.compression + " " +
            std::to_string(s.games) + " [" + std::string(s.error_text()) + "] named " +
            std::string(names[i]) + "\n";
  }
  if (duplicates != nullptr) *duplicates = result.duplicates;
  return text;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("archive members are inputs in archive order, the same for any -j", "[run][archive]") {
  TempDir tmp;
  make_archives(tmp);
  const std::string zip = (tmp / "t.zip").string(), tzst = (tmp / "t.tar.zst").string();
  const auto specs = io::file_specs({zip, (tmp / "src" / "a.pgn").string(), tzst});
  const std::string one = run_all(specs, 1, false);
  CHECK(one.find("input 0 " + zip + ":a.pgn zip 155 [] named " + zip + ":a.pgn\n") !=
        std::string::npos);
  CHECK(one.find("input 2 " + zip + ":folder/p.pgn zip 3 []") != std::string::npos);
  CHECK(one.find("input 3 " + (tmp / "src" / "a.pgn").string() + " plain 155 []") !=
        std::string::npos);
  CHECK(one.find("input 6 " + tzst + ":folder/p.pgn tar+zstd 3 []") != std::string::npos);
  CHECK(one.find("input 7") == std::string::npos);
  for (int threads : {2, 3, 5}) {
    INFO(threads << " threads");
    CHECK(run_all(specs, threads, false) == one);
  }
}

TEST_CASE("dedup: the first copy in input order is analysed, for any -j", "[run][dedup]") {
  TempDir tmp;
  make_archives(tmp);
  const auto specs = io::file_specs({(tmp / "t.zip").string(), (tmp / "t.tar.zst").string()});
  std::uint64_t dups = 0;
  const std::string one = run_all(specs, 1, true, &dups);
  // a.pgn (155 games) once; its copy and the tar's three members are seen before, but for the
  // puzzles of the zip.
  CHECK(dups == 155 + 155 + 155 + 3);
  std::size_t analysed = 0;
  for (std::size_t at = 0; (at = one.find('#', at)) != std::string::npos; ++at) ++analysed;
  CHECK(analysed == 155 + 3);
  CHECK(one.rfind("0#1 ", 0) == 0);              // the first input's games are the ones kept
  CHECK(one.find("\n1#") == std::string::npos);  // its copy: all duplicates
  for (int threads : {2, 4}) {
    INFO(threads << " threads");
    std::uint64_t d = 0;
    CHECK(run_all(specs, threads, true, &d) == one);
    CHECK(d == dups);
  }
  CHECK(run_all(specs, 2, false).find("\n1#1 ") != std::string::npos);  // without --dedup: all
}

TEST_CASE("a ZIP or a tar on standard input is streamed; a 7z is refused", "[run][archive]") {
  TempDir tmp;
  make_archives(tmp);
  const std::string out = (tmp / "out.json").string();
  for (const char* name : {"t.zip", "t.tar.zst"}) {
    INFO(name);
    const std::string cmd = std::string(ROCHADE_BINARY) + " stats --format json -o '" + out +
                            "' - < '" + (tmp / name).string() + "' 2>/dev/null";
    CHECK(std::system(cmd.c_str()) == 0);
    const std::string json = slurp(out);
    CHECK(json.find("\"total\": 313") != std::string::npos);  // 155 + 155 + 3
    CHECK(json.find("\"path\": \"-:folder/copy.pgn\"") != std::string::npos);
  }
  sh("cd " + tmp.quoted() + "/src && 7z a -bd ../t.7z a.pgn > /dev/null");
  const std::string err = (tmp / "err").string();
  const std::string cmd = std::string(ROCHADE_BINARY) + " stats - < " + tmp.quoted() +
                          "/t.7z > /dev/null 2> '" + err + "'";
  CHECK(WEXITSTATUS(std::system(cmd.c_str())) == 1);
  CHECK(slurp(err).find("7z needs seeking") != std::string::npos);
}

TEST_CASE("archive: --max-games stopping inside it lists its other members as not read",
          "[run][archive]") {
  TempDir tmp;
  make_archives(tmp);
  const std::string zip = (tmp / "t.zip").string(), tzst = (tmp / "t.tar.zst").string();
  const std::string plain = (tmp / "src" / "a.pgn").string();
  for (int threads : {1, 2, 3}) {
    INFO(threads << " threads");
    // Inside the zip's first member: its other members, then the files after it.
    const std::string in_zip =
        run_all(io::file_specs({zip, plain, tzst}), threads, false, nullptr, 10);
    CHECK(in_zip.find("input 0 " + zip + ":a.pgn zip 10 [stopped early (--max-games)]") !=
          std::string::npos);
    CHECK(in_zip.find("input 1 " + zip + ":folder/copy.pgn  0 [not read (stopped early)]") !=
          std::string::npos);
    CHECK(in_zip.find("input 2 " + zip + ":folder/p.pgn  0 [not read (stopped early)]") !=
          std::string::npos);
    CHECK(in_zip.find("input 3 " + plain + "  0 [not read (stopped early)]") != std::string::npos);
    CHECK(in_zip.find("input 4 " + tzst + "  0 [not read (stopped early)]") != std::string::npos);
    CHECK(in_zip.find("input 5") == std::string::npos);
    // Inside the second member of a .tar.zst: the third is listed.
    const std::string in_tar = run_all(io::file_specs({tzst}), threads, false, nullptr, 160);
    CHECK(in_tar.find("input 0 " + tzst + ":a.pgn tar+zstd 155 []") != std::string::npos);
    CHECK(in_tar.find("input 1 " + tzst + ":folder/copy.pgn tar+zstd 5 [stopped early") !=
          std::string::npos);
    CHECK(in_tar.find("input 2 " + tzst + ":folder/p.pgn  0 [not read (stopped early)]") !=
          std::string::npos);
  }
  // The binary: the JSON inputs list and the text summary name the members not read.
  const std::string out = (tmp / "out").string();
  const std::string cmd = std::string(ROCHADE_BINARY) + " stats --max-games 10 --format json -o '" +
                          out + ".json' '" + zip + "' && " + ROCHADE_BINARY +
                          " stats --max-games 10 -o '" + out + ".txt' '" + zip + "'";
  sh(cmd);
  const std::string json = slurp(out + ".json");
  CHECK(json.find("\"path\": \"" + zip + ":folder/p.pgn\"") != std::string::npos);
  CHECK(json.find("not read (stopped early)") != std::string::npos);
  const std::string text = slurp(out + ".txt");
  CHECK(text.find(zip + ":folder/p.pgn") != std::string::npos);
  CHECK(text.find("not read (stopped early)") != std::string::npos);
}

namespace {

// Little-endian fields of a ZIP local header.
std::uint32_t le(const std::string& b, std::size_t at, int n) {
  std::uint32_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(b[at + i]);
  return v;
}

}  // namespace

TEST_CASE("the binary on a ZIP flipped at many places: never more games, exit 1 naming it",
          "[run][archive][damage]") {
  TempDir tmp;
  make_archives(tmp);
  const std::string whole = slurp((tmp / "t.zip").string());
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
  const std::string bad = (tmp / "bad.zip").string(), out = (tmp / "out.json").string(),
                    err = (tmp / "err").string();
  for (int k = 1; k < 40; ++k) {
    const std::size_t at = whole.size() * static_cast<std::size_t>(k) / 40;
    std::string bytes = whole;
    bytes[at] = static_cast<char>(bytes[at] ^ 0x10);
    std::ofstream(bad, std::ios::binary) << bytes;
    const std::string cmd = std::string(ROCHADE_BINARY) + " stats --format json -o '" + out +
                            "' '" + bad + "' 2> '" + err + "'";
    const int rc = WEXITSTATUS(std::system(cmd.c_str()));
    const std::string json = slurp(out), said = slurp(err);
    INFO("byte " << at << ": exit " << rc << "\n" << said);
    const auto total = json.find("\"total\": ");
    REQUIRE(total != std::string::npos);
    const long games = std::stol(json.substr(total + 9));
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
