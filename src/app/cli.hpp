// The command line: builds the CLI11 application with one subcommand per file and runs it.
#pragma once

namespace rochade::app {

// The exit status (app/exit_status.hpp): 0 done, 1 an input could not be read to its end or an
// output not written, 2 a usage error, 130 interrupted.
int run_cli(int argc, char** argv);

}  // namespace rochade::app
