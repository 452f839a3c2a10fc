// The pipeline run with one consumer per worker, what they write kept in a string, and a consumer
// that writes a line of its own per game. Header only, for the test executables that link
// rochade_run.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_consumer.hpp"
#include "io/input.hpp"
#include "run/pipeline.hpp"

namespace rochade::test {

// A consumer that writes `line(record, analysis)` for each game.
class LineWriter : public analysis::GameConsumer {
 public:
  using Line = std::string (*)(const analysis::GameRecord&, const analysis::GameAnalysis&);
  explicit LineWriter(Line line) : line_(line) {}
  void game(const analysis::GameRecord& r, const analysis::GameAnalysis& a,
            std::string& out) override {
    out += line_(r, a);
  }

 private:
  Line line_;
};

// The run's events for a test: what it writes appended to `text` (where not null), skipped text
// and --where's verdict handed to the functions set.
struct Events : run::RunEvents {
  bool accept(const analysis::GameRecord& r) override { return !on_accept || on_accept(r); }
  void write(std::string_view s) override {
    if (text != nullptr) text->append(s);
  }
  void skipped(const run::InputEvent& e) override {
    if (on_skipped) on_skipped(e);
  }

  std::string* text = nullptr;
  std::function<void(const run::InputEvent&)> on_skipped;
  std::function<bool(const analysis::GameRecord&)> on_accept;
};

// Runs `specs` with `o`, one `Consumer` made from `args` for each of its o.threads workers; what
// the run writes is appended to `text` (the `text` of `events` is set to it, the rest is kept).
template <class Consumer, class... Args>
run::PipelineResult run_into(std::string& text, const std::vector<io::InputSpec>& specs,
                             const run::PipelineOptions& o, Events events, const Args&... args) {
  std::vector<std::unique_ptr<Consumer>> consumers;
  for (int i = 0; i < o.threads; ++i) consumers.push_back(std::make_unique<Consumer>(args...));
  events.text = &text;
  return run::run_pipeline(
      specs, o, [&](int w) -> analysis::GameConsumer& { return *consumers[w]; }, events);
}

}  // namespace rochade::test
