// Fuzz target "replay": whole games from text to reports.
//
// Input: one option byte, then PGN text. Every game is read (RecordBuilder), replayed
// (Replayer) and added to Stats (with every group key, or none) and Highlights; games with
// findings are written in the three audit formats. Then:
//  - the statistics written as JSON (stats_to_json), read back (stats_from_json) and written
//    again give the same document, and the same totals;
//  - the statistics of the odd and of the even games, merged, equal those of all games;
//  - (option) the text, CSV, Markdown and HTML reports are written, and the same reports
//    printed from the JSON read back (as merge prints them) are the same bytes;
//  - (option) the same text run through run::run_pipeline (a temporary file, one thread,
//    pieces from 1 byte or 64 KiB, the stream read past max_chunk_bytes or not) gives the same
//    statistics and lists the same games with the same numbers (given after the run there).
// Options (bits of the first byte): 0 capture_raw, 1 chunk_bytes 1, 2 max_chunk_bytes small,
// 3 run the pipeline, 4 write the reports, 5 no group keys. The options keep the slow parts
// (the pipeline's file and buffers, the reports) to part of the inputs.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/highlights.hpp"
#include "analysis/records.hpp"
#include "analysis/replay.hpp"
#include "analysis/stats.hpp"
#include "fuzz_targets.hpp"
#include "io/input.hpp"
#include "pgn/reader.hpp"
#include "report/games/audit.hpp"
#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_json.hpp"
#include "run/pipeline.hpp"

using rochade::fuzz::check;
using rochade::fuzz::fail;
namespace analysis = rochade::analysis;
namespace report = rochade::report;
namespace pgn = rochade::pgn;
namespace io = rochade::io;
namespace run = rochade::run;

namespace {

const std::vector<analysis::GroupKey> kKeys{
    analysis::GroupKey::year,        analysis::GroupKey::decade, analysis::GroupKey::elo,
    analysis::GroupKey::timecontrol, analysis::GroupKey::eco,    analysis::GroupKey::result,
    analysis::GroupKey::event};

void check_analysis(const analysis::GameRecord& record, const analysis::GameAnalysis& a) {
  check(a.plies >= 0 && static_cast<std::size_t>(a.plies) <= record.move_count(),
        "more plies replayed than moves recorded");
  for (const analysis::CastlingEvent& e : a.castlings) {
    check(e.ply >= 1 && e.ply <= a.plies + 1, "a castling outside the replayed plies");
    check(e.king_from < 64 && e.king_to < 64, "a castling without king squares");
    check(e.rook_from <= 64 && e.rook_to <= 64, "a castling with a bad rook square");
  }
  for (const analysis::Finding& f : a.findings) {
    check(!analysis::finding_kind_name(f.kind).empty(), "a finding kind without a name");
    check(f.ply >= 0, "a finding at a negative ply");
  }
}

class Collector : public analysis::RecordSink {
 public:
  explicit Collector(const std::vector<analysis::GroupKey>& keys) : keys_(keys) {}
  void game(analysis::GameRecord& record) override {
    record.number = games + 1;  // as a run numbers them
    record.ref = {analysis::RunInput{}, games};
    replayer_.run(record, analysis_);
    check_analysis(record, analysis_);
    stats.add(record, analysis_, keys_);
    halves[games % 2].add(record, analysis_, keys_);
    highlights.add(record, analysis_);
    records.add(record, analysis_);
    ++games;
    if (analysis_.findings.empty()) return;
    std::vector<const analysis::Finding*> findings;
    for (const analysis::Finding& f : analysis_.findings) findings.push_back(&f);
    for (const auto format :
         {report::AuditFormat::text, report::AuditFormat::jsonl, report::AuditFormat::pgn})
      report::append_audit(format, "fuzz.pgn", record, findings, audit_);
    audit_.clear();
  }

  analysis::Stats stats;
  analysis::Stats halves[2];
  analysis::Highlights highlights;
  analysis::Records records;
  std::uint64_t games = 0;

 private:
  const std::vector<analysis::GroupKey>& keys_;
  analysis::Replayer replayer_;
  analysis::GameAnalysis analysis_;
  std::string audit_;
};

// As `stats` consumes: no numbers during the run, the listed games located after it.
class PipelineStats : public analysis::GameConsumer {
 public:
  explicit PipelineStats(const std::vector<analysis::GroupKey>& keys) : keys_(keys) {}
  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& a,
            std::string&) override {
    stats.add(record, a, keys_);
    highlights.add(record, a);
  }
  analysis::Stats stats;
  analysis::Highlights highlights;

 private:
  const std::vector<analysis::GroupKey>& keys_;
};

}  // namespace

