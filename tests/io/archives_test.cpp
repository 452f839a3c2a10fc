// Containers: archives made at test time by the real tools (Info-ZIP zip, 7z from p7zip, GNU tar
// with each compressor, Python's zipfile with ZIP64 forced; scripts/setup installs them) from
// small PGN files of tests/data, each with several PGN members, a README and a nested folder.
// Members come out in archive order with the original bytes; a cut or damaged archive is an
// error that names where, and what comes out before it is a true prefix of the member, never
// invented text.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "io/container.hpp"
#include "io/input.hpp"
#include "io_support.hpp"

using namespace rochade::io;
using namespace rochade::io::test;

namespace {

// The members every archive holds, in the order the tools are given them; README.txt between.
struct Member {
  std::string name;  // in the archive
  std::string text;  // decoded
};

struct Archive {
  std::string tool;
  fs::path path;
  bool checked = true;         // damage anywhere is seen (a plain tar checks neither its data nor a
                               // cut in its zero padding)
  bool in_given_order = true;  // members in the order the tool was given them (not 7z)
};

class Fixture {
 public:
  Fixture() {
    const fs::path src = tmp_ / "src";
    fs::create_directories(src / "folder" / "deeper");
    const auto put = [&](const std::string& name, const std::string& corpus) {
      const std::string text = read_file(corpus_file(corpus));
      write_file(src / name, text);
      members_.push_back({name, text});
    };
    put("Anand_Kramnik.pgn", "masters/Anand_Kramnik.pgn");
    write_file(src / "README.txt", "Games from tests/data, for the archive tests.\n");
    put("folder/km.PGN", "historical/castling-incidents/karpov-miles-tilburg-1986.pgn");
    const std::string puzzles =
        read_file(corpus_file("historical/castling-incidents/castling-mate-puzzles.pgn"));
    write_file(tmp_ / "puzzles.pgn", puzzles);
    compress_file(Compression::gzip, tmp_ / "puzzles.pgn", src / "folder/deeper/p.pgn.gz");
    members_.push_back({"folder/deeper/p.pgn.gz", puzzles});
  }

  const std::vector<Member>& members() const { return members_; }
  const TempDir& dir() const { return tmp_; }

  // Every kind of archive, made by its own tool.
  std::vector<Archive> make_all() const {
    const std::string src = quote((tmp_ / "src").string());
    const std::string list = "Anand_Kramnik.pgn README.txt folder/km.PGN folder/deeper/p.pgn.gz";
    std::vector<Archive> all;
    const auto make = [&](const std::string& tool, const std::string& name,
                          const std::string& command, bool checked = true, bool ordered = true) {
      const fs::path out = tmp_ / name;
      run_shell("cd " + src + " && " + command + " " + quote(out.string()) + " " + list +
                " > /dev/null");
      all.push_back({tool, out, checked, ordered});
    };
    make("zip (deflate)", "t.zip", "zip -q -X");
    make("zip (stored)", "stored.zip", "zip -q -X -0");
    make("7z", "t.7z", "7z a -bd -mx=1", true, false);
    make("tar", "t.tar", "tar --format=gnu -cf", false);
    for (const auto& [flag, suffix] : std::vector<std::pair<std::string, std::string>>{
             {"-z", ".tar.gz"}, {"-j", ".tar.bz2"}, {"-J", ".tar.xz"}, {"--zstd", ".tar.zst"}}) {
      make("tar " + flag, "t" + suffix, "tar " + flag + " -cf");
    }
    // Python's zipfile with ZIP64 extra fields forced on every member (sizes far below 4 GiB).
    const fs::path z64 = tmp_ / "zip64.zip";
    run_shell("cd " + src +
              " && python3 -c \"import sys, zipfile\n"
              "with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n"
              "  for n in sys.argv[2:]:\n"
              "    with open(n, 'rb') as f, z.open(n, 'w', force_zip64=True) as m: "
              "m.write(f.read())\" " +
              quote(z64.string()) + " " + list);
    all.push_back({"python zipfile, ZIP64", z64, true, true});
    return all;
  }

