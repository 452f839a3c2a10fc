// --where EXPR (docs/CLI.md): which games a run analyses. EXPR compares the columns of the per-game
// table (analysis/game_columns.hpp) plus year, mean_elo and setup, and the --tag columns, with
// = != < <= > >= and ~ (contains, ignoring letter case as pgn::fold_case does); and, or, not,
// parentheses. Either side of a comparison is a column or a value: a number, or text in '…' or
// "…"; any other bare word is an error, so that a misspelt column is never read as text. It
// compares numbers when either side is a number column (a text column's value that is not a
// number is then missing), else text. A missing value (an empty column) is SQL's NULL: a
// comparison with it is unknown, `not` of unknown is unknown, `and`/`or` follow SQL's three-valued
// logic, and a game is kept only where the whole expression is true; `COL is null` and `COL is
// not null` test for a missing value. Parsing gives the expression or an error with the byte where
// it went wrong (errors are values).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/game_columns.hpp"
#include "analysis/game_consumer.hpp"

namespace rochade::analysis {

struct WhereError {
  std::size_t pos = 0;  // byte offset in the expression
  std::string message;
};

class Where {
 public:
  struct Parsed;
  // The expression, or an error naming the place. `tags`: the tags asked for with --tag, whose
  // columns (tag_column_name) it may compare too, as text.
  static Parsed parse(std::string_view text, const std::vector<std::string>& tags = {});

  // True when some column needs the replay (plies, castlings, findings): then the game must be
  // replayed before matches() can decide; otherwise its tags decide.
  bool needs_analysis() const { return needs_analysis_; }
  // True when some column needs the clocks (GameRecord::clock): the run reads the comments.
  bool needs_clocks() const { return needs_clocks_; }
  // True when it compares the game's number (the `game` column).
  bool needs_number() const { return needs_number_; }
  // `analysis` may be null when !needs_analysis(). `input`: the input's name as given.
  bool matches(const GameRecord& record, const GameAnalysis* analysis,
               std::string_view input) const;
  const std::string& text() const { return text_; }

  enum class Op : std::uint8_t { eq, ne, lt, le, gt, ge, contains, is_null, is_not_null, and_, or_, not_ };
  // SQL's three-valued logic: a comparison with a missing value is unknown.
  enum class Truth : std::uint8_t { false_, true_, unknown };
  // One side of a comparison: a column of the table, a --tag column or a value.
  struct Operand {
    enum class Kind : std::uint8_t { column, tag, value };
    Kind kind = Kind::value;
    Column column = Column::input;  // Kind::column
    int tag = -1;                   // Kind::tag: its index in tags_
    double number = 0;              // a value compared as a number
    std::string text;               // a value compared as text: UTF-8 (pgn::as_utf8)
  };
  struct Node {
    Op op = Op::eq;
    bool numeric = false;       // comparisons: as numbers (a side is a number column)
    Operand lhs, rhs;           // comparisons (is [not] null: lhs only)
    int left = -1, right = -1;  // and/or/not: operand nodes (not: left only)
  };

 private:
  friend class WhereParser;
  // The whole of `s` as a finite number ("2500", "-1.5"), or nullopt.
  static std::optional<double> number_of(std::string_view s);
  Truth eval(int node, const GameRecord& record, const GameAnalysis* analysis,
             std::string_view input) const;
  Truth compare(const Node& n, const GameRecord& record, const GameAnalysis* analysis,
               std::string_view input) const;

  std::string text_;
  std::vector<std::string> tags_;
  std::vector<Node> nodes_;
  int root_ = -1;
  bool needs_analysis_ = false;
  bool needs_clocks_ = false;
  bool needs_number_ = false;
};

struct Where::Parsed {
  std::optional<Where> where;
  WhereError error;  // when !where
};

// The message for a malformed expression: the error, the expression, a caret under the place.
std::string where_error_text(std::string_view expression, const WhereError& error);

// Passes on the games for which the expression holds and calls filtered() for the others: for
// an expression that needs the replay (a run without one decides before the replay instead).
class WhereConsumer : public GameConsumer {
 public:
  WhereConsumer(const Where& where, GameConsumer& inner,
                std::function<std::string_view(RunInput input)> input_name)
      : where_(where), inner_(inner), input_name_(std::move(input_name)) {}
  void game(const GameRecord& record, const GameAnalysis& analysis, std::string& out) override {
    if (where_.matches(record, &analysis, input_name_(record.ref.input)))
      inner_.game(record, analysis, out);
    else
      inner_.filtered(record);
  }
  void filtered(const GameRecord& record) override { inner_.filtered(record); }

 private:
  const Where& where_;
  GameConsumer& inner_;
  std::function<std::string_view(RunInput)> input_name_;
};

}  // namespace rochade::analysis
