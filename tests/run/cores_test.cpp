// The default worker count (run/cores.hpp): the CPUs this process may use, capped by a CPU quota
// on its cgroup, v2 (cpu.max) or v1 (cpu.cfs_quota_us), at its own level or a parent's, found
// where /proc/self/mountinfo says the cgroup file system is mounted (a container's view too).
#include "run/cores.hpp"

#include <sched.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "support/data.hpp"

using namespace rochade;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

}  // namespace

// A thread allowed one CPU counts one (as `taskset -c N rochade` or a cluster job's cpuset would).
TEST_CASE("machine cores: the CPUs this thread may use", "[run]") {
  const int all = run::machine_cores();
  CHECK(all >= 1);
  CHECK(static_cast<unsigned>(all) <= std::max(1U, std::thread::hardware_concurrency()));
#if defined(__linux__)
  cpu_set_t allowed;
  REQUIRE(::sched_getaffinity(0, sizeof allowed, &allowed) == 0);
  int first = 0;
  while (!CPU_ISSET(first, &allowed)) ++first;
  int pinned = 0;
  std::thread one([&] {
    cpu_set_t single;
    CPU_ZERO(&single);
    CPU_SET(first, &single);
    if (::sched_setaffinity(0, sizeof single, &single) == 0) pinned = run::machine_cores();
  });
  one.join();
  CHECK(pinned == 1);
#endif
}

TEST_CASE("machine cores: quota lines of cgroup v2 and v1", "[run]") {
  CHECK(run::cores_from_cpu_max("max 100000", 16) == 16);
  CHECK(run::cores_from_cpu_max("200000 100000", 16) == 2);
  CHECK(run::cores_from_cpu_max("150000 100000", 16) == 2);  // 1.5 CPUs: two workers
  CHECK(run::cores_from_cpu_max("50000 100000", 16) == 1);
  CHECK(run::cores_from_cpu_max("3200000 100000", 16) == 16);  // more than the CPUs: no change
  CHECK(run::cores_from_cpu_max("300000 100000\n", 16) == 3);
  CHECK(run::cores_from_cpu_max("", 4) == 4);
  CHECK(run::cores_from_cpu_max("0 100000", 4) == 4);
  CHECK(run::cores_from_cpu_max("x 100000", 4) == 4);
  CHECK(run::cores_from_cpu_max("100000 0", 4) == 4);
  CHECK(run::cores_from_cpu_max("100000 1000x", 4) == 4);
  CHECK(run::cores_from_cfs("-1", "100000", 8) == 8);  // no limit
  CHECK(run::cores_from_cfs("250000", "100000", 8) == 3);
  CHECK(run::cores_from_cfs("100000", "100000", 8) == 1);
  CHECK(run::cores_from_cfs("", "", 8) == 8);
  CHECK(run::cores_from_cfs("100000", "0", 8) == 8);
}

TEST_CASE("machine cores: cgroup mounts from mountinfo, and a cgroup's directory", "[run]") {
  const std::string info =
      "22 1 0:21 / /sys rw,nosuid - sysfs sysfs rw\n"
      "30 22 0:26 / /sys/fs/cgroup/unified rw shared:9 - cgroup2 cgroup2 rw,nsdelegate\n"
      "31 22 0:27 / /sys/fs/cgroup/cpu,cpuacct rw shared:10 - cgroup cgroup rw,cpu,cpuacct\n"
      "32 22 0:28 / /sys/fs/cgroup/cpuset rw shared:11 - cgroup cgroup rw,cpuset\n"
      "33 22 0:29 /docker/ab12 /sys/fs/cgroup/my\\040cpu ro - cgroup cgroup ro,cpu\n"
      "bad line\n";
  const auto mounts = run::cgroup_mounts(info);
  REQUIRE(mounts.size() == 3);  // not cpuset, not sysfs
  CHECK(mounts[0].v2);
  CHECK(mounts[0].point == "/sys/fs/cgroup/unified");
  CHECK_FALSE(mounts[1].v2);
  CHECK(mounts[1].point == "/sys/fs/cgroup/cpu,cpuacct");
  CHECK(mounts[2].root == "/docker/ab12");
  CHECK(mounts[2].point == "/sys/fs/cgroup/my cpu");  // \040 is a space

  CHECK(run::cgroup_dir(mounts[0], "/") == "/sys/fs/cgroup/unified");
  CHECK(run::cgroup_dir(mounts[0], "/user.slice/job") == "/sys/fs/cgroup/unified/user.slice/job");
  // A container sees its own cgroup at the mount point.
  CHECK(run::cgroup_dir(mounts[2], "/docker/ab12") == "/sys/fs/cgroup/my cpu");
  CHECK(run::cgroup_dir(mounts[2], "/docker/ab12/x") == "/sys/fs/cgroup/my cpu/x");
  CHECK(run::cgroup_dir(mounts[2], "/docker/ab123") == "/sys/fs/cgroup/my cpu");
}

TEST_CASE("machine cores: the quota of the cgroup or of any parent", "[run]") {
  test::TempDir tmp;
  const std::string point = tmp.path().string();
  const run::CgroupMount v2{true, "/", point};
  write(tmp / "cpu.max", "max 100000\n");
  write(tmp / "a/cpu.max", "400000 100000\n");
  write(tmp / "a/b/cpu.max", "max 100000\n");
  write(tmp / "a/b/c/cpu.max", "max 100000\n");
  CHECK(run::cores_from_cgroup(v2, point + "/a/b/c", 16) == 4);  // the grandparent's quota
  CHECK(run::cores_from_cgroup(v2, point + "/a/b/c", 2) == 2);
  CHECK(run::cores_from_cgroup(v2, point, 16) == 16);
  CHECK(run::cores_from_cgroup(v2, point + "/missing/dir", 16) == 16);
  write(tmp / "a/b/c/cpu.max", "150000 100000\n");
  CHECK(run::cores_from_cgroup(v2, point + "/a/b/c", 16) == 2);

  const run::CgroupMount v1{false, "/", (tmp / "v1").string()};
  write(tmp / "v1/cpu.cfs_quota_us", "-1\n");
  write(tmp / "v1/cpu.cfs_period_us", "100000\n");
  write(tmp / "v1/docker/cpu.cfs_quota_us", "300000\n");
  write(tmp / "v1/docker/cpu.cfs_period_us", "100000\n");
  CHECK(run::cores_from_cgroup(v1, (tmp / "v1/docker").string(), 16) == 3);
  CHECK(run::cores_from_cgroup(v1, (tmp / "v1").string(), 16) == 16);
}
