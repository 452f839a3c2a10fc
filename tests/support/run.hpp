// Running commands from a test: any shell command line, or the built rochade (ROCHADE_BINARY),
// with what it wrote on standard output and standard error and how it exited.
#pragma once

#include <functional>
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

// Runs `body` as an ordinary user and returns what it returned: in this process when the test
// is not run as root; as root (which reads and lists files whatever their permissions say), in a
// child process that first becomes nobody (uid and gid 65534, no supplementary groups). `body`
// makes its own files then (a TempDir of its own). Fails the test when the child cannot become
// nobody, when `body` throws or fails a REQUIRE, or when the child does not exit.
std::string as_ordinary_user(const std::function<std::string()>& body);

}  // namespace rochade::test
