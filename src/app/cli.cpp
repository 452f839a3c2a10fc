#include "app/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/commands.hpp"

namespace rochade::app {

namespace {

struct OptionalValue {
  std::string_view option;
  std::vector<std::string> values;
};

std::size_t edit_distance(std::string_view a, std::string_view b);

// The word after an option whose value is optional that is neither one of its values nor an
// input that exists ("--illegal-castling kingmoved"): a usage error naming the values, never
// read as an input that is missing. A word that starts with '-' is an option or standard input.
std::string not_a_value(const OptionalValue& o, const std::string& word) {
  if (word.empty() || word[0] == '-') return {};
  std::error_code ec;
  if (std::filesystem::exists(std::filesystem::symlink_status(word, ec))) return {};
  std::string best;
  std::size_t best_distance = 3;  // suggest only what is close
  for (const auto& v : o.values) {
    const std::size_t d = edit_distance(word, v);
    if (d < best_distance) best = v, best_distance = d;
  }
  std::string why =
      fmt::format("'{}' after {} is neither one of its values ({}) nor an input that exists", word,
                  o.option, fmt::join(o.values, ", "));
  if (!best.empty()) why += fmt::format("; did you mean {}={}?", o.option, best);
  return why;
}

// An option whose value is optional takes the next word as its value only when it is one of
// its values ("--no-castling white"); a word that is an input stays one ("--no-castling a.pgn");
// any other word is a usage error, said in `error`.
std::vector<std::string> join_optional_values(int argc, char** argv, std::string& error) {
  const std::vector<OptionalValue> optional{{"--illegal-castling", illegal_castling_choices()},
                                            {"--no-castling", colour_choices()}};
  std::vector<std::string> args(argv, argv + argc);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") {
      out.insert(out.end(), args.begin() + static_cast<long>(i), args.end());
      break;
    }
    const auto it = std::find_if(optional.begin(), optional.end(),
                                 [&](const OptionalValue& o) { return o.option == args[i]; });
    if (it != optional.end() && i + 1 < args.size()) {
      if (std::find(it->values.begin(), it->values.end(), args[i + 1]) != it->values.end()) {
        out.push_back(args[i] + "=" + args[i + 1]);
        ++i;
        continue;
      }
      if (error.empty()) error = not_a_value(*it, args[i + 1]);
    }
    out.push_back(args[i]);
  }
  return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// CLI11's help, written as a person reads it: an option whose value is optional shows as
// "--no-castling[=COLOUR]:{white,black,both}" (CLI11 writes its default, "--no-castling{both}
// :{...}"), and a positional that takes its words joined (explain's FEN) as "FEN" in the usage
// line (CLI11 writes "FEN(1x)").
class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_option(const CLI::Option* opt, bool positional) const override {
    std::string name = make_option_name(opt, positional);
    std::string opts = make_option_opts(opt);
    const std::size_t brace = name.find('{');
    if (!positional && brace != std::string::npos) {
      name.erase(brace, name.find('}', brace) + 1 - brace);  // the default: said in the text
      if (!opts.empty() && opts[0] == ' ') opts.erase(0, 1);
    }
    std::stringstream out;
    CLI::detail::format_help(out, name + opts, make_option_desc(opt), get_column_width());
    return out.str();
  }
  std::string make_option_usage(const CLI::Option* opt) const override {
    std::string out = make_option_name(opt, true);
    if (opt->get_expected_max() >= CLI::detail::expected_max_vector_size) out += "...";
    return opt->get_required() ? out : "[" + out + "]";
  }
};

// "unknown subcommand 'stat'; did you mean 'stats'?" for a first word that is not a subcommand.
bool unknown_subcommand(const CLI::App& app, const std::vector<std::string>& args) {
  if (args.size() < 2 || args[1].empty() || args[1][0] == '-') return false;
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), args[1]) != names.end()) return false;
  std::string best;
  std::size_t best_distance = 3;  // suggest only what is close
  for (const auto& n : names) {
    const std::size_t d = edit_distance(args[1], n);
    if (d < best_distance) best = n, best_distance = d;
  }
  fmt::print(stderr, "rochade: unknown subcommand '{}'", args[1]);
  if (!best.empty()) fmt::print(stderr, "; did you mean '{}'?", best);
  fmt::print(stderr, "\nsubcommands: {}\nRun with --help for more information.\n",
             fmt::join(names, ", "));
  return true;
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"rochade: castling in chess game databases (statistics, illegal castling, "
               "mates by castling, and why a castling is or is not legal)",
               "rochade"};
  std::string version_text(std::string_view program);  // src/app/version.hpp
  // Made only when asked for (it names the libraries' versions).
  app.set_version_flag("--version",
                       std::function<std::string()>([] { return version_text("rochade"); }));
  app.require_subcommand(1);
  app.formatter(std::make_shared<HelpFormatter>());  // the subcommands take it when made

  // Each subcommand once: its name, what it does, its options and its run. The dispatch below asks
  // CLI11 which one parsed.
  struct Subcommand {
    CLI::App* app;
    std::function<Outcome()> run;
  };
  std::vector<Subcommand> subcommands;
  const auto add = [&](const char* name, const char* about, auto& opts, auto setup, auto run) {
    CLI::App* sub = app.add_subcommand(name, about);
    setup(*sub, opts);
    subcommands.push_back({sub, [&opts, run] { return run(opts); }});
  };
  PerftOptions perft;
  add("perft", "move-generator self-check (node counts, divide)", perft, setup_perft, run_perft);
  StatsOptions stats;
  add("stats", "castling statistics over all games", stats, setup_stats, run_stats);
  AuditOptions audit;
  add("audit", "illegal castling and other replay findings, game by game", audit, setup_audit,
      run_audit);
  FindOptions find;
  add("find", "the games that match castling predicates, as PGN or table rows", find, setup_find,
      run_find);
  GamesOptions games;
  add("games", "one row per game: tags and castling facts (CSV, TSV, JSON lines, SQLite)", games,
      setup_games, run_games);
  MergeOptions merge;
  add("merge", "combine partial results (JSON) of separate runs", merge, setup_merge, run_merge);
  ExplainOptions explain;
  add("explain", "which castlings are legal in a position, and why not", explain, setup_explain,
      run_explain);

  constexpr Outcome usage{.usage = true};
  std::string bad_word;  // after an option whose value is optional
  std::vector<std::string> args = join_optional_values(argc, argv, bad_word);
  if (unknown_subcommand(app, args)) return exit_status(usage);
  if (!bad_word.empty() && args[1][0] != '-') {  // args[1] is a subcommand
    print_error(args[1], bad_word);
    return exit_status(usage);
  }
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 wants it so
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return exit_status(usage);
  }
  for (const Subcommand& sub : subcommands) {
    if (!sub.app->parsed()) continue;
    try {
      return exit_status(sub.run());
    } catch (const UsageError& e) {
      print_error(sub.app->get_name(), e.what());
      return exit_status(usage);
    }
  }
  return exit_status(usage);  // require_subcommand(1) leaves no other way
}

}  // namespace rochade::app
