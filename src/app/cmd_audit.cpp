// rochade audit [options] INPUT...
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "app/commands.hpp"
#include "report/audit.hpp"

namespace rochade::app {

namespace {

class AuditConsumer : public analysis::GameConsumer {
 public:
  AuditConsumer(report::AuditFormat format, const std::vector<std::string>& paths,
                const std::vector<analysis::FindingKind>& only)
      : format_(format), paths_(paths), only_(only) {}

  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            std::string& out) override {
    selected_.clear();
    for (const auto& f : analysis.findings)
      if (only_.empty() || std::find(only_.begin(), only_.end(), f.kind) != only_.end())
        selected_.push_back(&f);
    if (selected_.empty()) return;
    const std::string_view file =
        record.input < paths_.size() ? std::string_view(paths_[record.input]) : "?";
    report::append_audit(format_, file, record, selected_, out);
  }

 private:
  report::AuditFormat format_;
  const std::vector<std::string>& paths_;
  const std::vector<analysis::FindingKind>& only_;
  std::vector<const analysis::Finding*> selected_;
};

}  // namespace

void setup_audit(CLI::App& app, AuditOptions& opts) {
  add_input_options(app, opts.in, {"text", "jsonl", "pgn"}, "text");
  app.add_option("--only", opts.only, "only findings of this kind (repeatable)")
      ->allow_extra_args(false)
      ->check(CLI::IsMember({"illegal_castling", "illegal_move", "parse_error", "false_repetition",
                             "annotation_mismatch"}));
}

int run_audit(const AuditOptions& opts) {
  const report::AuditFormat format = opts.in.format == "jsonl" ? report::AuditFormat::jsonl
                                     : opts.in.format == "pgn" ? report::AuditFormat::pgn
                                                               : report::AuditFormat::text;
  std::vector<analysis::FindingKind> only;
  for (const auto& name : opts.only)
    if (auto k = analysis::finding_kind_from_name(name)) only.push_back(*k);
  Output out(opts.in.output);
  if (!out.ok()) {
    fmt::print(stderr, "rochade audit: {}\n", out.error());
    return 1;
  }
  // Paths as the pipeline numbers them (expanded inputs, in order).
  const io::ExpandedInputs expanded = io::expand_inputs(opts.in.inputs);
  const int workers = worker_count(opts.in);
  std::vector<std::unique_ptr<AuditConsumer>> consumers;
  for (int w = 0; w < workers; ++w)
    consumers.push_back(std::make_unique<AuditConsumer>(format, expanded.paths, only));
  const RunResult run = run_inputs(
      "audit", opts.in, expanded, format == report::AuditFormat::pgn,
      [&](int w) -> analysis::GameConsumer& { return *consumers[w]; }, workers, &out);
  if (run.interrupted) return 130;
  if (!out.commit()) {
    if (opts.in.output.empty()) return run.exit_status;  // a closed stdout: quiet exit
    fmt::print(stderr, "rochade audit: cannot write {}\n", opts.in.output);
    return 1;
  }
  return run.exit_status;
}

}  // namespace rochade::app
