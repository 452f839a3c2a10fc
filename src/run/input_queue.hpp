// Which input next. The specs of the command line in order, and the members of each archive as
// they are found (a ZIP or tar on standard input shows its members one after another, so the
// list of inputs grows while the run reads). Each input gets its number when it comes up, and
// one summary. Files after the current one are opened ahead, each decoded on its own thread
// (prefetch.hpp), so that several compressed inputs decode at once on a many-core machine.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "io/container.hpp"
#include "io/input.hpp"
#include "run/pipeline.hpp"
#include "run/prefetch.hpp"

namespace rochade::run {

class InputQueue {
 public:
  // `ahead`: inputs open (and decoding) at once, the current one included.
  InputQueue(const std::vector<io::InputSpec>& specs, std::size_t ahead, InputNames& names,
             RunEvents& events, Progress* progress);

  // The next input to cut, numbered index(); null when every input was read. With `stopped`,
  // nothing more is opened: the inputs not reached are listed as not read, and with
  // `list_members` (--max-games; not for an interrupt) so are the members of the archive it
  // stopped inside (their headers read to the archive's end).
  DecodedBytes* next(bool stopped, bool list_members = false);
  std::uint32_t index() const { return index_; }
  // Done with the current input. `reached_end`: its reading got to the end (or to a fault);
  // `interrupted`: the run was cancelled.
  void close(bool reached_end, bool interrupted);

  // One per input number, once next() returned null; unfinished()[i]: input i was left before
  // its end.
  std::vector<InputSummary> take_summaries() { return std::move(summaries_); }
  const std::vector<bool>& unfinished() const { return unfinished_; }
  // specs()[i]: the spec (command-line input) input i came from.
  std::vector<std::size_t> take_specs() { return std::move(summary_specs_); }

 private:
  struct Opened {
    const io::InputSpec* spec = nullptr;
    std::unique_ptr<DecodedBytes> text;
    std::unique_ptr<io::Container> container;
  };
  Opened open(const io::InputSpec& spec);
  std::unique_ptr<DecodedBytes> wrap(std::unique_ptr<io::Input> in, bool is_stdin, bool member);
  DecodedBytes* start(std::unique_ptr<DecodedBytes> in, std::string format);
  void finish_container();
  void add_summary(InputSummary s, bool unfinished, std::size_t spec);
  std::size_t spec_index(const io::InputSpec* spec) const {
    return static_cast<std::size_t>(spec - specs_.data());
  }
  void drain(bool list_members);

  const std::vector<io::InputSpec>& specs_;
  std::size_t ahead_;
  InputNames& names_;
  RunEvents& events_;
  Progress* progress_;
  std::deque<Opened> open_;     // specs opened ahead, in order
  std::size_t next_spec_ = 0;   // the next spec to open
  std::unique_ptr<io::Container> container_;  // the archive whose members come next
  bool container_stdin_ = false;
  std::size_t container_spec_ = 0;  // the spec the archive came from
  std::size_t current_spec_ = 0;    // the spec the current input came from
  std::size_t members_ = 0;     // PGN members of it so far
  std::unique_ptr<DecodedBytes> current_;
  std::string format_;          // of the current input, for its summary
  bool member_ = false;         // the current input is an archive member
  std::uint32_t index_ = 0;
  std::vector<InputSummary> summaries_;
  std::vector<bool> unfinished_;
  std::vector<std::size_t> summary_specs_;
};

}  // namespace rochade::run
