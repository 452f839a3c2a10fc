// rochade find [predicates] INPUT...: matching games as they stand in the input.
#include <CLI/CLI.hpp>
#include <atomic>
#include <fmt/core.h>

#include "app/commands.hpp"

namespace rochade::app {

namespace {

using analysis::CastlingEvent;
using analysis::GameAnalysis;
using chess::CastlingSide;
using chess::Color;

bool matches(const FindOptions& o, const GameAnalysis& a) {
  if (a.status == analysis::GameStatus::skipped_variant) return false;
  const auto any = [&](auto pred) {
    for (const CastlingEvent& e : a.castlings)
      if (pred(e)) return true;
    return false;
  };
  if (o.mate_by_castling && !any([](const CastlingEvent& e) { return e.mate; })) return false;
  if (o.castling_check && !any([](const CastlingEvent& e) { return e.check; })) return false;
  if (o.queenside && !any([](const CastlingEvent& e) { return e.side == CastlingSide::queen; }))
    return false;
  if (o.kingside && !any([](const CastlingEvent& e) { return e.side == CastlingSide::king; }))
    return false;
  if (!o.illegal_castling.empty()) {
    bool found = false;
    for (const auto& f : a.findings) {
      if (f.kind != analysis::FindingKind::illegal_castling) continue;
      if (o.illegal_castling == "any" ||
          std::find(f.reasons.begin(), f.reasons.end(), o.illegal_castling) != f.reasons.end())
        found = true;
    }
    if (!found) return false;
  }
  const CastlingEvent* w = a.first_castling(Color::white);
  const CastlingEvent* b = a.first_castling(Color::black);
  if (o.opposite && !(w && b && w->side != b->side)) return false;
  if (o.same_side && !(w && b && w->side == b->side)) return false;
  if (o.no_castling == "white" && w) return false;
  if (o.no_castling == "black" && b) return false;
  if (o.no_castling == "both" && (w || b)) return false;
  if (o.castled == "white" && !w) return false;
  if (o.castled == "black" && !b) return false;
  if (o.castled == "both" && !(w && b)) return false;
  return true;
}

class FindConsumer : public analysis::GameConsumer {
 public:
  explicit FindConsumer(const FindOptions& o) : o_(o) {}
  void game(const analysis::GameRecord& record, const GameAnalysis& analysis,
            std::string& out) override {
    if (!matches(o_, analysis)) return;
    ++count;
    if (o_.count) return;
    std::string_view raw = record.raw();
    while (!raw.empty() && (raw.back() == '\n' || raw.back() == '\r')) raw.remove_suffix(1);
    out.append(raw);
    out += "\n\n";
  }
  std::uint64_t count = 0;

 private:
  const FindOptions& o_;
};

const char* illegal_reasons[] = {"any",           "king_moved",      "rook_moved",
                                 "rook_captured", "no_right_in_fen", "rook_not_home",
                                 "queen_castling", "vertical_castling", "blocked",
                                 "in_check",      "through_check",   "into_check"};

}  // namespace

void setup_find(CLI::App& app, FindOptions& opts) {
  add_input_options(app, opts.in, {"pgn"}, "pgn");
  app.add_flag("--mate-by-castling", opts.mate_by_castling, "a castling that mates");
  app.add_flag("--castling-check", opts.castling_check, "a castling that gives check");
  app.add_flag("--illegal-castling{any}", opts.illegal_castling,
               "an illegal castling (optionally with that reason)")
      ->check(CLI::IsMember(std::vector<std::string>(std::begin(illegal_reasons),
                                                     std::end(illegal_reasons))));
  app.add_flag("--opposite-castling", opts.opposite, "both castled, on opposite sides");
  app.add_flag("--same-side-castling", opts.same_side, "both castled, on the same side");
  app.add_flag("--no-castling{both}", opts.no_castling, "white, black or both never castled")
      ->check(CLI::IsMember({"white", "black", "both"}));
  app.add_flag("--castled{both}", opts.castled, "white, black or both castled")
      ->check(CLI::IsMember({"white", "black", "both"}));
  app.add_flag("--queenside", opts.queenside, "some castling was queenside");
  app.add_flag("--kingside", opts.kingside, "some castling was kingside");
  app.add_flag("--count", opts.count, "print only the number of matching games");
}

int run_find(const FindOptions& opts) {
  Output out(opts.in.output);
  if (!out.ok()) {
    fmt::print(stderr, "rochade find: {}\n", out.error());
    return 1;
  }
  const int workers = worker_count(opts.in);
  std::vector<std::unique_ptr<FindConsumer>> consumers;
  for (int w = 0; w < workers; ++w) consumers.push_back(std::make_unique<FindConsumer>(opts));
  const RunResult run = run_inputs(
      "find", opts.in, io::expand_inputs(opts.in.inputs), !opts.count,
      [&](int w) -> analysis::GameConsumer& { return *consumers[w]; }, workers, &out);
  if (run.interrupted) return 130;
  if (opts.count) {
    std::uint64_t total = 0;
    for (const auto& c : consumers) total += c->count;
    out.write(fmt::format("{}\n", total));
  }
  if (!out.commit()) {
    if (opts.in.output.empty()) return run.exit_status;  // a closed stdout: quiet exit
    fmt::print(stderr, "rochade find: cannot write {}\n", opts.in.output);
    return 1;
  }
  return run.exit_status;
}

}  // namespace rochade::app
