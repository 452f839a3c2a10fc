// rochade stats [options] INPUT...: castling statistics over all games.
#include <CLI/CLI.hpp>

#include "analysis/highlights.hpp"
#include "analysis/records.hpp"
#include "app/choices.hpp"
#include "app/commands.hpp"
#include "report/common/formats.hpp"
#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_json.hpp"

namespace rochade::app {

namespace {

class StatsConsumer : public analysis::GameConsumer {
 public:
  explicit StatsConsumer(const std::vector<analysis::GroupKey>& keys) : keys_(keys) {}
  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            std::string&) override {
    stats.add(record, analysis, keys_);
    highlights.add(record, analysis);
    records.add(record, analysis);
  }
  void filtered(const analysis::GameRecord&) override {  // --where did not hold
    ++stats.all.games;
    ++stats.all.filtered;
  }
  analysis::Stats stats;
  analysis::Highlights highlights;
  analysis::Records records;

 private:
  const std::vector<analysis::GroupKey>& keys_;
};

// After the run: the workers' counts added, the listed games located, the report (and the
// partial) written.
class StatsPrinter : public Printer {
 public:
  StatsPrinter(const Workers<StatsConsumer>& consumers, report::StatsFormat format,
               const std::vector<analysis::GroupKey>& keys, const InputOptions& in)
      : consumers_(consumers), format_(format), keys_(keys), in_(in) {}

  void finish(const RunResult& run, io::Output& out, io::Output* partial) override {
    analysis::Stats total;
    analysis::Highlights highlights;
    analysis::Records records;
    for (const auto& c : consumers_) {
      total += c->stats;
      highlights.merge(c->highlights);
      records.merge(c->records);
    }
    highlights.locate([&](analysis::GameRef ref) { return run.locate(ref); });
    records.locate([&](analysis::GameRef ref) { return run.locate(ref); });
    total.inputs = run.inputs;
    total.all.duplicates = run.duplicates;  // --dedup: counted here, never analysed
    total.all.games += run.duplicates;
    report::StatsRun described{.by = {},
                               .where = in_.where,
                               .highlights = highlights.sorted(),
                               .dedup = in_.dedup,
                               .max_games = in_.max_games,
                               .records = std::move(records)};
    for (const auto& key : analysis::group_key_names)  // the keys in one order, each once
      if (std::find(keys_.begin(), keys_.end(), key.value) != keys_.end())
        described.by.push_back(key.value);
    if (partial) partial->write(report::stats_to_json(total, described));
    out.write(report::render_stats(format_, total, described));
  }

 private:
  const Workers<StatsConsumer>& consumers_;
  report::StatsFormat format_;
  const std::vector<analysis::GroupKey>& keys_;
  const InputOptions& in_;  // what the partial records: --where, --dedup, --max-games
};

}  // namespace

void setup_stats(CLI::App& app, StatsOptions& opts) {
  add_input_options(app, opts.in, opts.format, report::stats_format_names);
  add_choice(app, "--by", opts.by, analysis::group_key_names,
             "group by KEY (repeatable). year, decade: from Date, else EventDate, else "
             "UTCDate (yyyy.mm.dd, yyyy-mm-dd, dd.mm.yyyy, yyyy.?\?.?\?). elo: bands of 200 of "
             "the mean of WhiteElo and BlackElo (unknown unless both are there). "
             "timecontrol: from TimeControl as Lichess classifies it, base + 40 x increment "
             "seconds (300+3; FIDE 40/7200:3600 by its first period): under 29 s "
             "ultrabullet, 179 bullet, 479 blitz, 1499 rapid, else classical; '-' or a day "
             "or more per move (1/259200) correspondence. eco: the letter A-E of ECO. result: "
             "the Result tag (1-0, 0-1, 1/2-1/2, else *). event: the Event tag. A game "
             "without the tag (or unreadable) goes under 'unknown'")
      ->allow_extra_args(false)
      ->delimiter(',');
  app.add_option("--partial", opts.partial,
                 "also write the mergeable partial result (JSON) to FILE (FILE.gz, FILE.zst: "
                 "compressed), for `rochade merge`");
  app.footer(
      "Counts: a castling counts where the record plays it, legal or not (an illegal one also "
      "counts under illegal castlings); check and mate are found from the position, never from "
      "'+' or '#'. Shares: each colour's games by its first castling (O-O, O-O-O, never) add up "
      "to 100% of the games analysed (those with a move); its castlings after the first are "
      "'castled again'. 'King moved first': games in which that colour's king made a move other "
      "than castling while it still had a castling right and had not castled. Groups: a game "
      "whose tag is missing or unreadable goes under 'unknown'.");
}

Outcome run_stats(const StatsOptions& opts) {
  if (io::same_output_file(opts.in.output, opts.partial))
    throw UsageError("-o " + opts.in.output + " and --partial " + opts.partial +
                     " name the same file: one would replace the other. Give --partial "
                     "another file");
  std::vector<analysis::GroupKey> keys;
  for (const analysis::GroupKey k : opts.by)
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  const report::StatsFormat format = opts.format;
  Job job("stats", opts.in);
  job.extra_output = opts.partial;
  Workers<StatsConsumer> consumers(job.workers, keys);
  StatsPrinter printer(consumers, format, keys, opts.in);
  return run_job(job, consumers, printer);
}

}  // namespace rochade::app
