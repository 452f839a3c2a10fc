// rochade audit [options] INPUT...: the findings of each game (predicate: the selected kinds;
// writer: app/game_writers, report/games/audit).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>
#include <vector>

#include "app/choices.hpp"
#include "app/commands.hpp"
#include "app/game_writers.hpp"
#include "report/common/formats.hpp"

namespace rochade::app {

namespace {

// The findings of the kinds asked for (--only), given to the writer with their game; with --all,
// every game.
class AuditConsumer : public analysis::GameConsumer {
 public:
  AuditConsumer(WorkerId worker, GameWriter& writer, const std::vector<analysis::FindingKind>& only,
                bool all)
      : worker_(worker.index), writer_(writer), only_(only), all_(all) {}

  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            std::string& out) override {
    selected_.clear();
    for (const auto& f : analysis.findings)
      if (only_.empty() || std::find(only_.begin(), only_.end(), f.kind) != only_.end())
        selected_.push_back(&f);
    if (selected_.empty() && !all_) return;
    writer_.game(worker_, record, analysis, selected_, out);
  }

 private:
  int worker_;
  GameWriter& writer_;
  const std::vector<analysis::FindingKind>& only_;
  std::vector<const analysis::Finding*> selected_;
  bool all_;  // --format pgn --all
};

}  // namespace

void setup_audit(CLI::App& app, AuditOptions& opts) {
  add_input_options(app, opts.in, opts.format, report::audit_format_names);
  add_choice(app, "--only", opts.only, analysis::finding_kind_names,
             "only findings of this KIND (repeatable, or a comma list)")
      ->allow_extra_args(false)
      ->delimiter(',');
  add_html_max_games(app, opts.html_max_games);
  app.add_flag("--all", opts.all,
               "with --format pgn: write every game, those with a finding with the [Rochade] tag "
               "and a comment at each move found (a database annotated in one pass)");
}

Outcome run_audit(const AuditOptions& opts) {
  const report::AuditFormat format = opts.format;
  const std::vector<analysis::FindingKind>& only = opts.only;
  if (opts.all && format != report::AuditFormat::pgn)
    throw UsageError("--all writes games: it needs --format pgn");
  Job job("audit", opts.in);
  const std::unique_ptr<GameWriter> writer =
      audit_writer(format, {.command = job.command,
                            .workers = job.workers,
                            .names = job.names,
                            .tags = opts.in.tags,
                            .html_max_games = opts.html_max_games});
  writer->ask(job.pipeline);
  Workers<AuditConsumer> consumers(job.workers, *writer, only, opts.all);
  return run_job(job, consumers, *writer);
}

}  // namespace rochade::app
