// --where for a run (docs/CLI.md): the option's check (a malformed expression is a usage error that
// points at the place), and how a run leaves games out: by the pipeline's predicate before the
// replay when the tags decide, else by a filtering consumer per worker after it. Either way the
// games left out go to the consumer's filtered() (games.filtered).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/where.hpp"
#include "run/pipeline.hpp"

namespace rochade::app {

// The CLI11 check of --where: empty when the expression parses, else the message with a caret.
// `tags`: --tag's values (their columns may be compared too).
std::string check_where(const std::string& expression, const std::vector<std::string>& tags = {});

class WhereFilter {
 public:
  using ConsumerFor = run::ConsumerFor;
  // `expression` empty: no filter. It was checked by check_where.
  WhereFilter(const std::string& expression, const std::vector<std::string>& tags,
              const run::InputNames& names, int workers, const ConsumerFor& inner);
  // Sets what the pipeline reads for it (clocks, numbers) and, where it needs the analysis, wraps
  // `consumer_for` (which must be `inner`).
  void apply(run::PipelineOptions& options, ConsumerFor& consumer_for);
  // Where the tags decide: whether the game is replayed (run::RunEvents::accept). Else true.
  bool accepts(const analysis::GameRecord& record) const {
    return !by_tags_ || where_->matches(record, nullptr, names_[record.ref.input]);
  }

 private:
  std::optional<analysis::Where> where_;
  bool by_tags_ = false;  // where_ decides before the replay
  const run::InputNames& names_;
  std::vector<std::unique_ptr<analysis::WhereConsumer>> filters_;
};

}  // namespace rochade::app
