// Every file of the real games (tests/data by default; the whole corpus in the tests labelled
// corpus, see tests/support/data.hpp) is audited without a crash (in the library, through the
// pipeline, and through the real binary, whose audit lists as many findings) and every game is
// accounted for: replayed, with errors or skipped, and what the replay says of each game is
// consistent. The Chess960 games (TCEC, zstd) castle legally: no illegal_castling finding at all.
// Game counts: PROVENANCE.md of each. The 529,361 games of bench/ take a while: they run only
// with the [slow] tag. (All of it through `rochade stats`: tests/cli/corpus_test.cpp.)
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "run/pipeline.hpp"
#include "support/data.hpp"
#include "support/json.hpp"
#include "support/run.hpp"

namespace fs = std::filesystem;
using namespace rochade;
using analysis::FindingKind;
using analysis::GameStatus;
using test::quote;
using test::Run;
using test::run_rochade;
using test::whole_or_sample;

namespace {

std::string corpus(const std::string& sub = "") { return rochade::test::data_file(sub); }

// Lines that start with "[Event " in a file, decompressed with the zstd CLI where needed: the
// corpus's own way of counting games (tests/support/data.hpp).
std::uint64_t event_lines(const std::string& path) {
  return test::event_lines(test::read_decompressed(path));
}

constexpr std::array<const char*, 11> reason_order = {
    "king_moved", "rook_moved",        "rook_captured", "no_right_in_fen",
    "rook_not_home", "queen_castling", "vertical_castling", "blocked",
    "in_check",   "through_check",     "into_check"};

struct Tally {
  std::uint64_t games = 0, replayed = 0, with_errors = 0, skipped = 0;
  std::map<std::string, std::uint64_t> findings;  // by kind
  std::uint64_t castlings = 0, illegal_events = 0;
  std::vector<std::string> problems;  // invariants that did not hold (first few)

  std::uint64_t count(const std::string& kind) const {
    const auto it = findings.find(kind);
    return it == findings.end() ? 0 : it->second;
  }

