// What the per-game outputs of a run append on a worker: the bytes, and where a game's number
// goes when the run has not numbered the game yet.
//
// A game's number is its place in its input, known only once every earlier piece of that input
// is counted. A run that numbers games as it goes makes each worker wait for that before it
// replays a piece (run::RunModes::numbers_first). Where the number is only written, the writer
// leaves a mark instead, and the run writes the number in when the piece's output takes its
// turn to be written, in input order (run/pipeline_parts.hpp, OrderedWriter): no worker waits.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "analysis/game_record.hpp"

namespace rochade::analysis {

class GameOutput {
 public:
  // How a number is written: decimal digits (text), or 8 bytes in the machine's order (the rows
  // of report/games/sqlite_table).
  enum class NumberForm : std::uint8_t { decimal, int64 };

  // A place in `text` where the number of the game `key` (GameRef::key) goes.
  struct Mark {
    std::size_t at = 0;
    std::uint64_t key = 0;
    NumberForm form = NumberForm::decimal;
  };

  std::string text;

  // Appends the game's number: at once where the run numbered it (GameRecord::number), else a
  // mark for the run to fill.
  void number(const GameRecord& record, NumberForm form = NumberForm::decimal) {
    if (record.number == 0) {
      marks_.push_back({text.size(), record.ref.key, form});
      return;
    }
    append_number(record.number, form, text);
  }

  const std::vector<Mark>& marks() const { return marks_; }
  bool empty() const { return text.empty() && marks_.empty(); }
  void clear() {
    text.clear();
    marks_.clear();
  }

  static void append_number(std::uint64_t n, NumberForm form, std::string& out) {
    char digits[20];
    if (form == NumberForm::int64) {
      const auto v = static_cast<std::int64_t>(n);
      std::memcpy(digits, &v, 8);
      out.append(digits, 8);
      return;
    }
    out.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
  }

  // `text` with each mark's number written in, number_of(key) giving it.
  template <class NumberOf>
  void fill(const NumberOf& number_of, std::string& out) const {
    std::size_t from = 0;
    for (const Mark& m : marks_) {
      out.append(text, from, m.at - from);
      append_number(number_of(m.key), m.form, out);
      from = m.at;
    }
    out.append(text, from);
  }

 private:
  std::vector<Mark> marks_;  // in the order of `at`
};

}  // namespace rochade::analysis
