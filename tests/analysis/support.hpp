// Helpers for analysis tests: replay PGN text held in memory.
#pragma once

#include <catch2/catch.hpp>
#include <cstdio>
#include <sys/wait.h>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "pgn/reader.hpp"

namespace rochade::test {

struct ReplayedGame {
  analysis::GameRecord record;
  analysis::GameAnalysis analysis;
};

// Reads every game of `pgn` and replays it.
inline std::vector<ReplayedGame> replay_text(std::string_view pgn, bool capture_raw = false) {
  struct Sink : analysis::RecordSink {
    std::vector<ReplayedGame> games;
    analysis::Replayer replayer;
    void game(analysis::GameRecord& record) override {
      ReplayedGame g;
      g.record = record;
      replayer.run(g.record, g.analysis);
      games.push_back(std::move(g));
    }
  } sink;
  pgn::MemorySource src(pgn);
  pgn::ReaderOptions opts;
  opts.capture_raw = capture_raw;
  pgn::Reader reader(src, opts);
  analysis::RecordBuilder builder(sink, 0);
  reader.read_all(builder);
  return std::move(sink.games);
}

// The text of tests/analysis/fixtures/NAME.
inline std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(ROCHADE_SOURCE_DIR) + "/tests/analysis/fixtures/" + name,
                   std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs a shell command: its standard output and exit status (-1: it did not exit normally,
// e.g. killed by a signal).
struct Run {
  std::string out;
  int status = -1;
};

inline Run shell(const std::string& cmd) {
  Run r;
  FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// 's' quoted for the shell.
inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

// The built rochade with these arguments (stderr dropped).
inline Run run_rochade(const std::string& args) {
  return shell(quote(ROCHADE_BINARY) + " " + args + " 2>/dev/null");
}

}  // namespace rochade::test
