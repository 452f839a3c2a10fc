#include "support/run.hpp"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "support/data.hpp"

namespace rochade::test {

std::string quote(std::string_view s) {
  std::string q(1, '\'');
  for (const char& c : s) q += c == '\'' ? std::string_view("'\\''") : std::string_view(&c, 1);
  q += '\'';
  return q;
}

Run shell(const std::string& command) {
  // Standard error goes to a file of its own, read back once the command is done.
  std::string err_file =
      (std::filesystem::temp_directory_path() / "rochade-test-err-XXXXXX").string();
  const int fd = ::mkstemp(err_file.data());
  REQUIRE(fd >= 0);
  ::close(fd);
  const std::string line = "( " + command + "\n) 2>" + quote(err_file);
  Run r;
  FILE* p = ::popen(line.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.err = read_file(err_file);
  std::filesystem::remove(err_file);
  return r;
}

Run run_rochade(const std::string& args) { return shell(quote(ROCHADE_BINARY) + " " + args); }

void run_shell(const std::string& command) {
  INFO("command: " << command);
  REQUIRE(std::system(command.c_str()) == 0);
}

}  // namespace rochade::test
