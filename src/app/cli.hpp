// The command line: builds the CLI11 application with one subcommand per file and runs it.
#pragma once

namespace rochade::app {

// Exit status: 0 done, 1 some input could not be read to its end, 2 usage error,
// 130 interrupted.
int run_cli(int argc, char** argv);

}  // namespace rochade::app
