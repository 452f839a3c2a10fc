#include "support/run.hpp"

#include <grp.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
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

std::string as_ordinary_user(const std::function<std::string()>& body) {
  if (::geteuid() != 0) return body();
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(fds[0]);
    constexpr uid_t nobody = 65534;
    std::string said;
    int code = 0;
    if (::setgroups(0, nullptr) != 0 || ::setresgid(nobody, nobody, nobody) != 0 ||
        ::setresuid(nobody, nobody, nobody) != 0) {
      said = std::string("cannot become nobody: ") + std::strerror(errno);
      code = 3;
    } else {
      try {
        said = body();
      } catch (const std::exception& e) {
        said = std::string("threw: ") + e.what();
        code = 1;
      } catch (...) {  // a failed REQUIRE
        said = "a REQUIRE failed (its message is above)";
        code = 1;
      }
    }
    for (std::size_t at = 0; at < said.size();) {
      const ssize_t n = ::write(fds[1], said.data() + at, said.size() - at);
      if (n <= 0) break;
      at += static_cast<std::size_t>(n);
    }
    ::_exit(code);
  }
  ::close(fds[1]);
  std::string said;
  char buf[4096];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) != 0;) {
    if (n > 0)
      said.append(buf, static_cast<std::size_t>(n));
    else if (errno != EINTR)
      break;
  }
  ::close(fds[0]);
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  INFO("as nobody: " << said);
  REQUIRE(WIFEXITED(st));
  REQUIRE(WEXITSTATUS(st) == 0);
  return said;
}

}  // namespace rochade::test
