// rochade find [predicates] INPUT...: the games for which every predicate holds, printed as they
// stand in the input (report/game_pgn).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <optional>

#include "analysis/game_columns.hpp"
#include "app/commands.hpp"
#include "app/printers.hpp"
#include "report/formats.hpp"
#include "report/game_pgn.hpp"
#include "report/games_table.hpp"
#include "report/viewer_data.hpp"

namespace rochade::app {

namespace {

using analysis::CastlingEvent;
using analysis::GameAnalysis;
using chess::CastlingSide;
using chess::Color;

// The predicates of the command line, with names resolved once into values.
enum class Who : std::uint8_t { none, white, black, both };
constexpr report::NameTable<Who, 3> who_names{
    {{Who::white, "white"}, {Who::black, "black"}, {Who::both, "both"}}};

struct Predicate {
  bool mate_by_castling = false, castling_check = false, queenside = false, kingside = false;
  bool opposite = false, same_side = false;
  bool illegal_any = false;                    // --illegal-castling
  std::optional<chess::CastlingReason> reason;  // --illegal-castling=REASON
  Who no_castling = Who::none, castled = Who::none;

  explicit Predicate(const FindOptions& o)
      : mate_by_castling(o.mate_by_castling),
        castling_check(o.castling_check),
        queenside(o.queenside),
        kingside(o.kingside),
        opposite(o.opposite),
        same_side(o.same_side),
        illegal_any(!o.illegal_castling.empty()),
        no_castling(report::from_name(who_names, o.no_castling).value_or(Who::none)),
        castled(report::from_name(who_names, o.castled).value_or(Who::none)) {
    for (int i = 0; i < chess::castling_reason_count; ++i)
      if (chess::castling_reason_name(chess::CastlingReason(i)) == o.illegal_castling)
        reason = chess::CastlingReason(i);
  }

  // Every predicate given holds (AND). With --castled white or black, the predicates on a
  // castling (side, mate, check, illegal) ask about that colour's castlings (cli.md v3: --castled
  // black --queenside is "black castled queenside"); otherwise about either colour's.
  bool matches(const GameAnalysis& a) const {
    if (a.status == analysis::GameStatus::skipped_variant) return false;
    const std::optional<Color> colour = castled == Who::white   ? std::optional(Color::white)
                                        : castled == Who::black ? std::optional(Color::black)
                                                                : std::nullopt;
    const auto mine = [&](Color c) { return !colour || c == *colour; };
    const auto any = [&](auto pred) {
      return std::any_of(a.castlings.begin(), a.castlings.end(),
                         [&](const CastlingEvent& e) { return mine(e.color) && pred(e); });
    };
    if (mate_by_castling && !any([](const CastlingEvent& e) { return e.mate; })) return false;
    if (castling_check && !any([](const CastlingEvent& e) { return e.check; })) return false;
    if (queenside && !any([](const CastlingEvent& e) { return e.side == CastlingSide::queen; }))
      return false;
    if (kingside && !any([](const CastlingEvent& e) { return e.side == CastlingSide::king; }))
      return false;
    if (illegal_any && !std::any_of(a.findings.begin(), a.findings.end(), [&](const auto& f) {
          return f.kind == analysis::FindingKind::illegal_castling && mine(f.side) &&
                 (!reason || f.castling_reasons.has(*reason));
        }))
      return false;
    const CastlingEvent* w = a.first_castling(Color::white);
    const CastlingEvent* b = a.first_castling(Color::black);
    if (opposite && !(w && b && w->side != b->side)) return false;
    if (same_side && !(w && b && w->side == b->side)) return false;
    if (!holds(no_castling, !w, !b)) return false;
    return holds(castled, w != nullptr, b != nullptr);
  }

