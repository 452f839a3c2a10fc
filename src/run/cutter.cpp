#include "run/cutter.hpp"

#include <algorithm>
#include <cstring>

#include "pgn/splitter.hpp"
#include "run/progress.hpp"

namespace rochade::run {
namespace {

constexpr std::size_t kTail = 8 * 1024;  // where a piece's last game start is looked for

// The bytes of a piece not handed on yet, then the rest of the input.
class RestSource : public pgn::ByteSource {
 public:
  RestSource(std::string_view head, DecodedBytes& in) : head_(head), in_(in) {}
  std::size_t read(char* dst, std::size_t n) override {
    if (!head_.empty()) {
      const std::size_t k = std::min(n, head_.size());
      std::memcpy(dst, head_.data(), k);
      head_.remove_prefix(k);
      return k;
    }
    return in_.read(dst, n);
  }

 private:
  std::string_view head_;
  DecodedBytes& in_;
};

}  // namespace

// The games of a stream go into the current batch one game late: the end of the input shows
// only when the reader finds no game after the last, and the batch the last game goes into is
// the one that says whether the input's reading failed after it (Batch::ends_in_error). Text
// that is not a game hands the game before it on at once, so that the order of the two stays.
// A stream's records own their text (none borrows the reader's buffer), so one may wait here.
class HoldingSink : public BatchSink {
 public:
  using BatchSink::BatchSink;
  void game(analysis::GameRecord& record) override {
    hand_on();
    std::swap(held_, record);
    holding_ = true;
  }
  void skipped(std::uint32_t input, const pgn::ParseError& e) override {
    hand_on();
    BatchSink::skipped(input, e);
  }
  // The game held, into the current batch.
  void hand_on() {
    if (holding_) std::swap(batch->next_record(), held_);
    holding_ = false;
  }

 private:
  analysis::GameRecord held_;
  bool holding_ = false;
};

struct Cutter::Stream {
  Stream(std::string head, DecodedBytes& in, const pgn::ReaderOptions& ro, const InputNames& names,
         std::uint32_t input)
      : head_text(std::move(head)),
        src(head_text, in),
        reader(src, ro),
        sink(names),
        builder(sink, analysis::RunInput{input}) {}
  std::string head_text;
  RestSource src;
  pgn::Reader reader;
  HoldingSink sink;
  analysis::RecordBuilder builder;
};

Cutter::Cutter(const PipelineOptions& o, const InputNames& names) : opts_(o), names_(names) {}

Cutter::~Cutter() = default;

void Cutter::start(DecodedBytes& in, std::uint32_t input) {
  in_ = &in;
  input_ = input;
  done_ = false;
  reached_end_ = false;
  carry_.clear();
  carry_line_ = 1;
  carry_byte_ = 0;
  stream_.reset();
}

void Cutter::next(detail::Batch& b, bool (*stopped)(const void*), const void* ctx) {
  if (stream_) {
    stream_batch(b, stopped, ctx);
  } else {
    piece(b, stopped, ctx);
  }
  if (done_) stream_.reset();
}

// The text after the last cut, then more until a cut at least chunk_bytes in; hands out the
// text before the cut and keeps the rest. The input's last piece (possibly empty) ends it.
void Cutter::piece(detail::Batch& b, bool (*stopped)(const void*), const void* ctx) {
  b.first_line = carry_line_;
  b.first_byte = carry_byte_;
  pgn::TextBuffer& t = b.text;
  t.assign(carry_);
  carry_.clear();
  std::size_t search_from = opts_.chunk_bytes;
  while (!stopped(ctx)) {
    // A whole block at once: io::Input reads 64 KiB straight into the piece, skipping its staging.
    const std::size_t want = std::min(kReadBlock, std::max<std::size_t>(opts_.chunk_bytes, 4096));
    const std::size_t n = in_->read(t.append_space(want), want);  // straight into the piece
    t.commit(n);
    if (opts_.progress) opts_.progress->consumed(in_->input());
    if (n == 0) {
      reached_end_ = true;
      b.ends_in_error = in_->input().error().has_value();  // final once read() gave 0
      break;
    }
    if (t.size() < opts_.chunk_bytes) continue;
    // The last game start of the piece keeps the text carried into the next piece short (it is
    // copied twice): looked for in its last kTail bytes first, then anywhere past chunk_bytes.
    std::size_t cut = pgn::kNoCut;
    if (t.size() >= opts_.chunk_bytes + kTail)
      cut = pgn::find_game_cut(t.view(), t.size() - kTail);
    if (cut == pgn::kNoCut) cut = pgn::find_game_cut(t.view(), search_from);
    if (cut == pgn::kNoCut) {
      const auto nl = t.view().rfind('\n');
      if (nl != std::string_view::npos && nl + 1 > search_from) search_from = nl + 1;
      if (t.size() >= opts_.max_chunk_bytes) {
        start_stream(b);
        stream_batch(b, stopped, ctx);
        return;
      }
      continue;
    }
    carry_.assign(t.view().substr(cut));
    carry_byte_ = b.first_byte + cut;
    carry_line_ = b.first_line + pgn::count_line_ends(t.view().substr(0, cut));
    t.truncate(cut);
    return;
  }
  b.cut_short = !reached_end_;  // stopped before the input's end
  done_ = true;
}

void Cutter::start_stream(detail::Batch& b) {
  pgn::ReaderOptions ro;
  ro.capture_raw = opts_.capture_raw;
  ro.first_line = b.first_line;
  ro.first_byte = b.first_byte;
  std::string head(b.text.view());
  b.text.clear();
  stream_ = std::make_unique<Stream>(std::move(head), *in_, ro, names_, b.input);
  stream_->builder.read_clocks(opts_.read_clocks);
}

void Cutter::stream_batch(detail::Batch& b, bool (*stopped)(const void*), const void* ctx) {
  b.parsed = true;
  stream_->sink.batch = &b;
  bool more = true;
  while (b.count < opts_.batch_games && !stopped(ctx) &&
         (more = stream_->reader.read_game(stream_->builder))) {
  }
  if (opts_.progress) opts_.progress->consumed(in_->input());
  if (!more) {
    reached_end_ = true;
    b.ends_in_error = in_->input().error().has_value();  // final once the reading ended
  }
  if (!more || stopped(ctx)) {
    done_ = true;
    stream_->sink.hand_on();  // the last game
    b.mark_cut_off();
  }
  stream_->sink.batch = nullptr;
}

}  // namespace rochade::run
