// Running commands from a test: any shell command line, or the built rochade (ROCHADE_BINARY),
// with what it wrote on standard output and standard error and how it exited.
#pragma once

#include <string>
#include <string_view>

namespace rochade::test {

// What a command did: its standard output, its standard error, its exit status (-1: it did not
// exit normally, e.g. killed by a signal).
struct Run {
  std::string out;
  std::string err;
  int status = -1;
};

// `s` quoted for the shell.
std::string quote(std::string_view s);

// Runs a shell command line (redirections and pipes allowed; standard input is the test's).
Run shell(const std::string& command);

// The built rochade with these arguments, read by the shell (quote() paths and FENs).
Run run_rochade(const std::string& args);

// Runs a shell command line; fails the test unless it exits with 0.
void run_shell(const std::string& command);

}  // namespace rochade::test
