// One entry per subcommand: an options struct, a setup function that declares the options on a
// CLI11 subcommand, and a run function that returns the exit status.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace rochade::app {

struct PerftOptions {
  std::string fen;
  int depth = 1;
  bool divide = false;
  bool chess960 = false;
};
void setup_perft(CLI::App& app, PerftOptions& opts);
int run_perft(const PerftOptions& opts);

struct ExplainOptions {
  std::string fen;
  std::string format = "text";  // text | json
  bool ascii = false;           // letters instead of Unicode pieces in the diagram
  bool chess960 = false;        // force Chess960 rules (else detected from the castling field)
};
void setup_explain(CLI::App& app, ExplainOptions& opts);
int run_explain(const ExplainOptions& opts);

}  // namespace rochade::app
