#include "run/job.hpp"

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <utility>

#include "run/progress.hpp"

namespace rochade::run {

namespace {

// Whether expansion's `name` lies under the directory argument `dir` ("dir/..." or, for "dir/",
// "dir/..."): "games-2024/x.pgn" is not under "games".
bool under(std::string_view name, std::string_view dir) {
  if (name.substr(0, dir.size()) != dir) return false;
  return dir.back() == '/' || (name.size() > dir.size() && name[dir.size()] == '/');
}

InputSummary failed_summary(const std::string& path, const std::string& error) {
  InputSummary s;
  s.path = path;
  s.outcome = InputOutcome::failed;
  s.error = error;
  return s;
}

}  // namespace

ExpandedArgs expand_args(const std::vector<std::string>& args) {
  io::ExpandedInputs expanded = io::expand_inputs(args);
  ExpandedArgs out;
  for (const auto& e : expanded.errors)
    out.errors.push_back({failed_summary(e.path, e.message), e.path + ": " + e.message});
  // A directory argument under which no input was found.
  for (const auto& arg : args) {
    std::error_code ec;
    if (arg == "-" || !std::filesystem::is_directory(arg, ec)) continue;
    const bool found = std::any_of(expanded.specs.begin(), expanded.specs.end(),
                                   [&](const io::InputSpec& s) { return under(s.name, arg); });
    if (found) continue;
    const std::string message = "no PGN files found in " + arg;
    out.errors.push_back({failed_summary(arg, message), message});
  }
  out.specs = std::move(expanded.specs);
  return out;
}

PipelineResult run_with_progress(const std::vector<io::InputSpec>& specs,
                                 const PipelineOptions& options, bool show_progress,
                                 const std::function<GameConsumer&(int worker)>& consumer_for,
                                 PipelineHooks hooks) {
  std::uint64_t total = 0;  // bytes of all inputs: the sizes expansion found (0 for stdin)
  for (const auto& spec : specs) total += spec.size;
  Progress progress(show_progress, total);
  ReadBytes read_bytes;  // under the pipeline's lock: opened and consumed are called there
  auto opened = std::move(hooks.opened);
  auto consumed = std::move(hooks.consumed);
  auto games_done = std::move(hooks.games_done);
  hooks.opened = [&](std::size_t index, const io::Input& in) {
    read_bytes.opened(in.file(), in.size());
    if (opened) opened(index, in);
  };
  hooks.consumed = [&](const io::Input& in) {
    progress.bytes.store(read_bytes.at(in.consumed()), std::memory_order_relaxed);
    if (consumed) consumed(in);
  };
  hooks.games_done = [&](std::uint64_t games) {
    progress.games.store(games, std::memory_order_relaxed);
    if (games_done) games_done(games);
  };
  PipelineResult result = run_pipeline(specs, options, consumer_for, hooks);
  progress.stop();
  return result;
}

}  // namespace rochade::run
