// rochade find [predicates] INPUT...: matching games as they stand in the input.
#include <CLI/CLI.hpp>
#include <atomic>
#include <fmt/core.h>

#include "app/commands.hpp"
#include "report/formats.hpp"

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

}  // namespace

std::vector<std::string> illegal_castling_choices() {
  std::vector<std::string> names{"any"};
  for (int i = 0; i < chess::castling_reason_count; ++i)
    names.emplace_back(chess::castling_reason_name(chess::CastlingReason(i)));
  return names;
}

std::vector<std::string> colour_choices() { return {"white", "black", "both"}; }

void setup_find(CLI::App& app, FindOptions& opts) {
  add_input_options(app, opts.in, report::names_of(report::find_format_names), "pgn");
  app.add_flag("--mate-by-castling", opts.mate_by_castling,
               "a castling that mates (found from the position, never from '#')");
  app.add_flag("--castling-check", opts.castling_check, "a castling that gives check");
  app.add_flag("--illegal-castling{any}", opts.illegal_castling,
               "an illegal castling (--illegal-castling=REASON: with that reason)")
      ->check(CLI::IsMember(illegal_castling_choices()));
  app.add_flag("--opposite-castling", opts.opposite, "both castled, on opposite sides");
  app.add_flag("--same-side-castling", opts.same_side, "both castled, on the same side");
  app.add_flag("--no-castling{both}", opts.no_castling,
               "white, black or both (the default) never castled")
      ->check(CLI::IsMember(colour_choices()));
  app.add_option("--castled", opts.castled, "white, black or both castled")
      ->check(CLI::IsMember(colour_choices()));
  app.add_flag("--queenside", opts.queenside, "some castling was queenside");
  app.add_flag("--kingside", opts.kingside, "some castling was kingside");
  app.add_flag("--count", opts.count, "print only the number of matching games");
  app.footer(
      "Predicates combine with AND: a game is written when every predicate given holds. "
      "--illegal-castling and --no-castling take their value after '=' or as the next word "
      "when it is one of their values (--no-castling white); any other next word is an input.");
}

int run_find(const FindOptions& opts) {
  Job job;
  job.command = "find";
  job.in = &opts.in;
  job.workers = worker_count(opts.in);
  job.capture_raw = !opts.count;
  std::vector<std::unique_ptr<FindConsumer>> consumers;
  for (int w = 0; w < job.workers; ++w) consumers.push_back(std::make_unique<FindConsumer>(opts));
  job.consumer_for = [&](int w) -> analysis::GameConsumer& { return *consumers[w]; };
  if (opts.count) {
    job.finish = [&](const RunResult&, io::Output& out, io::Output*) {
      std::uint64_t total = 0;
      for (const auto& c : consumers) total += c->count;
      out.write(std::to_string(total) + "\n");
    };
  }
  return run_job(job);
}

}  // namespace rochade::app