 private:
  TempDir tmp_;
  std::vector<Member> members_;
};

// The member of that name, or null.
const Member* member_named(const std::vector<Member>& members, const std::string& archive,
                           const std::string& name) {
  for (const Member& m : members)
    if (archive + ":" + m.name == name) return &m;
  return nullptr;
}

// a and b differ in one byte at most (a plain tar carries no checksum of its data).
bool nearly_equal(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  std::size_t diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff += a[i] != b[i] ? 1 : 0;
  return diff <= 1;
}

struct Read {
  std::vector<std::string> names;
  std::vector<std::string> texts;
  std::vector<std::string> errors;  // of members, then of the container
  std::vector<std::string> skipped;
};

Read read_archive(const fs::path& path) {
  Read r;
  auto in = Input::open(path.string());
  if (!in->ok()) {
    r.errors.push_back(in->error()->message);
    return r;
  }
  if (in->content() == Content::text) {
    r.errors.push_back("read as text");
    return r;
  }
  auto c = Container::open(std::move(in), false);
  while (auto m = c->next_member()) {
    r.names.push_back(m->path());
    r.texts.push_back(read_all(*m, 4096));
    if (m->error()) r.errors.push_back(m->error()->message);
  }
  if (c->error()) r.errors.push_back(c->error()->message);
  r.skipped = c->skipped();
  return r;
}

}  // namespace

TEST_CASE("archives made by the real tools: PGN members in order, the rest skipped",
          "[io][archive]") {
  const Fixture fx;
  for (const Archive& a : fx.make_all()) {
    INFO(a.tool << ": " << a.path);
    const Read r = read_archive(a.path);
    CHECK(r.errors.empty());
    REQUIRE(r.names.size() == fx.members().size());
    for (std::size_t i = 0; i < r.names.size(); ++i) {
      if (a.in_given_order) CHECK(r.names[i] == a.path.string() + ":" + fx.members()[i].name);
      const Member* m = member_named(fx.members(), a.path.string(), r.names[i]);
      REQUIRE(m != nullptr);
      CHECK(r.texts[i] == m->text);
    }
    CHECK(r.skipped == std::vector<std::string>{"README.txt"});
  }
}

TEST_CASE("a member's bytes are the archive's: its file, size and consumed bytes",
          "[io][archive][progress]") {
  const Fixture fx;
  for (const Archive& a : fx.make_all()) {
    INFO(a.tool);
    auto c = Container::open(Input::open(a.path.string()), false);
    std::uint64_t last = 0;
    while (auto m = c->next_member()) {
      CHECK(m->file() == a.path.string());
      CHECK(m->size() == fs::file_size(a.path));
      read_all(*m, 4096);
      CHECK(m->consumed() >= last);  // the archive's bytes read so far: never back
      CHECK(m->consumed() <= m->size());
      last = m->consumed();
    }
    CHECK(last > 0);
  }
}

TEST_CASE("an archive cut anywhere is an error, and what came before is true", "[io][archive]") {
  const Fixture fx;
  for (const Archive& a : fx.make_all()) {
    const std::string whole = read_file(a.path);
    for (int i = 1; i <= 10; ++i) {
      const std::size_t at = whole.size() * static_cast<std::size_t>(i) / 11;
      INFO(a.tool << " cut at byte " << at << " of " << whole.size());
      const fs::path cut = fx.dir() / ("cut-" + a.path.filename().string());
      write_file(cut, whole.substr(0, at));
      const Read r = read_archive(cut);
      if (a.checked) CHECK(!r.errors.empty());
      // Never invented: each member read is the start of the real one.
      REQUIRE(r.texts.size() <= fx.members().size());
      for (std::size_t m = 0; m < r.texts.size(); ++m) {
        const Member* real = member_named(fx.members(), cut.string(), r.names[m]);
        REQUIRE(real != nullptr);
        CHECK(real->text.compare(0, r.texts[m].size(), r.texts[m]) == 0);
      }
      if (r.errors.empty()) CHECK(r.texts.size() == fx.members().size());
    }
  }
}

