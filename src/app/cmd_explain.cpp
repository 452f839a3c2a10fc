// rochade explain FEN  (stub: being written)
#include <CLI/CLI.hpp>

#include "app/commands.hpp"

namespace rochade::app {
void setup_explain(CLI::App& app, ExplainOptions& opts) {
  app.add_option("FEN", opts.fen, "position")->required();
}
int run_explain(const ExplainOptions&) { return 2; }
}  // namespace rochade::app
