// Every count of analysis::Counts (ROCHADE_COUNTS_FIELDS) survives merge, comparison, JSON and
// CSV, and Counts::largest sees it: a count that one of them forgets makes a check here fail.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "analysis/stats.hpp"
#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_json.hpp"

namespace {

using rochade::analysis::Counts;
using rochade::analysis::Stats;

// Sets every count reachable from `v` to a distinct value (numbers from `next`).
void fill(std::uint64_t& v, std::uint64_t& next) { v = next++; }
void fill(std::vector<std::uint64_t>& v, std::uint64_t& next) {
  v.assign(3, 0);
  v[1] = next++;
  v[2] = next++;
}
template <class T, std::size_t N>
void fill(std::array<T, N>& a, std::uint64_t& next) {
  for (auto& x : a) fill(x, next);
}

int field_count() {
  int n = 0;
  Counts c;
  c.for_each_field([&](const char*, auto&) { ++n; });
  return n;
}

// Counts with only field `k` (in visiting order) filled.
Counts only_field(int k) {
  Counts c;
  int i = 0;
  std::uint64_t next = 7;
  c.for_each_field([&](const char*, auto& m) {
    if (i++ == k) fill(m, next);
  });
  return c;
}

std::string name_of_field(int k) {
  std::string name;
  int i = 0;
  Counts c;
  c.for_each_field([&](const char* n, auto&) {
    if (i++ == k) name = n;
  });
  return name;
}

}  // namespace

TEST_CASE("every count survives JSON, merge and CSV", "[report][stats][fields]") {
  const int n = field_count();
  REQUIRE(n >= 20);
  Stats empty;
  const std::string empty_json = rochade::report::stats_to_json(empty);
  const std::string empty_csv = rochade::report::stats_to_csv({empty, {}});
  for (int k = 0; k < n; ++k) {
    INFO("field " << name_of_field(k));
    Stats s;
    s.all = only_field(k);
    s.groups[rochade::analysis::GroupKey::decade]["1980s"] = s.all;  // a group carries every count too (merge needs it)
    CHECK_FALSE(s.all == Counts{});  // comparison sees the field
    CHECK(s.all.largest() >= 7);     // so does merge's check of its sums against a limit
    const std::string json = rochade::report::stats_to_json(s);
    CHECK(json != empty_json);  // JSON writes it
    Stats back;
    std::string error;
    REQUIRE(rochade::report::stats_from_json(json, back, error));
    CHECK(back.all == s.all);  // JSON reads it back
    CHECK(back.groups == s.groups);
    Stats twice = s;
    twice += s;
    CHECK_FALSE(twice.all == s.all);  // merge adds it
    const std::string csv = rochade::report::stats_to_csv({s, {}});
    CHECK(csv != empty_csv);  // CSV writes it
  }
}
