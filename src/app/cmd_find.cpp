// rochade find [predicates] INPUT...: the games for which every predicate holds, as they stand in
// the input, as rows of the games table, on the viewer page or counted (app/game_writers).
#include <CLI/CLI.hpp>
#include <optional>

#include "analysis/find_predicate.hpp"
#include "analysis/game_columns.hpp"
#include "app/choices.hpp"
#include "app/commands.hpp"
#include "app/game_writers.hpp"
#include "chess/castling_words.hpp"
#include "report/common/formats.hpp"

namespace rochade::app {

namespace {

using analysis::FindPredicate;
using analysis::GameAnalysis;
using analysis::Who;

// The predicates of the command line.
FindPredicate predicate(const FindOptions& o) {
  return {.mate_by_castling = o.mate_by_castling,
          .castling_check = o.castling_check,
          .queenside = o.queenside,
          .kingside = o.kingside,
          .opposite = o.opposite,
          .same_side = o.same_side,
          .illegal_any = o.illegal_castling,
          .reason = o.illegal_reason,
          .no_castling = o.no_castling,
          .castled = o.castled};
}

// The games for which the predicates hold, given to the writer with all their findings.
class FindConsumer : public analysis::GameConsumer {
 public:
  FindConsumer(WorkerId worker, const FindPredicate& p, GameWriter& writer)
      : worker_(worker.index), p_(p), writer_(writer) {}
  void game(const analysis::GameRecord& record, const GameAnalysis& analysis,
            std::string& out) override {
    if (!p_.matches(analysis)) return;
    findings_.clear();
    for (const auto& f : analysis.findings) findings_.push_back(&f);
    writer_.game(worker_, record, analysis, findings_, out);
  }

 private:
  int worker_;
  const FindPredicate& p_;
  GameWriter& writer_;
  std::vector<const analysis::Finding*> findings_;  // the game's, reused
};

}  // namespace

std::vector<std::string> illegal_castling_choices() {
  std::vector<std::string> names = chess::castling_reason_names().names();
  names.insert(names.begin(), "any");
  return names;
}

std::vector<std::string> colour_choices() { return analysis::who_names.names(); }

void setup_find(CLI::App& app, FindOptions& opts) {
  // pgn, or csv/tsv/jsonl: the games-table row of each matching game
  add_input_options(app, opts.in, opts.format, report::find_format_names);
  add_tag_option(app, opts.in);
  add_html_max_games(app, opts.html_max_games);
  app.add_flag("--mate-by-castling", opts.mate_by_castling,
               "a castling that mates (found from the position, never from '#'; with --castled "
               "white|black: by that colour)");
  app.add_flag("--castling-check", opts.castling_check,
               "a castling that gives check (with --castled white|black: by that colour)");
  // Any reason ("any", the default) or one: read into the reason's enum once checked.
  const std::string illegal_help =
      "an illegal castling (--illegal-castling=REASON: with that reason; with --castled "
      "white|black: by that colour)";
  app.add_flag("--illegal-castling{any}", illegal_help)
      ->type_name("[=REASON]")
      ->check(CLI::IsMember(illegal_castling_choices()))
      ->each([&opts](const std::string& reason) {
        opts.illegal_castling = true;
        opts.illegal_reason = chess::castling_reason_names().parse(reason);
      });
  app.add_flag("--opposite-castling", opts.opposite, "both castled, on opposite sides");
  app.add_flag("--same-side-castling", opts.same_side, "both castled, on the same side");
  app.add_flag("--no-castling{both}", opts.no_castling,
               "white, black or both (the default) never castled")
      ->type_name("[=COLOUR]")
      ->transform(choice_of(analysis::who_names));
  add_choice(app, "--castled", opts.castled, analysis::who_names, "white, black or both castled");
  app.add_flag("--queenside", opts.queenside,
               "a castling was queenside (with --castled white|black: that colour's)");
  app.add_flag("--kingside", opts.kingside,
               "a castling was kingside (with --castled white|black: that colour's)");
  app.add_flag("--count", opts.count, "print only the number of matching games");
  app.footer(
      "Predicates combine with AND: a game is written when every predicate given holds. "
      "With --castled white or --castled black, --kingside, --queenside, --mate-by-castling, "
      "--castling-check and --illegal-castling apply to that colour's castlings: --castled "
      "black --queenside is 'black castled queenside'; otherwise to either colour's. "
      "--illegal-castling and --no-castling take their value after '=' or as the next word "
      "when it is one of their values (--no-castling white); a next word that names an existing "
      "input stays an input, and any other is a usage error.");
}

Outcome run_find(const FindOptions& opts) {
  if (const std::string why = analysis::check_tag_columns(opts.in.tags); !why.empty())
    throw UsageError(why);
  const report::FindFormat format = opts.format;
  Job job("find", opts.in);
  const std::unique_ptr<GameWriter> writer = find_writer(format, opts.count,
                                                         {.command = job.command,
                                                          .workers = job.workers,
                                                          .names = job.names,
                                                          .tags = opts.in.tags,
                                                          .html_max_games = opts.html_max_games});
  writer->ask(job.pipeline);
  const FindPredicate predicate = app::predicate(opts);
  Workers<FindConsumer> consumers(job.workers, predicate, *writer);
  return run_job(job, consumers, *writer);
}

}  // namespace rochade::app
