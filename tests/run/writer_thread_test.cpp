// The writer thread (run/writer_thread.hpp): the sink gets the text in the order it was handed
// over, in batches of whole hand-overs; after the sink fails it gets nothing more, and neither
// write nor finish waits for it.
#include "run/writer_thread.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <thread>

using namespace rochade;

namespace {

// Keeps what it is given; fails at the batch numbered `fail_at` (0: never).
class Keep : public run::WriterThread::Sink {
 public:
  explicit Keep(int fail_at = 0) : fail_at_(fail_at) {}
  bool write(std::string_view batch) override {
    if (++batches == fail_at_) return false;
    text.append(batch);
    return true;
  }
  std::string text;
  int batches = 0;

 private:
  int fail_at_;
};

}  // namespace

TEST_CASE("writer thread: the text arrives whole and in order, in batches", "[run]") {
  Keep sink;
  std::string sent;
  {
    run::WriterThread thread(sink, 1000, 2);
    for (int i = 0; i < 5000; ++i) {
      const std::string line = "game " + std::to_string(i) + "\n";
      sent += line;
      thread.write(line);
    }
    REQUIRE(thread.finish());
  }
  CHECK(sink.text == sent);
  CHECK(sink.batches > 10);   // handed over in batches of about 1000 bytes ...
  CHECK(sink.batches < 100);  // ... not one per write
}

TEST_CASE("writer thread: a sink that fails is given nothing more", "[run]") {
  Keep sink(3);
  run::WriterThread thread(sink, 100, 1);
  for (int i = 0; i < 10000; ++i) thread.write(std::string(50, 'x'));  // never blocks for good
  CHECK_FALSE(thread.finish());
  CHECK(sink.batches == 3);
  CHECK(sink.text.size() < 1000);
}