  void problem(const analysis::GameRecord& r, std::string what) {
    if (problems.size() < 20)
      problems.push_back("input " + std::to_string(analysis::index_of(r.ref.input)) + " game " +
                         std::to_string(r.number) + ": " + what);
  }
  Tally& operator+=(const Tally& o) {
    games += o.games, replayed += o.replayed, with_errors += o.with_errors, skipped += o.skipped;
    for (const auto& [k, v] : o.findings) findings[k] += v;
    castlings += o.castlings, illegal_events += o.illegal_events;
    for (const auto& p : o.problems)
      if (problems.size() < 20) problems.push_back(p);
    return *this;
  }
};

class Checker : public analysis::GameConsumer {
 public:
  Tally tally;
  void game(const analysis::GameRecord& r, const analysis::GameAnalysis& a, std::string&) override {
    Tally& t = tally;
    ++t.games;
    bool move_error = false;
    int last_ply = 0;
    int illegal_findings = 0;
    for (const auto& f : a.findings) {
      ++t.findings[std::string(analysis::finding_kind_name(f.kind))];
      if (f.ply < last_ply) t.problem(r, "findings out of ply order");
      last_ply = f.ply;
      if (f.message.empty()) t.problem(r, "a finding without a message");
      switch (f.kind) {
        case FindingKind::illegal_move:
        case FindingKind::parse_error: move_error = true; break;
        case FindingKind::illegal_castling: {
          ++illegal_findings;
          if (f.reasons.empty()) t.problem(r, "illegal castling without reasons");
          int prev = -1;
          for (const auto& reason : f.reasons) {
            const auto* it = std::find(reason_order.begin(), reason_order.end(), reason);
            if (it == reason_order.end()) t.problem(r, "unknown reason " + reason);
            const int at = static_cast<int>(it - reason_order.begin());
            if (at <= prev) t.problem(r, "reasons out of order: " + f.message);
            prev = at;
          }
          if (f.played_as.empty() || f.fen_before.empty())
            t.problem(r, "illegal castling without played_as or fen_before");
          for (const auto& e : f.evidence)
            if (e.ply >= f.ply) t.problem(r, "evidence after the castling: " + f.message);
          bool event = false;
          for (const auto& c : a.castlings) event = event || (c.ply == f.ply && !c.legal);
          if (!event) t.problem(r, "illegal castling finding without an illegal castling event");
          break;
        }
        case FindingKind::false_repetition: {
          if (f.evidence.size() < 3) t.problem(r, "false repetition with fewer than 3 positions");
          else if (f.evidence.back().ply != f.ply) t.problem(r, "false repetition: last is not here");
          for (std::size_t i = 1; i < f.evidence.size(); ++i)
            if (f.evidence[i].ply <= f.evidence[i - 1].ply) t.problem(r, "repetition plies not increasing");
          if (!a.false_repetition) t.problem(r, "false repetition finding but flag not set");
          break;
        }
        case FindingKind::annotation_mismatch: break;
      }
    }
    int illegal_events = 0;
    for (const auto& c : a.castlings) {
      ++t.castlings;
      if (!c.legal) ++illegal_events, ++t.illegal_events;
      if (c.ply < 1 || c.ply > a.plies) t.problem(r, "castling outside the replayed plies");
      if (c.mate && !c.check) t.problem(r, "mate without check");
    }
    if (illegal_events != illegal_findings) t.problem(r, "illegal castling events != findings");
    switch (a.status) {
      case GameStatus::replayed:
        ++t.replayed;
        if (move_error) t.problem(r, "replayed, yet an illegal move or parse error");
        if (a.plies != static_cast<int>(r.move_count())) t.problem(r, "replayed, yet plies != moves");
        break;
      case GameStatus::with_errors:
        ++t.with_errors;
        if (!move_error) t.problem(r, "with errors, but no illegal move or parse error");
        if (a.plies > static_cast<int>(r.move_count())) t.problem(r, "more plies than moves");
        break;
      case GameStatus::skipped_variant:
        ++t.skipped;
        if (!a.findings.empty() || a.plies != 0 || !a.castlings.empty())
          t.problem(r, "skipped game with findings or moves");
        break;
      case GameStatus::cut_off:  // only a run whose reading of an input fails marks one
        t.problem(r, "cut off, in a file read to its end");
        break;
    }
  }
};

struct Result {
  Tally tally;
  std::vector<analysis::InputSummary> inputs;
};

Result run_library(const std::string& dir) {
  const io::ExpandedInputs expanded = io::expand_inputs({dir});
  REQUIRE(expanded.errors.empty());
  run::PipelineOptions opts;
  opts.numbers_during_run = true;  // a problem names its game by its number
  opts.threads = 2;
  std::vector<std::unique_ptr<Checker>> checkers;
  for (int i = 0; i < opts.threads; ++i) checkers.push_back(std::make_unique<Checker>());
  Result res;
  run::RunEvents events;
  const auto consumer_for = [&](int w) -> analysis::GameConsumer& {
    return *checkers[static_cast<std::size_t>(w)];
  };
  res.inputs = run::run_pipeline(expanded.specs, opts, consumer_for, events).inputs;
  for (const auto& c : checkers) res.tally += c->tally;
  return res;
}

// Runs the library and the binary on one corpus folder and checks what must hold everywhere.
Result check_folder(const std::string& sub) {
  const std::string dir = corpus(sub);
  Result res = run_library(dir);
  const Tally& t = res.tally;
  for (const auto& p : t.problems) FAIL_CHECK(p);
  CHECK(t.problems.empty());
  std::uint64_t listed = 0;
  bool not_pgn = false;  // edge/garbage/: an HTML page saved as .pgn, text that is not PGN
  for (const auto& in : res.inputs) {
    INFO(in.path << ": " << in.error);
    const bool garbage = in.path.find("/garbage/") != std::string::npos;
    CHECK(in.complete() == !garbage);
    if (garbage) CHECK(in.error.find("not PGN text") != std::string::npos);
    not_pgn = not_pgn || garbage;
    listed += in.games;
  }
  CHECK(listed == t.games);
  CHECK(t.replayed + t.with_errors + t.skipped == t.games);
  CHECK(t.games > 0);

  // The binary: no crash, exit status 0 (1 with text that is not PGN), one JSON object per
  // line, as many lines as findings.
  const Run r = run_rochade("audit -q -j2 --format jsonl " + quote(dir));
  CHECK(r.status == (not_pgn ? 1 : 0));
  std::uint64_t lines = 0, findings = 0;
  std::size_t start = 0;
  while (start < r.out.size()) {
    const std::size_t nl = r.out.find('\n', start);
    REQUIRE(nl != std::string::npos);
    const std::string_view line(r.out.data() + start, nl - start);
    const auto j = test::Json::parse(line);
    if (!j || j->kind != test::Json::Kind::object || j->keys().empty() || j->keys()[0] != "kind") {
      FAIL_CHECK("not a JSON object: " << line.substr(0, 200));
    }
    ++lines;
    start = nl + 1;
  }
  for (const auto& [k, v] : t.findings) findings += v;
  CHECK(lines == findings);
  return res;
}

}  // namespace

