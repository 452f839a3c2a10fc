#include "app/where_filter.hpp"

namespace rochade::app {

std::string check_where(const std::string& expression, const std::vector<std::string>& tags) {
  const auto parsed = analysis::Where::parse(expression, tags);
  return parsed.where ? std::string() : analysis::where_error_text(expression, parsed.error);
}

WhereFilter::WhereFilter(const std::string& expression, const std::vector<std::string>& tags,
                         const run::InputNames& names, int workers, const ConsumerFor& inner)
    : names_(names) {
  if (expression.empty()) return;
  where_ = std::move(analysis::Where::parse(expression, tags).where);
  if (!where_ || !where_->needs_analysis()) return;
  for (int w = 0; w < workers; ++w)
    filters_.push_back(std::make_unique<analysis::WhereConsumer>(
        *where_, inner(w), [this](analysis::RunInput input) { return names_[input]; }));
}

void WhereFilter::apply(run::PipelineOptions& options, ConsumerFor& consumer_for) {
  if (!where_) return;
  if (where_->needs_clocks()) options.read_clocks = true;
  if (where_->needs_number()) options.numbers_during_run = true;  // the `game` column
  if (!where_->needs_analysis()) {
    by_tags_ = true;
    return;
  }
  consumer_for = [this](int w) -> analysis::GameConsumer& {
    return *filters_[static_cast<std::size_t>(w)];
  };
}

}  // namespace rochade::app