  static bool holds(Who who, bool white, bool black) {
    switch (who) {
      case Who::none: return true;
      case Who::white: return white;
      case Who::black: return black;
      case Who::both: return white && black;
    }
    return true;
  }
};

class FindConsumer : public analysis::GameConsumer {
 public:
  FindConsumer(const Predicate& p, bool count_only, std::optional<report::TableFormat> table,
               bool html, const run::InputNames& names, const std::vector<std::string>& tags)
      : p_(p), count_only_(count_only), table_(table), names_(names), tags_(tags) {
    if (html) viewer_.emplace();
  }
  void game(const analysis::GameRecord& record, const GameAnalysis& analysis,
            std::string& out) override {
    if (!p_.matches(analysis)) return;
    ++count;
    if (count_only_) return;
    if (viewer_)
      return viewer_->append(names_[record.input], record, report::all_findings(analysis), out);
    if (!table_) return report::append_game_pgn(record, out);
    report::append_game_row(*table_, names_[record.input], record, analysis, out, tags_);
  }
  std::uint64_t count = 0;

 private:
  std::optional<report::ViewerGames> viewer_;  // --format html: the page's data
  const Predicate& p_;
  bool count_only_;
  std::optional<report::TableFormat> table_;  // csv, tsv, jsonl: the games-table row
  const run::InputNames& names_;
  const std::vector<std::string>& tags_;  // --tag
};

}  // namespace

std::vector<std::string> illegal_castling_choices() {
  std::vector<std::string> names =
      report::names_of(chess::castling_reason_count, &chess::castling_reason_name);
  names.insert(names.begin(), "any");
  return names;
}

std::vector<std::string> colour_choices() { return report::names_of(who_names); }

void setup_find(CLI::App& app, FindOptions& opts) {
  // pgn, or csv/tsv/jsonl: the games-table row of each matching game
  add_input_options(app, opts.in, report::names_of(report::find_format_names), "pgn");
  add_tag_option(app, opts.in);
  add_html_max_games(app, opts.html_max_games);
  app.add_flag("--mate-by-castling", opts.mate_by_castling,
               "a castling that mates (found from the position, never from '#'; with --castled "
               "white|black: by that colour)");
  app.add_flag("--castling-check", opts.castling_check,
               "a castling that gives check (with --castled white|black: by that colour)");
  app.add_flag("--illegal-castling{any}", opts.illegal_castling,
               "an illegal castling (--illegal-castling=REASON: with that reason; with --castled "
               "white|black: by that colour)")
      ->check(CLI::IsMember(illegal_castling_choices()));
  app.add_flag("--opposite-castling", opts.opposite, "both castled, on opposite sides");
  app.add_flag("--same-side-castling", opts.same_side, "both castled, on the same side");
  app.add_flag("--no-castling{both}", opts.no_castling,
               "white, black or both (the default) never castled")
      ->check(CLI::IsMember(colour_choices()));
  app.add_option("--castled", opts.castled, "white, black or both castled")
      ->check(CLI::IsMember(colour_choices()));
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
      "when it is one of their values (--no-castling white); any other next word is an input.");
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
  const auto format = report::from_name(report::find_format_names, opts.in.format)
                          .value_or(report::FindFormat::pgn);
  std::optional<report::TableFormat> table;  // csv, tsv, jsonl: the games-table row
  if (!opts.count) table = report::table_format(format);
  const bool html = format == report::FindFormat::html && !opts.count;
  Job job("find", opts.in);
  job.pipeline.capture_raw = !opts.count && !table && !html;
  job.pipeline.read_clocks = table.has_value();  // the table's clock columns
  const Predicate predicate(opts);
  Workers<FindConsumer> consumers(job.workers, predicate, opts.count, table, html, job.names,
                                  opts.in.tags);
  CountPrinter count(consumers);
  TablePrinter rows(table.value_or(report::TableFormat::csv), opts.in.tags);
  ViewerPrinter page("find", opts.html_max_games);
  Printer pgn;
  Printer& printer = opts.count ? count : table ? rows : html ? page : pgn;
  return run_job(job, consumers, printer);
}

}  // namespace rochade::app
