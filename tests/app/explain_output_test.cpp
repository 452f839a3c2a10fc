// `rochade explain`, the output: the JSON object of ../shared/spec/cli.md (read back with a small
// strict JSON reader of its own), the text with its board diagram, and the real binary's exit
// statuses (ROCHADE_BINARY, through popen).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "chess/fen.hpp"
#include "report/explain.hpp"

using namespace rochade::chess;
using namespace rochade::report;

namespace {

// --- a strict JSON reader (objects keep their key order) ------------------------------------
struct Json {
  enum class Kind { null, boolean, number, string, array, object } kind = Kind::null;
  bool b = false;
  std::string s;  // string, or the number's text
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  const Json& at(std::string_view key) const {
    for (const auto& [k, v] : members)
      if (k == key) return v;
    FAIL("no key " << key);
    return *this;
  }
  std::vector<std::string> keys() const {
    std::vector<std::string> out;
    for (const auto& m : members) out.push_back(m.first);
    return out;
  }
  std::vector<std::string> strings() const {
    std::vector<std::string> out;
    for (const auto& i : items) out.push_back(i.s);
    return out;
  }
};

class JsonReader {
 public:
  explicit JsonReader(std::string_view t) : t_(t) {}
  std::optional<Json> document() {
    auto v = value();
    space();
    if (!v || i_ != t_.size()) return std::nullopt;
    return v;
  }

 private:
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t'))
      ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < t_.size() && t_[i_] == c) return ++i_, true;
    return false;
  }
  bool word(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  std::optional<std::string> string() {
    if (!eat('"')) return std::nullopt;
    std::string out;
    while (i_ < t_.size() && t_[i_] != '"') {
      const char c = t_[i_++];
      if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) return std::nullopt;
      const char e = t_[i_++];
      if (e == 'u') {
        if (i_ + 4 > t_.size()) return std::nullopt;
        out += "\\u" + std::string(t_.substr(i_, 4));  // kept escaped: enough for the tests
        i_ += 4;
      } else if (std::string_view("\"\\/bfnrt").find(e) != std::string_view::npos) {
        out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
      } else {
        return std::nullopt;
      }
    }
    if (i_ >= t_.size()) return std::nullopt;
    ++i_;
    return out;
  }
  std::optional<Json> value() {
    space();
    Json v;
    if (i_ >= t_.size()) return std::nullopt;
    const char c = t_[i_];
    if (c == '{') {
      ++i_;
      v.kind = Json::Kind::object;
      if (eat('}')) return v;
      do {
        auto k = string();
        if (!k || !eat(':')) return std::nullopt;
        auto m = value();
        if (!m) return std::nullopt;
        v.members.emplace_back(std::move(*k), std::move(*m));
      } while (eat(','));
      return eat('}') ? std::optional<Json>(std::move(v)) : std::nullopt;
    }
    if (c == '[') {
      ++i_;
      v.kind = Json::Kind::array;
      if (eat(']')) return v;
      do {
        auto m = value();
        if (!m) return std::nullopt;
        v.items.push_back(std::move(*m));
      } while (eat(','));
      return eat(']') ? std::optional<Json>(std::move(v)) : std::nullopt;
    }
    if (c == '"') {
      auto s = string();
      if (!s) return std::nullopt;
      v.kind = Json::Kind::string;
      v.s = std::move(*s);
      return v;
    }
    if (word("true") || word("false")) {
      v.kind = Json::Kind::boolean;
      v.b = c == 't';
      return v;
    }
    if (word("null")) return v;
    const std::size_t start = i_;
    while (i_ < t_.size() &&
           std::string_view("-+.eE0123456789").find(t_[i_]) != std::string_view::npos)
      ++i_;
    if (i_ == start) return std::nullopt;
    v.kind = Json::Kind::number;
    v.s = std::string(t_.substr(start, i_ - start));
    return v;
  }

  std::string_view t_;
  std::size_t i_ = 0;
};

Json read_json(std::string_view text) {
  INFO(text);
  auto v = JsonReader(text).document();
  REQUIRE(v);
  return std::move(*v);
}

Explanation explain(std::string_view fen, Chess960Mode mode = Chess960Mode::detect) {
  const FenResult r = parse_fen(fen, FenMode::lenient, mode);
  INFO(fen);
  REQUIRE(r.ok());
  return explain_position(r.position);
}

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

// --- through the real binary ----------------------------------------------------------------
namespace {

struct Run {
  int status = -1;
  std::string out, err;
};

Run run_rochade(const std::string& args) {
  const auto err_file = std::filesystem::temp_directory_path() /
                        ("rochade_explain_test_" + std::to_string(::getpid()) + ".err");
  const std::string cmd =
      std::string("'") + ROCHADE_BINARY + "' " + args + " 2>'" + err_file.string() + "'";
  Run r;
  FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ifstream in(err_file);
  std::stringstream ss;
  ss << in.rdbuf();
  r.err = ss.str();
  std::filesystem::remove(err_file);
  return r;
}

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
      {"garbage", "fields"},
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
