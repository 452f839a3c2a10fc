// rochade audit [options] INPUT...: the findings of each game (predicate: the selected kinds;
// printer: report/audit).
#include <CLI/CLI.hpp>
#include <optional>

#include "app/commands.hpp"
#include "app/viewer_output.hpp"
#include "report/audit.hpp"
#include "report/formats.hpp"
#include "report/game_pgn.hpp"
#include "report/viewer_data.hpp"

namespace rochade::app {

namespace {

class AuditConsumer : public analysis::GameConsumer {
 public:
  AuditConsumer(report::AuditFormat format, const run::InputNames& paths,
                const std::vector<analysis::FindingKind>& only, bool all)
      : format_(format), paths_(paths), only_(only), all_(all) {}

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
    const std::string_view file = paths_[record.input];  // "?" for a number not given out
    if (viewer) return viewer->append(file, record, selected_, out);
    report::append_audit(format_, file, record, selected_, out);
  }

  std::optional<report::ViewerGames> viewer;  // --format html: the page's data

 private:
  report::AuditFormat format_;
  const run::InputNames& paths_;
  const std::vector<analysis::FindingKind>& only_;
  std::vector<const analysis::Finding*> selected_;
  bool all_;  // --format pgn --all
};

std::vector<std::string> finding_kind_names() {
  std::vector<std::string> names;
  for (int i = 0; i < analysis::finding_kind_count; ++i)
    names.emplace_back(analysis::finding_kind_name(analysis::FindingKind(i)));
  return names;
}

}  // namespace

void setup_audit(CLI::App& app, AuditOptions& opts) {
  add_input_options(app, opts.in, report::names_of(report::audit_format_names), "text");
  app.add_option("--only", opts.only,
                 "only findings of this KIND (repeatable, or a comma list)")
      ->allow_extra_args(false)
      ->delimiter(',')
      ->check(CLI::IsMember(finding_kind_names()));
  add_html_max_games(app, opts.html_max_games);
  app.add_flag("--all", opts.all,
               "with --format pgn: write every game, those with a finding with the [Rochade] tag "
               "and a comment at each move found (a database annotated in one pass)");
}

int run_audit(const AuditOptions& opts) {
  const auto format = report::from_name(report::audit_format_names, opts.in.format)
                          .value_or(report::AuditFormat::text);
  std::vector<analysis::FindingKind> only;
  for (const auto& name : opts.only)
    if (auto k = analysis::finding_kind_from_name(name)) only.push_back(*k);
  if (opts.all && format != report::AuditFormat::pgn) {
    print_error("audit", "--all writes games: it needs --format pgn");
    return 2;
  }
  // The inputs' names as the pipeline numbers them (archive members come up while reading).
  run::InputNames names;
  Job job;
  job.names = &names;
  job.command = "audit";
  job.in = &opts.in;
  job.workers = worker_count(opts.in);
  job.capture_raw = format == report::AuditFormat::pgn;
  std::vector<std::unique_ptr<AuditConsumer>> consumers;
  for (int w = 0; w < job.workers; ++w)
    consumers.push_back(std::make_unique<AuditConsumer>(format, names, only, opts.all));
  ViewerRun viewer{report::ViewerPage("audit", opts.html_max_games), nullptr};
  if (format == report::AuditFormat::html) {
    use_viewer_page(job, viewer);
    for (auto& c : consumers) c->viewer.emplace();
  }
  job.consumer_for = [&](int w) -> analysis::GameConsumer& { return *consumers[w]; };
  return run_job(job);
}

}  // namespace rochade::app
