// The cutter's lock (run/pipeline_parts.hpp, SpinningMutex): one holder at a time whether its
// waiters spin or sleep, and while the spinning is switched on and off under contention; the
// waits that spin before they sleep (a worker's free batches, the numbering) lose no wake-up and
// keep their order, and batches posted out of order are numbered in it; and the inputs that say
// a read may decode (no spinning on them: a read can hold the lock long).
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <random>
#include <stdexcept>
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

TEST_CASE("spin_until: true as soon as the condition holds, false after the spins", "[run][lock]") {
  int calls = 0;
  CHECK(run::detail::spin_until([&] { return ++calls == 5; }));
  CHECK(calls == 5);
  calls = 0;
  CHECK_FALSE(run::detail::spin_until([&] { return ++calls < 0; }));
  CHECK(calls == run::detail::kSpins + 1);
}

// A producer pushes batches one by one, now and then after a pause longer than the spin; the
// consumer pops each (spinning first, or not): every batch arrives, in order, and pop() returns
// nullptr once the queue is closed and empty.
TEST_CASE("batch queue: a pop that spins first gets every batch, in order", "[run][lock]") {
  for (const bool spin : {false, true}) {
    run::detail::BatchQueue q;
    std::vector<run::detail::Batch> batches(2000);
    std::thread producer([&] {
      for (std::size_t i = 0; i < batches.size(); ++i) {
        if (i % 200 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
        batches[i].sequence = i;
        q.push(&batches[i]);
      }
      q.close();
    });
    std::size_t got = 0;
    bool ordered = true;
    while (run::detail::Batch* b = q.pop(spin)) {
      ordered = ordered && b->sequence == got;
      ++got;
    }
    producer.join();
    CHECK(got == batches.size());
    CHECK(ordered);
    CHECK(q.pop(spin) == nullptr);
  }
}

// Three threads number interleaved batches (thread t has sequences t, t+3, ...), each waiting
// for the one before: with or without spinning, every batch is numbered in sequence order and
// ready() says so only for the next one.
TEST_CASE("numbering: waits that spin first number batches strictly in order", "[run][lock]") {
  for (const bool spin : {false, true}) {
    run::detail::Numbering numbering(0, false);
    constexpr int kThreads = 3;
    constexpr int kPer = 3000;
    std::vector<run::detail::Batch> batches(kThreads * kPer);
    for (std::size_t i = 0; i < batches.size(); ++i) {
      batches[i].sequence = i;
      batches[i].count = 1 + i % 3;
    }
    std::vector<std::thread> pool;
    for (int t = 0; t < kThreads; ++t) {
      pool.emplace_back([&, t] {
        for (int k = 0; k < kPer; ++k)
          numbering.number(batches[static_cast<std::size_t>(t + kThreads * k)], spin);
      });
    }
    for (auto& th : pool) th.join();
    std::uint64_t before = 0;
    bool ordered = true;
    for (const auto& b : batches) {
      ordered = ordered && b.before == before && b.limit == b.count;
      before += b.count;
    }
    CHECK(ordered);
    CHECK(numbering.games_of(0) == before);
    run::detail::Batch next;
    next.sequence = batches.size();
    CHECK(numbering.ready(next));
    next.sequence = 0;
    CHECK_FALSE(numbering.ready(next));
  }
}

// Counted after the replay: three threads hand batches of several inputs to the writer in a
// shuffled order, never waiting; the writer counts them in sequence order. Once all are counted,
// every game's ref gives its number in the input order, a ref past the last batch is refused, and
// each input has all its games.
TEST_CASE("numbering: batches counted out of order give the numbers of the input order",
          "[run][lock]") {
  run::detail::Numbering numbering(0, false);
  run::RunEvents events;
  run::detail::OrderedWriter writer(events, 0, nullptr, &numbering);
  run::detail::BatchQueue home;  // where the writer gives the batches back
  constexpr std::size_t kBatches = 6000;
  std::vector<run::detail::Batch> batches(kBatches);
  std::vector<std::uint64_t> base(kBatches);
  std::vector<std::uint64_t> per_input(4);
  std::uint64_t in_input = 0;
  for (std::size_t i = 0; i < kBatches; ++i) {
    run::detail::Batch& b = batches[i];
    b.sequence = i;
    b.input = static_cast<std::uint32_t>(i * 4 / kBatches);
    b.first = i == 0 || b.input != batches[i - 1].input;
    b.count = i % 5;  // some batches have no game
    b.limit = b.count;
    b.home = &home;
    if (b.first) in_input = 0;
    base[i] = in_input;
    in_input += b.count;
    per_input[b.input] += b.count;
  }
  std::vector<std::size_t> order(kBatches);
  for (std::size_t i = 0; i < kBatches; ++i) order[i] = i;
  std::mt19937 rng(18);
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < 3; ++t) {
    pool.emplace_back([&, t] {
      for (std::size_t k = t; k < kBatches; k += 3) writer.done(&batches[order[k]]);
    });
  }
  for (auto& th : pool) th.join();
  const run::GameNumbers numbers = numbering.take_numbers();
  std::size_t wrong = 0, games = 0;
  for (std::size_t i = 0; i < kBatches; ++i) {
    for (std::size_t g = 0; g < batches[i].count; ++g, ++games) {
      const analysis::GameRef ref{analysis::RunInput{batches[i].input}, run::detail::ref_key(i, g)};
      if (numbers.number(ref) != base[i] + g + 1) ++wrong;
    }
  }
  CHECK(games > kBatches);
  CHECK(wrong == 0);
  CHECK_THROWS_AS(numbers.number({analysis::RunInput{}, run::detail::ref_key(kBatches, 0)}),
                  std::logic_error);
  for (std::uint32_t in = 0; in < 4; ++in) CHECK(numbering.games_of(in) == per_input[in]);
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