int fuzz_replay(const std::uint8_t* data, std::size_t size) {
  rochade::fuzz::Bytes in(data, size);
  const std::uint8_t opt = in.take();
  const std::string_view text = in.rest();

  static const std::vector<analysis::GroupKey> kNoKeys;
  const auto& keys = (opt & 32) != 0 ? kNoKeys : kKeys;
  Collector c(keys);
  {
    pgn::MemorySource src(text);
    pgn::ReaderOptions ro;
    ro.capture_raw = (opt & 1) != 0;
    pgn::Reader reader(src, ro);
    analysis::RecordBuilder builder(c, analysis::RunInput{});
    reader.read_all(builder);
  }
  const auto place = [](analysis::GameRef ref) { return analysis::GamePlace{0, ref.key + 1}; };
  c.highlights.locate(place);
  c.records.locate(place);

  const std::string json = report::stats_to_json(c.stats);
  analysis::Stats back;
  std::string error;
  if (!report::stats_from_json(json, back, error)) fail("stats_to_json() unreadable: " + error);
  // Groups carry only games, castling, illegal castling and results (stats-json.md), so the
  // document, not the Stats value, must survive; the totals carry everything.
  const std::string again = report::stats_to_json(back);
  if (again != json || !(back.all == c.stats.all)) {
    std::size_t i = 0;
    while (i < json.size() && i < again.size() && json[i] == again[i]) ++i;
    const std::size_t nl = json.rfind('\n', i);
    const std::size_t from = nl == std::string::npos ? 0 : nl;
    fail("stats_to_json() read back differs: written\n" + json.substr(from, 300) +
         "\nread back and written again\n" + again.substr(from, 300));
  }
  analysis::Stats merged = c.halves[0];
  merged += c.halves[1];
  if (!(merged == c.stats)) fail("the statistics of odd and even games merged differ");

  if ((opt & 16) != 0) {
    const report::StatsReport rep{c.stats, c.highlights.sorted(), c.records};
    const std::string text = report::stats_to_text(rep), csv = report::stats_to_csv(rep),
                      md = report::stats_to_markdown(rep), html = report::stats_to_html(rep);
    check(!text.empty(), "empty text report");
    check(!csv.empty(), "empty CSV report");
    check(!md.empty(), "empty Markdown report");
    check(!html.empty(), "empty HTML report");
    // Printed from the document read back (merge), the reports are the run's: the listed
    // games' viewer too, replayed from the moves the document carries (docs/STATS-JSON.md),
    // and the castling records.
    const report::StatsRun listed{{}, {}, rep.highlights, false, 0, c.records};
    analysis::Stats read;
    report::StatsRun read_run;
    if (!report::stats_from_json(report::stats_to_json(c.stats, listed), read, error, &read_run))
      fail("stats_to_json() with the listed games unreadable: " + error);
    const report::StatsReport merged_rep{read, read_run.highlights, read_run.records};
    check(report::stats_to_html(merged_rep) == html,
          "the HTML report from the document read back differs from the run's");
    check(report::stats_to_text(merged_rep) == text,
          "the text report from the document read back differs from the run's");
    check(report::stats_to_csv(merged_rep) == csv,
          "the CSV report from the document read back differs from the run's");
    check(report::stats_to_markdown(merged_rep) == md,
          "the Markdown report from the document read back differs from the run's");
  }
  if ((opt & 8) == 0) return 0;
  // Text that starts like a compressed file or a container is decoded by the pipeline (and
  // fails), and binary content (NUL bytes in the first KiB...) is an error with no games:
  // nothing to compare.
  const auto* head = reinterpret_cast<const unsigned char*>(text.data());
  if (rochade::io::sniff_compression({head, text.size()}) != rochade::io::Compression::plain)
    return 0;
  std::string why;
  if (rochade::io::sniff_content({head, std::min<std::size_t>(text.size(), 1024)}, why) !=
      rochade::io::Content::text)
    return 0;

  // The pipeline: cut into pieces where games start, read and replayed piece by piece.
  const std::string& path = rochade::fuzz::temp_file("replay");
  rochade::fuzz::write_file(path, text);
  run::PipelineOptions po;
  po.threads = 1;
  po.capture_raw = (opt & 1) != 0;
  po.chunk_bytes = (opt & 2) != 0 ? 1 : 64 * 1024;
  po.max_chunk_bytes = (opt & 4) != 0 ? 1 + (opt >> 6) * 1000 : 16 << 20;
  po.numbers_during_run = false;
  PipelineStats ps(keys);
  run::RunEvents events;
  const run::PipelineResult ran = run::run_pipeline(
      io::file_specs({path}), po, [&ps](int) -> analysis::GameConsumer& { return ps; }, events);
  const auto& sums = ran.inputs;
  ps.highlights.locate([&](analysis::GameRef ref) {
    return analysis::GamePlace{static_cast<std::uint32_t>(ref.input), ran.numbers.number(ref)};
  });
  // Read to its end; or, text in which the reader found no game although it is not blank, the
  // error "not PGN text" (cli.md) with nothing counted.
  const bool not_pgn = sums.size() == 1 && c.games == 0 && sums[0].games == 0 &&
                       sums[0].error.starts_with("not PGN text: no game in it");
  check(sums.size() == 1 && (sums[0].complete() || not_pgn),
        "the pipeline did not read the whole file");
  if (sums[0].games != c.games) {
    fail("the pipeline counts " + std::to_string(sums[0].games) + " games, the reader " +
         std::to_string(c.games));
  }
  if (!(ps.stats == c.stats)) fail("the pipeline's statistics differ from one plain read");
  const auto listed = [](const analysis::Highlights& h) {
    std::string s;
    for (const analysis::Highlight& x : h.sorted())
      s += std::to_string(static_cast<int>(x.kind)) + " " + std::to_string(x.place.number) + " " +
           std::to_string(x.ply) + " " + x.san + "\n";
    return s;
  };
  if (listed(ps.highlights) != listed(c.highlights)) {
    fail("the pipeline lists other games than one plain read:\n" + listed(ps.highlights) +
         "against\n" + listed(c.highlights));
  }
  return 0;
}
