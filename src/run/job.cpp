#include "run/job.hpp"

#include <algorithm>
#include <map>
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

}  // namespace

ExpandedArgs expand_args(const std::vector<std::string>& args) {
  ExpandedArgs out;
  for (const auto& arg : args) {  // one at a time, so that each error keeps its place
    io::ExpandedInputs expanded = io::expand_inputs({arg});
    const std::size_t before = out.specs.size();
    for (const auto& e : expanded.errors)
      out.errors.push_back(
          {{.path = e.path, .outcome = InputOutcome::failed, .error = e.message}, before});
    // A directory argument under which no input was found.
    std::error_code ec;
    const bool directory = arg != "-" && std::filesystem::is_directory(arg, ec);
    if (directory &&
        std::none_of(expanded.specs.begin(), expanded.specs.end(),
                     [&](const io::InputSpec& s) { return under(s.name, arg); })) {
      out.errors.push_back(
          {{.path = arg, .outcome = InputOutcome::failed, .error = "no PGN files found"}, before});
    }
    for (auto& spec : expanded.specs) {
      spec.named = !directory;
      out.specs.push_back(std::move(spec));
    }
    if (directory && out.specs.size() > before)
      out.directories.push_back({arg, before, out.specs.size()});
  }
  std::map<std::pair<std::uint64_t, std::uint64_t>, const std::string*> seen;
  for (const auto& spec : out.specs) {
    if (spec.file.second == 0) continue;  // not a regular file
    const auto [it, fresh] = seen.emplace(spec.file, &spec.name);
    if (fresh) continue;
    out.twice_first = *it->second;
    out.twice_second = spec.name;
    break;
  }
  return out;
}

namespace {

// The run's inputs in the order the arguments name them: the pipeline's summaries (`ran`, one per
// input read or listed, with the spec each came from) with the arguments' errors in their places;
// place[i] is where the pipeline's input i went (the index a report numbers it by).
void order_inputs(const ExpandedArgs& expanded, PipelineResult& ran, RunResult& out) {
  // A directory whose specs gave no input at all (archives without a PGN member), in its place.
  std::vector<ArgError> errors = expanded.errors;
  for (const auto& d : expanded.directories) {
    const bool read = std::any_of(ran.spec_of.begin(), ran.spec_of.end(), [&](std::size_t s) {
      return s >= d.first && s < d.end;
    });
    if (read) continue;
    const auto at = std::find_if(errors.begin(), errors.end(),
                                 [&](const ArgError& a) { return a.before > d.first; });
    errors.insert(at,
                  {{.path = d.path, .outcome = InputOutcome::failed, .error = "no PGN files found"},
                   d.first});
  }
  std::size_t e = 0;
  const auto errors_up_to = [&](std::size_t spec) {  // the errors placed before that spec
    for (; e < errors.size() && errors[e].before <= spec; ++e)
      out.inputs.push_back(errors[e].summary);
  };
  for (std::size_t i = 0; i < ran.inputs.size(); ++i) {
    errors_up_to(i < ran.spec_of.size() ? ran.spec_of[i] : expanded.specs.size());
    out.place.push_back(static_cast<std::uint32_t>(out.inputs.size()));
    out.inputs.push_back(std::move(ran.inputs[i]));
  }
  errors_up_to(static_cast<std::size_t>(-1));
}

}  // namespace

RunResult run_args(const ExpandedArgs& expanded, PipelineOptions options, bool show_progress,
                   const ConsumerFor& consumer_for, RunEvents& events) {
  std::uint64_t total = 0;  // bytes of all inputs: the sizes expansion found (0 for stdin)
  for (const auto& spec : expanded.specs) total += spec.size;
  Progress progress(show_progress, total);
  options.progress = &progress;
  PipelineResult ran = run_pipeline(expanded.specs, options, consumer_for, events);
  progress.stop();
  RunResult result;
  result.duplicates = ran.duplicates;
  result.numbers = std::move(ran.numbers);
  order_inputs(expanded, ran, result);
  result.input_failed =
      std::any_of(result.inputs.begin(), result.inputs.end(),
                  [](const InputSummary& s) { return s.outcome == InputOutcome::failed; });
  return result;
}

}  // namespace rochade::run
