#include "report/stats/stats_merge.hpp"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "report/stats/stats_records.hpp"

namespace rochade::report {

namespace {

std::string join(const std::vector<analysis::GroupKey>& keys) {
  std::string s;
  for (const analysis::GroupKey k : keys) {
    if (!s.empty()) s += ',';
    s += analysis::group_key_name(k);
  }
  return s.empty() ? "(none)" : s;
}

// Why a run made with --dedup or --max-games cannot be merged with others, worded as the cluster
// recipes' refusal to split such a run into jobs (cluster_refusal, scripts/cluster/options.sh).
std::string alone(const std::string& path, const StatsRun& run) {
  if (run.dedup)
    return path +
           " was made with --dedup, which cannot be merged: each run saw only its own "
           "inputs' games, so a game repeated in two partials would count twice. Run rochade "
           "stats --dedup as one run over all the inputs, or merge partials made without --dedup";
  if (run.max_games != 0)
    return path + " was made with --max-games " + std::to_string(run.max_games) +
           ", which cannot be merged: it stops after N games in all, in input order, and each "
           "run stopped without the others' count. Run rochade stats --max-games as one run over "
           "all the inputs, or merge partials made without --max-games";
  return {};
}

// The largest count of `total` where `part` was just added to it: the whole document and the
// groups `part` has, so the check costs what the addition costs. Each partial holds at most
// stats_count_max (the reader takes no more) and so did `total` before, so no sum has wrapped.
std::uint64_t largest_added(const analysis::Stats& total, const analysis::Stats& part) {
  std::uint64_t largest = total.all.largest();
  for (const auto& [key, values] : part.groups) {
    const auto& mine = total.groups.at(key);
    for (const auto& [value, counts] : values)
      largest = std::max(largest, mine.find(value)->second.largest());
  }
  return largest;
}

}  // namespace

std::string StatsMerge::refusal(const std::string& path, const analysis::Stats& part,
                                const StatsRun& run) {
  if (several_)
    if (std::string why = alone(path, run); !why.empty()) return why;
  if (!first_path_.empty() && run.by != first_.by)
    return path + " was made with --by " + join(run.by) + ", " + first_path_ + " with --by " +
           join(first_.by) + ": their groups cannot be added";
  if (!first_path_.empty() && run.where != first_.where)
    return path + " was made with --where '" + run.where + "', " + first_path_ + " with --where '" +
           first_.where + "': they count different games";
  for (const auto& in : part.inputs) {
    const auto* before = count_input(path, in.path);
    if (!before) continue;
    if (before->first.starts_with("--no-partial "))  // add_unread's name for it
      return path + " counts " + in.path + ", which " + before->first + " says has no partial";
    return path + " counts " + in.path + ", which " + before->first + " counts already" +
           (before->second == in.path ? " (a partial given twice?)"
                                      : " as " + before->second + " (one file, two names)");
  }
  return {};
}

const std::pair<std::string, std::string>* StatsMerge::count_input(const std::string& path,
                                                                   const std::string& input) {
  if (input.empty() || input == "-") return nullptr;
  const std::string normal = std::filesystem::path(input).lexically_normal().string();
  const auto [it, fresh] = counted_.try_emplace(normal, path, input);
  return fresh ? nullptr : &it->second;
}

std::string StatsMerge::add(const std::string& path, const analysis::Stats& part, StatsRun run) {
  if (std::string why = refusal(path, part, run); !why.empty()) return why;
  const auto offset = static_cast<std::uint32_t>(total_.inputs.size());
  for (analysis::Highlight& h : run.highlights) {
    // input numbers count across the partials in the order given
    h.placed_at({h.place.input + offset, h.place.number});
    highlights_.add(std::move(h));
  }
  merge_records(records_, run.records, offset);
  if (first_path_.empty()) first_ = std::move(run), first_path_ = path;
  total_ += part;
  if (largest_added(total_, part) > stats_count_max)
    return path + ": added to the partials before it, a count exceeds " +
           std::to_string(stats_count_max) +
           " (2^63-1), the largest a partial may hold: they cannot be added";
  return {};
}

std::string StatsMerge::add_unread(const std::string& input, std::string error) {
  // Named so in a later partial's refusal: "B.json counts a.pgn, which --no-partial a.pgn ...".
  if (const auto* before = count_input("--no-partial " + input, input))
    return "--no-partial " + input + ": " + before->first + " counts " + before->second +
           " already";
  total_.inputs.push_back(
      {.path = input, .outcome = analysis::InputOutcome::failed, .error = std::move(error)});
  return {};
}

StatsRun StatsMerge::run() const {
  StatsRun r = first_;
  r.highlights = highlights_.sorted();
  r.records = records_;
  return r;
}

}  // namespace rochade::report
