// The viewer page of find and audit --format html past its cap (--html-max-games): the run builds
// the objects of the games the page keeps, and only counts the others (app::ViewerWriter's
// report::ViewerGames given the page's full()), with the same page for any number of workers. (The
// real binary's pages: tests/viewer; their bytes against an earlier binary: tests/snapshot.)
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/game_consumer.hpp"
#include "app/game_writers.hpp"
#include "app/run_support.hpp"
#include "report/viewer/viewer_data.hpp"
#include "support/data.hpp"

using namespace rochade;
using rochade::test::data_file;
using rochade::test::read_file;
using rochade::test::TempDir;

namespace {

// find --format html's consumer without a predicate: every game goes to the page.
class PageConsumer : public analysis::GameConsumer {
 public:
  PageConsumer(app::WorkerId worker, app::GameWriter& writer)
      : worker_(worker.index), writer_(writer) {}
  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            std::string& out) override {
    ++games;
    writer_.game(worker_, record, analysis, report::all_findings(analysis), out);
  }
  std::uint64_t games = 0;

 private:
  int worker_;
  app::GameWriter& writer_;
};

struct PageRun {
  std::string page;
  std::uint64_t games = 0;  // given to the page
  std::uint64_t built = 0;  // whose object a worker built
};

// The page of the games of tests/data's lichess and masters folders (several pieces of 64 KiB).
PageRun make_page(const TempDir& dir, int threads, std::uint64_t cap) {
  app::InputOptions in;
  in.inputs = {data_file("masters"), data_file("lichess")};
  in.output = (dir / ("page-" + std::to_string(threads) + ".html")).string();
  in.threads = threads;
  in.quiet = true;
  in.no_progress = true;
  app::Job job("find", in);
  app::ViewerWriter page("find", cap, job.workers, job.names);
  app::Workers<PageConsumer> consumers(job.workers, page);
  REQUIRE_FALSE(app::run_job(job, consumers, page).failed);
  PageRun r{read_file(in.output)};
  for (const auto& c : consumers) r.games += c->games;
  r.built = page.built();
  return r;
}

// The games' objects of a page, one a line.
std::vector<std::string> game_lines(const std::string& page) {
  std::vector<std::string> out;
  for (std::size_t at = page.find("\n{\"input\":"); at != std::string::npos;
       at = page.find("\n{\"input\":", at + 1)) {
    const std::size_t end = page.find('\n', at + 1);
    std::string line = page.substr(at + 1, end - at - 1);
    if (line.back() == ',') line.pop_back();
    out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("a capped page builds only the games it keeps", "[viewer]") {
  TempDir dir;
  const PageRun whole = make_page(dir, 1, 1'000'000);
  REQUIRE(whole.games > 200);
  CHECK(whole.built == whole.games);
  const std::vector<std::string> all = game_lines(whole.page);
  REQUIRE(all.size() == whole.games);

  constexpr std::uint64_t cap = 5;
  const PageRun capped = make_page(dir, 1, cap);
  CHECK(capped.games == whole.games);
  // One worker: the page is full once the first pieces are written; the games of the later
  // pieces are counted, not built.
  CHECK(capped.built >= cap);
  CHECK(capped.built < whole.games / 2);
  const std::vector<std::string> kept = game_lines(capped.page);
  CHECK(kept == std::vector<std::string>(all.begin(), all.begin() + cap));
  CHECK(capped.page.find("\"shown\":5,\"left_out\":" + std::to_string(whole.games - cap) + ",") !=
        std::string::npos);
  // The same page whatever the workers (which games they skip depends on their timing).
  for (const int threads : {2, 3}) {
    const PageRun other = make_page(dir, threads, cap);
    CHECK(other.games == whole.games);
    CHECK(other.built <= whole.games);
    CHECK(other.page == capped.page);
  }
}