TEST_CASE("a damaged archive is an error or reads true, never a crash", "[io][archive]") {
  const Fixture fx;
  for (const Archive& a : fx.make_all()) {
    const std::string whole = read_file(a.path);
    for (int i = 1; i <= 10; ++i) {
      for (unsigned char mask : {0x01, 0xff}) {
        const std::size_t at = whole.size() * static_cast<std::size_t>(i) / 11;
        INFO(a.tool << ": byte " << at << " of " << whole.size() << " xor " << int{mask});
        std::string bad = whole;
        bad[at] = static_cast<char>(static_cast<unsigned char>(bad[at]) ^ mask);
        const fs::path path = fx.dir() / ("bad-" + a.path.filename().string());
        write_file(path, bad);
        const Read r = read_archive(path);
        if (!r.errors.empty()) continue;  // reported: the run says so and exits 1
        // Nothing reported: then every member read is the real one (the flip hit a README,
        // a name's padding, the central directory...).
        for (std::size_t m = 0; m < r.texts.size(); ++m) {
          const Member* real = member_named(fx.members(), path.string(), r.names[m]);
          if (real == nullptr) continue;  // a flipped name: not a member of ours
          if (a.checked) {
            CHECK(r.texts[m] == real->text);
          } else {
            CHECK(nearly_equal(r.texts[m], real->text));
          }
        }
      }
    }
  }
}

TEST_CASE("one level of containers: an archive inside an archive is listed, never read",
          "[io][archive]") {
  const Fixture fx;
  const auto all = fx.make_all();
  const fs::path outer = fx.dir() / "outer.zip";
  // inner.zip by its name, and a tar renamed games.pgn (an archive by its bytes).
  fs::copy_file(all[0].path, fx.dir() / "inner.zip");
  fs::copy_file(all[3].path, fx.dir() / "games.pgn");
  run_shell("cd " + quote(fx.dir().path().string()) + " && zip -q outer.zip inner.zip games.pgn");
  auto c = Container::open(Input::open(outer.string()), false);
  auto m = c->next_member();
  REQUIRE(m != nullptr);
  CHECK(m->path() == outer.string() + ":games.pgn");
  REQUIRE(m->error().has_value());
  CHECK(m->error()->message.find("inside an archive is not read") != std::string::npos);
  CHECK(read_all(*m, 4096).empty());
  CHECK(c->next_member() == nullptr);
  CHECK(c->nested() == std::vector<std::string>{"inner.zip"});
  CHECK(!c->error());
}

TEST_CASE("7z needs a file: from standard input it is a clear error", "[io][archive]") {
  const Fixture fx;
  const auto all = fx.make_all();
  auto in = Input::open(all[2].path.string());
  REQUIRE(in->content() == Content::sevenzip);
  auto c = Container::open(std::move(in), true);
  REQUIRE(c->error().has_value());
  CHECK(c->error()->message.find("standard input") != std::string::npos);
  CHECK(c->next_member() == nullptr);
}

TEST_CASE("files that are neither text nor an archive read are errors with nothing read",
          "[io][archive][sniff]") {
  TempDir tmp;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"png", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)},
      {"pdf", "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n"},
      {"rar", std::string("Rar!\x1a\x07\x01\x00", 8) + "rest"},
      {"nul", "[Event \"x\"]\n" + std::string(1, '\0') + "1. e4 *\n"},
      {"random", std::string("\x13\x37\x00\xff\xfe\x01", 6)}};
  for (const auto& [name, bytes] : cases) {
    INFO(name);
    write_file(tmp / name, bytes);
    auto in = Input::open((tmp / name).string());
    REQUIRE(in->error().has_value());
    CHECK(in->content() == Content::binary);
    CHECK(in->error()->message.find("not PGN text") != std::string::npos);
    char buf[64];
    CHECK(in->read(buf, sizeof buf) == 0);
  }
  // gzip around binary bytes is binary too.
  write_file(tmp / "bin", std::string(2000, '\0'));
  compress_file(Compression::gzip, tmp / "bin", tmp / "bin.pgn.gz");
  auto gz = Input::open((tmp / "bin.pgn.gz").string());
  CHECK(gz->content() == Content::binary);
  CHECK(!gz->ok());
}

TEST_CASE("an encrypted member is an error naming it, the others are read", "[io][archive]") {
  const Fixture fx;
  const fs::path zip = fx.dir() / "secret.zip";
  run_shell("cd " + quote((fx.dir() / "src").string()) + " && zip -q -P secret " +
            quote(zip.string()) + " folder/km.PGN && zip -q " + quote(zip.string()) +
            " Anand_Kramnik.pgn");
  const Read r = read_archive(zip);
  REQUIRE(r.names.size() == 2);
  CHECK(r.names[0] == zip.string() + ":folder/km.PGN");
  CHECK(r.texts[0].empty());
  REQUIRE(!r.errors.empty());
  CHECK(r.errors[0].find("encrypted") != std::string::npos);
  CHECK(r.texts[1] == fx.members()[0].text);
}
