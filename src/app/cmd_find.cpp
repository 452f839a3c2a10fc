// rochade find [predicates] INPUT...: the games for which every predicate holds, printed as they
// stand in the input (report/game_pgn).
#include <CLI/CLI.hpp>
#include <optional>

#include "analysis/find_predicate.hpp"
#include "analysis/game_columns.hpp"
#include "app/choices.hpp"
#include "app/commands.hpp"
#include "app/printers.hpp"
#include "chess/castling_words.hpp"
#include "report/common/formats.hpp"
#include "report/games/game_pgn.hpp"
#include "report/games/games_table.hpp"
#include "report/viewer/viewer_data.hpp"

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

class FindConsumer : public analysis::GameConsumer {
 public:
  // `page_full`: the page's ViewerPrinter::full() with --format html, else null.
  FindConsumer(const FindPredicate& p, bool count_only, std::optional<report::TableFormat> table,
               const std::atomic<bool>* page_full, const run::InputNames& names,
               const std::vector<std::string>& tags)
      : p_(p), count_only_(count_only), table_(table), names_(names), tags_(tags) {
    if (page_full != nullptr) viewer_.emplace(page_full);
  }
  void game(const analysis::GameRecord& record, const GameAnalysis& analysis,
            std::string& out) override {
    if (!p_.matches(analysis)) return;
    ++count;
    if (count_only_) return;
    if (viewer_)
      return viewer_->append(names_[record.ref.input], record, report::all_findings(analysis), out);
    if (!table_) return report::append_game_pgn(record, out);
    report::append_game_row(*table_, names_[record.ref.input], record, analysis, out, tags_);
  }
  std::uint64_t count = 0;

 private:
  std::optional<report::ViewerGames> viewer_;  // --format html: the page's data
  const FindPredicate& p_;
  bool count_only_;
  std::optional<report::TableFormat> table_;  // csv, tsv, jsonl: the games-table row
  const run::InputNames& names_;
  const std::vector<std::string>& tags_;  // --tag
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

namespace {

// --count: the number of matching games, after the run.
class CountPrinter : public Printer {
 public:
  explicit CountPrinter(const Workers<FindConsumer>& consumers) : consumers_(consumers) {}
  void finish(const RunResult&, io::Output& out, io::Output*) override {
    std::uint64_t total = 0;
    for (const auto& c : consumers_) total += c->count;
    out.write(std::to_string(total) + "\n");
  }

 private:
  const Workers<FindConsumer>& consumers_;
};

}  // namespace

Outcome run_find(const FindOptions& opts) {
  if (const std::string why = analysis::check_tag_columns(opts.in.tags); !why.empty())
    throw UsageError(why);
  const report::FindFormat format = opts.format;
  std::optional<report::TableFormat> table;  // csv, tsv, jsonl: the games-table row
  if (!opts.count) table = report::table_format(format);
  const bool html = format == report::FindFormat::html && !opts.count;
  Job job("find", opts.in);
  job.pipeline.capture_raw = !opts.count && !table && !html;
  job.pipeline.read_clocks = table.has_value();  // the table's clock columns
  const FindPredicate predicate = app::predicate(opts);
  ViewerPrinter page("find", opts.html_max_games);
  Workers<FindConsumer> consumers(job.workers, predicate, opts.count, table,
                                  html ? page.full() : nullptr, job.names, opts.in.tags);
  CountPrinter count(consumers);
  TablePrinter rows(table.value_or(report::TableFormat::csv), opts.in.tags);
  Printer pgn;
  Printer& printer = opts.count ? count : table ? rows : html ? page : pgn;
  return run_job(job, consumers, printer);
}

}  // namespace rochade::app