TEST_CASE("corpus: chess960 games castle legally, no illegal castling at all",
          "[analysis][corpus][chess960]") {
  const Result res = check_folder("chess960");
  const Tally& t = res.tally;
  CHECK(t.count("illegal_castling") == 0);
  CHECK(t.count("illegal_move") == 0);
  CHECK(t.illegal_events == 0);
  CHECK(t.replayed == t.games);
  CHECK(t.castlings > whole_or_sample(2000, 5));  // they do castle, from all kinds of squares
  // Every game accounted for: 2,572 games (PROVENANCE.md), and for the smaller files as many as
  // their [Event lines, counted after `zstd -dc` (all of them with the [slow] tag).
  REQUIRE(res.inputs.size() == whole_or_sample(65, 2));
  std::uint64_t total = 0;
  for (const auto& in : res.inputs) {
    INFO(in.path);
    CHECK(in.compression == "zstd");
    total += in.games;
    if (fs::file_size(in.path) < 200000) CHECK(in.games == event_lines(in.path));
  }
  CHECK(total == whole_or_sample(2572, 7));
  // And through the binary: nothing to report of kind illegal_castling.
  const Run r = run_rochade("audit -q --only illegal_castling " + quote(corpus("chess960")));
  CHECK(r.status == 0);
  CHECK(r.out.empty());
}

TEST_CASE("corpus: historical games, Karpov-Miles included", "[analysis][corpus]") {
  const Result res = check_folder("historical");
  CHECK(res.tally.games == whole_or_sample(7331, 601));
  for (const auto& in : res.inputs) CHECK(in.games == event_lines(in.path));
  // Karpov-Miles twice, two false repetitions each.
  CHECK(res.tally.count("false_repetition") >= 4);
}

TEST_CASE("corpus: masters and lichess games", "[analysis][corpus]") {
  const Result masters = check_folder("masters");
  CHECK(masters.tally.games == whole_or_sample(6230, 155));
  for (const auto& in : masters.inputs) CHECK(in.games == event_lines(in.path));
  const Result lichess = check_folder("lichess");
  CHECK(lichess.tally.games >= whole_or_sample(2641, 369));
}

TEST_CASE("corpus: the odd files of edge/ are read without a crash, every game counted",
          "[analysis][corpus]") {
  const Result res = check_folder("edge");
  CHECK(res.tally.games > whole_or_sample(6000, 600));
  CHECK(res.tally.skipped > 0);  // variant games (crazyhouse, antichess...) are there
}

TEST_CASE("corpus: chess960, every file's games against its [Event lines",
          "[.slow][slow][analysis][corpus][chess960]") {
  const Result res = run_library(corpus("chess960"));
  for (const auto& in : res.inputs) {
    INFO(in.path);
    CHECK(in.games == event_lines(in.path));
  }
}

TEST_CASE("corpus: bench, half a million games", "[.slow][slow][analysis][corpus]") {
  const Result res = check_folder("bench");
  CHECK(res.tally.games == event_lines(corpus("bench/bench.pgn.zst")));
  CHECK(res.tally.games == 529361);
}
