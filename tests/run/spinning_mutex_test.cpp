// The cutter's lock (run/pipeline_parts.hpp, SpinningMutex): one holder at a time whether its
// waiters spin or sleep, and while the spinning is switched on and off under contention; and the
// inputs that say a read may decode (no spinning on them: a read can hold the lock long).
#include <atomic>
#include <catch2/catch.hpp>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "io/input.hpp"
#include "run/pipeline_parts.hpp"
#include "run/prefetch.hpp"

using namespace rochade;

namespace {

// Threads that each take the lock `rounds` times; inside, a plain counter and a count of holders.
void contend(run::detail::SpinningMutex& m, int threads, int rounds, bool toggle) {
  long counter = 0;
  std::atomic<int> holders{0};
  std::atomic<int> most{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (int i = 0; i < rounds; ++i) {
        if (toggle && t == 0 && i % 97 == 0) m.spin(i % 2 == 0);
        const std::lock_guard lock(m);
        const int now = holders.fetch_add(1) + 1;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
        ++counter;
        holders.fetch_sub(1);
      }
    });
  }
  for (auto& th : pool) th.join();
  CHECK(counter == static_cast<long>(threads) * rounds);
  CHECK(most.load() == 1);
}

}  // namespace

TEST_CASE("spinning mutex: one holder at a time, spinning or not", "[run][lock]") {
  run::detail::SpinningMutex m;
  SECTION("waiters sleep at once") { contend(m, 3, 100000, false); }
  SECTION("waiters spin first") {
    m.spin(true);
    contend(m, 3, 100000, false);
  }
  SECTION("spinning switched on and off while others wait") { contend(m, 3, 100000, true); }
  SECTION("try_lock fails while held, and succeeds once released") {
    m.spin(true);
    m.lock();
    std::thread other([&] { CHECK_FALSE(m.try_lock()); });
    other.join();
    m.unlock();
    REQUIRE(m.try_lock());
    m.unlock();
  }
}

TEST_CASE("decoded bytes: which reads may decode under the cutter's lock", "[run][lock]") {
  const std::string plain =
      std::string(ROCHADE_SOURCE_DIR) + "/tests/data/masters/Anand_Kramnik.pgn";
  const std::string zst = std::string(ROCHADE_SOURCE_DIR) + "/data/sample.pgn.zst";
  CHECK_FALSE(run::DirectBytes(io::Input::open(plain)).decodes());
  CHECK(run::DirectBytes(io::Input::open(zst)).decodes());  // as standard input is read
  run::Prefetch ahead(io::Input::open(zst));
  CHECK(ahead.decodes());
  ahead.stop();
}
