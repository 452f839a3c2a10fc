// expand_inputs: files as given, directories searched for PGN names in path order, "-" kept,
// missing paths reported while the others are still listed.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "io_support.hpp"

using namespace rochade::io;
using namespace rochade::io::test;

namespace {

void touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  write_file(p, "[Event \"?\"]\n");
}

using Paths = std::vector<std::string>;

}  // namespace

TEST_CASE("a directory is searched recursively for PGN and archive names, sorted by path",
          "[io][expand]") {
  TempDir tmp;
  const fs::path root = tmp / "games";
  for (const char* name : {"b.pgn", "a.pgn.zst", "A/z.pgn.gz", "a/y.pgn.bz2", "a/sub/x.pgn.xz",
                           "a/sub/deeper/w.pgn", "a-b/v.pgn", "c.PGN", "d.Pgn.Gz",
                           // archives by name:
                           "e.pgn.tar", "t.ZIP", "a/s.7z", "u.tar.zst", "v.tgz",
                           // neither:
                           "notes.txt", "e.pgnx", "e.pgn.gz.part", "pgn", "e.zst", "w.tar.",
                           "a/readme.md", ".pgn", "zip", "x.zipx"}) {
    touch(root / name);
  }
  fs::create_directories(root / "empty-dir");
  fs::create_directories(root / "dir.pgn");  // a directory with a PGN name is searched, not listed

  const ExpandedInputs got = expand_inputs({root.string()});
  CHECK(got.errors.empty());
  const std::string r = root.string();
  // Path order compares directory by directory: "a/..." comes before "a-b/..." and "a.pgn.zst".
  CHECK(got.paths() == Paths{r + "/A/z.pgn.gz", r + "/a/s.7z", r + "/a/sub/deeper/w.pgn",
                             r + "/a/sub/x.pgn.xz", r + "/a/y.pgn.bz2", r + "/a-b/v.pgn",
                             r + "/a.pgn.zst", r + "/b.pgn", r + "/c.PGN", r + "/d.Pgn.Gz",
                             r + "/e.pgn.tar", r + "/t.ZIP", r + "/u.tar.zst", r + "/v.tgz"});
  for (const InputSpec& s : got.specs) CHECK((!s.is_stdin && s.name == s.path));
}

TEST_CASE("files are taken as given, \"-\" is kept, arguments keep their order", "[io][expand]") {
  TempDir tmp;
  touch(tmp / "dir" / "one.pgn");
  touch(tmp / "dir" / "two.pgn");
  touch(tmp / "odd-name.txt");  // a file given by name is read whatever its name
  const std::string d = (tmp / "dir").string();
  const std::string odd = (tmp / "odd-name.txt").string();
  const ExpandedInputs got = expand_inputs({odd, "-", d, odd});
  CHECK(got.errors.empty());
  CHECK(got.paths() == Paths{odd, "-", d + "/one.pgn", d + "/two.pgn", odd});
  CHECK(expand_inputs({}).specs.empty());
}

TEST_CASE("a missing path is an error and the good ones are still listed", "[io][expand]") {
  TempDir tmp;
  touch(tmp / "dir" / "one.pgn");
  const std::string missing = (tmp / "missing.pgn").string();
  const std::string missing_dir = (tmp / "nowhere" / "x.pgn").string();
  const std::string good = (tmp / "dir").string();
  const ExpandedInputs got = expand_inputs({missing, good, missing_dir});
  CHECK(got.paths() == Paths{good + "/one.pgn"});
  REQUIRE(got.errors.size() == 2);
  CHECK(got.errors[0].path == missing);
  CHECK(got.errors[0].offset == 0);
  CHECK(got.errors[0].message == "no such file or directory");
  CHECK(got.errors[1].path == missing_dir);
  CHECK(got.errors[1].message == "no such file or directory");
}

TEST_CASE("links are followed, to files and to folders, a folder reached twice is read once",
          "[io][expand]") {
  TempDir tmp;
  touch(tmp / "elsewhere" / "far.pgn");
  touch(tmp / "games" / "near.pgn");
  fs::create_symlink(tmp / "elsewhere" / "far.pgn", tmp / "games" / "link.pgn");
  fs::create_directory_symlink(tmp / "games", tmp / "games" / "loop");       // a loop
  fs::create_directory_symlink(tmp / "elsewhere", tmp / "games" / "there");  // a folder
  fs::create_directory_symlink(tmp / "elsewhere", tmp / "games" / "zz");     // the same again
  fs::create_directory_symlink(tmp / "games", tmp / "elsewhere" / "back");   // a longer loop
  fs::create_symlink(tmp / "nothing.pgn", tmp / "games" / "dangling.pgn");
  const std::string g = (tmp / "games").string();
  const ExpandedInputs got = expand_inputs({g});
  CHECK(got.errors.empty());
  CHECK(got.paths() == Paths{g + "/link.pgn", g + "/near.pgn", g + "/there/far.pgn"});
}

TEST_CASE("an unreadable directory is an error, its readable neighbours are listed",
          "[io][expand]") {
  // As an ordinary user: root lists any directory. The paths are said relative to the folder.
  const std::string said = rochade::test::as_ordinary_user([] {
    TempDir tmp;
    touch(tmp / "top" / "a.pgn");
    touch(tmp / "top" / "locked" / "b.pgn");
    touch(tmp / "top" / "z" / "c.pgn");
    fs::permissions(tmp / "top" / "locked", fs::perms::none);
    const std::string t = (tmp / "top").string();
    std::string out;
    const auto say = [&](const char* what, const ExpandedInputs& got) {
      out += what;
      for (const std::string& p : got.paths()) out.append(" ").append(p, t.size());
      for (const auto& e : got.errors) {
        out.append(" error ").append(e.path, t.size()).append(": ").append(e.message);
      }
      out += "\n";
    };
    say("top:", expand_inputs({t}));
    // A directory given directly that cannot be read.
    say("locked:", expand_inputs({t + "/locked"}));
    return out;
  });
  CHECK(said ==
        "top: /a.pgn /z/c.pgn error /locked: cannot read directory: permission denied\n"
        "locked: error /locked: cannot read directory: permission denied\n");
}

TEST_CASE("the real corpus: every file of a directory, in order, all readable", "[io][expand]") {
  const fs::path edge = corpus_file("edge/chessops/leading-whitespace.pgn").parent_path();
  const ExpandedInputs got = expand_inputs({edge.string()});
  CHECK(got.errors.empty());
  REQUIRE(got.paths().size() == 4);
  CHECK(fs::path(got.paths()[0]).filename() == "headers-and-moves-on-the-same-line.pgn");
  CHECK(fs::path(got.paths()[3]).filename() == "pathological-headers.pgn");
  for (const std::string& p : got.paths()) {
    auto input = Input::open(p);
    CHECK(read_all(*input, 4096) == read_file(p));
    CHECK(input->ok());
  }
  const ExpandedInputs all = expand_inputs({edge.parent_path().string()});
  CHECK(all.errors.empty());
  CHECK(all.paths().size() > 100);
  const std::vector<std::string> all_paths = all.paths();
  CHECK(std::is_sorted(
      all_paths.begin(), all_paths.end(),
      [](const std::string& a, const std::string& b) { return fs::path(a) < fs::path(b); }));
}
