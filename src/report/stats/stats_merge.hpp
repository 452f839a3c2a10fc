// Partial results added into one (`rochade merge`): the same numbers, inputs and listed games as
// one run over the partials' inputs in the order given. Refuses what cannot be added: an input
// counted by two partials (a partial given twice), partials made with different --by or --where,
// more than one partial when any was made with --dedup or --max-games (only one run sees across
// all the inputs), and counts whose sum exceeds stats_count_max.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>

#include "analysis/highlights.hpp"
#include "analysis/stats.hpp"
#include "report/stats/stats_json.hpp"

namespace rochade::report {

class StatsMerge {
 public:
  // `partials`: how many will be added (more than one refuses --dedup and --max-games).
  explicit StatsMerge(std::size_t partials) : several_(partials > 1) {}

  // Adds the partial read from `path` (its counts and its run, as stats_from_json read them):
  // "" when added, else why it cannot be: the merge is then refused, and what this object holds
  // is no longer a sum of partials.
  std::string add(const std::string& path, const analysis::Stats& part, StatsRun run);
  // Adds, in its place, an input that no partial covers (its run ended without writing one):
  // listed as an input that could not be read, with `error`, counting no game. "" when added,
  // else why not (a partial counts it already): the merge is then refused.
  std::string add_unread(const std::string& input, std::string error);

  // After the last add: the sum, and the run that describes it (the first partial's options; the
  // listed games of all, their inputs numbered across the partials in the order given).
  const analysis::Stats& total() const { return total_; }
  StatsRun run() const;

 private:
  std::string refusal(const std::string& path, const analysis::Stats& part,
                      const StatsRun& run);  // records part's inputs as counted
  // Records `input` as counted by `path`: null, or (when counted already) the partial that
  // counts it and how it names it.
  const std::pair<std::string, std::string>* count_input(const std::string& path,
                                                         const std::string& input);

  bool several_;
  analysis::Stats total_;
  analysis::Highlights highlights_;
  analysis::Records records_;
  StatsRun first_;
  std::string first_path_;
  // An input's path as one file system spells it at most one way ("./a.pgn" and "a/../a.pgn" are
  // "a.pgn") -> the partial that counts it, and the path as that partial names it.
  std::map<std::string, std::pair<std::string, std::string>> counted_;
};

}  // namespace rochade::report
