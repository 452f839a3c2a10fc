// How many cores this process may use: the default worker count. The machine's CPUs, fewer where
// the process's CPU affinity (taskset, a cluster job's cpuset) or a CPU quota on its cgroup
// (`docker run --cpus`, Kubernetes' CPU limits, systemd's CPUQuota; cgroup v2 or v1) says so.
// With workers that spin before they sleep, sixteen workers on two allowed CPUs would spin against
// each other.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rochade::run {

// The cores this process may use (at least 1). PipelineOptions::cores' 0.
int machine_cores();

// The parts, apart for tests. A quota caps `cores` at its CPUs rounded up (1.5 CPUs: two
// workers); text that cannot be read, or no limit, leaves `cores` as it is.
// cgroup v2 cpu.max: "max 100000" or "<quota> <period>" (microseconds).
int cores_from_cpu_max(std::string_view text, int cores);
// cgroup v1 cpu.cfs_quota_us ("-1": no limit) and cpu.cfs_period_us.
int cores_from_cfs(std::string_view quota, std::string_view period, int cores);

// A cgroup file system as /proc/self/mountinfo lists it: the cgroup v2 one, or a v1 one that has
// the cpu controller.
struct CgroupMount {
  bool v2 = false;
  std::string root;   // the cgroup seen at the mount point ("/", or a container's own)
  std::string point;  // where it is mounted
};
std::vector<CgroupMount> cgroup_mounts(std::string_view mountinfo);
// The directory of the cgroup `path` (a line of /proc/self/cgroup names it) under mount `m`: the
// mount point where the path is not below the mount's root (a container's view).
std::string cgroup_dir(const CgroupMount& m, std::string_view path);
// `cores` capped by the quota of the cgroup at `dir` and of each parent up to `m`'s mount point
// (a parent's quota limits its children too).
int cores_from_cgroup(const CgroupMount& m, const std::string& dir, int cores);

}  // namespace rochade::run
