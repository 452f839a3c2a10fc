// rochade audit [options] INPUT...: the findings of each game (predicate: the selected kinds;
// printer: report/audit).
#include <CLI/CLI.hpp>
#include <optional>
#include <vector>

#include "app/choices.hpp"
#include "app/commands.hpp"
#include "app/printers.hpp"
#include "report/common/formats.hpp"
#include "report/games/audit.hpp"
#include "report/games/game_pgn.hpp"
#include "report/viewer/viewer_data.hpp"

namespace rochade::app {

namespace {

class AuditConsumer : public analysis::GameConsumer {
 public:
  // `page_full`: the page's ViewerPrinter::full() with --format html, else null.
  AuditConsumer(report::AuditFormat format, const run::InputNames& paths,
                const std::vector<analysis::FindingKind>& only, bool all,
                const std::atomic<bool>* page_full)
      : format_(format), paths_(paths), only_(only), all_(all) {
    if (page_full != nullptr) viewer_.emplace(page_full);
  }

  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            std::string& out) override {
    selected_.clear();
    for (const auto& f : analysis.findings)
      if (only_.empty() || std::find(only_.begin(), only_.end(), f.kind) != only_.end())
        selected_.push_back(&f);
    if (selected_.empty()) {
      if (all_) report::append_game_pgn(record, out);  // --all: every game, as it stands
      return;
    }
    const std::string_view file = paths_[record.ref.input];  // "?" for a number not given out
    if (viewer_) return viewer_->append(file, record, selected_, out);
    report::append_audit(format_, file, record, selected_, out);
  }

 private:
  std::optional<report::ViewerGames> viewer_;  // --format html: the page's data
  report::AuditFormat format_;
  const run::InputNames& paths_;
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
  job.pipeline.capture_raw = format == report::AuditFormat::pgn;
  const bool html = format == report::AuditFormat::html;
  ViewerPrinter page("audit", opts.html_max_games);
  Workers<AuditConsumer> consumers(job.workers, format, job.names, only, opts.all,
                                   html ? page.full() : nullptr);
  Printer plain;
  return run_job(job, consumers, html ? page : plain);
}

}  // namespace rochade::app
