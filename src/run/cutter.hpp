// The cutter: the current input's text in pieces of about chunk_bytes, cut where a game starts
// (pgn/splitter.hpp), so that workers can read the pieces in parallel. An input with nowhere to
// cut within max_chunk_bytes (one huge game, a file without tags) is read as one stream instead,
// batch_games games per batch, by whichever worker asks next. Used by one worker at a time
// (under the pipeline's lock).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "analysis/game_record.hpp"
#include "pgn/reader.hpp"
#include "run/pipeline.hpp"
#include "run/pipeline_parts.hpp"
#include "run/prefetch.hpp"

namespace rochade::run {

// Games read from a piece or from the stream go into the current batch, which is set before any
// reading; text between games that is not PGN is kept with them, in order.
class BatchSink : public analysis::RecordSink {
 public:
  explicit BatchSink(const InputNames& names) : names_(names) {}
  detail::Batch* batch = nullptr;
  void game(analysis::GameRecord& record) override { std::swap(batch->next_record(), record); }
  void skipped(std::uint32_t input, const pgn::ParseError& e) override {
    batch->skipped.push_back({input, std::string(names_[input]), e});  // messages: literals
    batch->skipped_at.push_back(batch->count);
  }

 private:
  const InputNames& names_;
};

class Cutter {
 public:
  Cutter(const PipelineOptions& o, const InputNames& names);
  ~Cutter();
  Cutter(const Cutter&) = delete;
  Cutter& operator=(const Cutter&) = delete;

  // A new input, numbered `input`.
  void start(DecodedBytes& in, std::uint32_t input);
  // Fills `b` (numbered already) with the input's next piece, or with the games of its next
  // stream batch. `stopped`: nothing more is wanted; the input ends here.
  void next(detail::Batch& b, bool (*stopped)(const void*), const void* ctx);
  bool done() const { return done_; }                // the input's last batch was handed out
  bool reached_end() const { return reached_end_; }  // its reading got to the end (or a fault)

 private:
  struct Stream;
  void piece(detail::Batch& b, bool (*stopped)(const void*), const void* ctx);
  void start_stream(detail::Batch& b);
  void stream_batch(detail::Batch& b, bool (*stopped)(const void*), const void* ctx);

  const PipelineOptions& opts_;
  const InputNames& names_;
  DecodedBytes* in_ = nullptr;
  std::uint32_t input_ = 0;
  bool done_ = true;
  bool reached_end_ = false;
  std::string carry_;  // the text after the last cut, and where it starts
  std::uint64_t carry_line_ = 1, carry_byte_ = 0;
  std::unique_ptr<Stream> stream_;
};

}  // namespace rochade::run
