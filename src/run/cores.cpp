#include "run/cores.hpp"

#include <sched.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <thread>

namespace rochade::run {
namespace {

// quota ÷ period CPUs, rounded up, where fewer than `cores`.
int cap(std::uint64_t quota, std::uint64_t period, int cores) {
  if (quota == 0 || period == 0) return cores;
  const std::uint64_t limit = (quota + period - 1) / period;
  return limit < static_cast<std::uint64_t>(cores) ? static_cast<int>(limit) : cores;
}

bool number(std::string_view s, std::uint64_t& out) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.remove_suffix(1);
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size();
}

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// mountinfo writes a space, tab, line end or backslash in a path as \ and three octal digits.
std::string unescape(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size()) {
      int v = 0;
      bool octal = true;
      for (std::size_t k = 1; k <= 3; ++k) {
        if (s[i + k] < '0' || s[i + k] > '7') octal = false;
        v = v * 8 + (s[i + k] - '0');
      }
      if (octal) {
        out += static_cast<char>(v);
        i += 3;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

bool has_token(std::string_view list, std::string_view token) {
  while (!list.empty()) {
    const auto comma = list.find(',');
    if (list.substr(0, comma) == token) return true;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

int cores_from_cpu_max(std::string_view text, int cores) {
  const auto space = text.find(' ');
  if (space == std::string_view::npos || text.substr(0, space) == "max") return cores;
  std::uint64_t quota = 0, period = 0;
  if (!number(text.substr(0, space), quota) || !number(text.substr(space + 1), period))
    return cores;
  return cap(quota, period, cores);
}

int cores_from_cfs(std::string_view quota, std::string_view period, int cores) {
  std::uint64_t q = 0, p = 0;  // "-1" is no number here: no limit
  if (!number(quota, q) || !number(period, p)) return cores;
  return cap(q, p, cores);
}

std::vector<CgroupMount> cgroup_mounts(std::string_view mountinfo) {
  std::vector<CgroupMount> mounts;
  std::istringstream lines{std::string(mountinfo)};
  std::string line;
  while (std::getline(lines, line)) {
    // id parent major:minor root point options [optional fields] - type source super-options
    std::istringstream fields(line);
    std::vector<std::string> f;
    for (std::string w; fields >> w;) f.push_back(w);
    const auto dash = std::find(f.begin(), f.end(), "-");
    if (f.size() < 5 || dash == f.end() || f.end() - dash < 2) continue;
    const std::string& type = dash[1];
    const std::string super = f.end() - dash >= 4 ? dash[3] : "";
    if (type == "cgroup2" || (type == "cgroup" && has_token(super, "cpu")))
      mounts.push_back({type == "cgroup2", unescape(f[3]), unescape(f[4])});
  }
  return mounts;
}

std::string cgroup_dir(const CgroupMount& m, std::string_view path) {
  if (m.root == "/") return path == "/" ? m.point : m.point + std::string(path);
  if (path.substr(0, m.root.size()) == m.root &&
      (path.size() == m.root.size() || path[m.root.size()] == '/'))
    return m.point + std::string(path.substr(m.root.size()));
  return m.point;
}

int cores_from_cgroup(const CgroupMount& m, const std::string& dir, int cores) {
  std::string d = dir;
  for (;;) {
    cores = m.v2 ? cores_from_cpu_max(first_line(d + "/cpu.max"), cores)
                 : cores_from_cfs(first_line(d + "/cpu.cfs_quota_us"),
                                  first_line(d + "/cpu.cfs_period_us"), cores);
    if (d.size() <= m.point.size()) break;
    const auto slash = d.rfind('/');
    if (slash == std::string::npos || slash < m.point.size()) break;
    d.resize(slash);
  }
  return cores;
}

int machine_cores() {
  int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
#if defined(__linux__)
  cpu_set_t allowed;
  if (::sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 0)
    cores = CPU_COUNT(&allowed);
  std::ostringstream info;
  info << std::ifstream("/proc/self/mountinfo").rdbuf();
  const std::vector<CgroupMount> mounts = cgroup_mounts(info.str());
  // hierarchy:controllers:path; "0::path" is cgroup v2's.
  std::ifstream groups("/proc/self/cgroup");
  for (std::string line; std::getline(groups, line);) {
    const auto a = line.find(':');
    const auto b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    const std::string_view controllers = std::string_view(line).substr(a + 1, b - a - 1);
    const std::string_view path = std::string_view(line).substr(b + 1);
    const bool v2 = line.compare(0, a, "0") == 0 && controllers.empty();
    if (!v2 && !has_token(controllers, "cpu")) continue;
    for (const CgroupMount& m : mounts)
      if (m.v2 == v2) cores = cores_from_cgroup(m, cgroup_dir(m, path), cores);
  }
#endif
  return std::max(1, cores);
}

}  // namespace rochade::run
