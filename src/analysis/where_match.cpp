// --where: the value of an expression for one game (where.hpp), SQL's three-valued logic over
// comparisons of columns and values.
#include <charconv>
#include <cmath>
#include <string>

#include "analysis/where.hpp"
#include "pgn/tokens.hpp"

namespace rochade::analysis {

std::optional<double> Where::number_of(std::string_view s) {
  double v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v))
    return std::nullopt;
  return v;
}

bool Where::matches(const GameRecord& record, const GameAnalysis* analysis,
                    std::string_view input) const {
  return root_ < 0 || eval(root_, record, analysis, input) == Truth::true_;
}

Where::Truth Where::eval(int i, const GameRecord& r, const GameAnalysis* a,
                         std::string_view in) const {
  const Node& n = nodes_[static_cast<std::size_t>(i)];
  switch (n.op) {
    case Op::and_: {
      const Truth left = eval(n.left, r, a, in);
      if (left == Truth::false_) return Truth::false_;
      const Truth right = eval(n.right, r, a, in);
      if (right == Truth::false_) return Truth::false_;
      return left == Truth::true_ && right == Truth::true_ ? Truth::true_ : Truth::unknown;
    }
    case Op::or_: {
      const Truth left = eval(n.left, r, a, in);
      if (left == Truth::true_) return Truth::true_;
      const Truth right = eval(n.right, r, a, in);
      if (right == Truth::true_) return Truth::true_;
      return left == Truth::false_ && right == Truth::false_ ? Truth::false_ : Truth::unknown;
    }
    case Op::not_: {
      const Truth t = eval(n.left, r, a, in);
      return t == Truth::unknown ? t : t == Truth::true_ ? Truth::false_ : Truth::true_;
    }
    default:
      return compare(n, r, a, in);
  }
}

namespace {

// One side's value for a game: missing, a number, or text as the outputs write it (UTF-8).
struct Side {
  bool missing = true;
  double number = 0;
  std::string_view text;
};

// The buffers a side's text may need (column_value's and as_utf8's), kept from game to game.
struct SideBuffers {
  std::string value, converted;
};

}  // namespace

Where::Truth Where::compare(const Node& n, const GameRecord& r, const GameAnalysis* a,
                            std::string_view in) const {
  thread_local SideBuffers buffers[2];
  const auto side = [&](const Operand& o, SideBuffers& b) {
    Side s;
    if (o.kind == Operand::Kind::value) {
      s.missing = false;
      s.number = o.number;
      s.text = o.text;
      return s;
    }
    ColumnValue v;
    if (o.kind == Operand::Kind::tag) {
      const std::string_view tag = r.tag(tags_[static_cast<std::size_t>(o.tag)]);
      if (!tag.empty()) v = {ColumnValue::Kind::text, 0, tag};
    } else {
      v = column_value(o.column, r, a, in, b.value);
    }
    if (v.kind == ColumnValue::Kind::missing) return s;
    if (n.numeric) {  // a text column's value compared with a number column: read as a number
      if (v.kind == ColumnValue::Kind::number) {
        s.missing = false;
        s.number = v.real();
      } else if (const auto x = number_of(v.text)) {
        s.missing = false;
        s.number = *x;
      }
    } else {
      // Text as every output writes it: valid UTF-8 as it is, any other byte read as Latin-1,
      // character by character, so that white ~ "Müller" finds a name written in Latin-1 too,
      // and a name mixing both matches as it is shown.
      s.missing = false;
      s.text = pgn::as_utf8(v.text, b.converted);
    }
    return s;
  };
  const Side x = side(n.lhs, buffers[0]);
  if (n.op == Op::is_null || n.op == Op::is_not_null)
    return x.missing == (n.op == Op::is_null) ? Truth::true_ : Truth::false_;
  if (x.missing) return Truth::unknown;
  const Side y = side(n.rhs, buffers[1]);
  if (y.missing) return Truth::unknown;
  const auto truth = [](bool b) { return b ? Truth::true_ : Truth::false_; };
  if (n.op == Op::contains) return truth(pgn::contains_ignoring_case(x.text, y.text));
  int order = 0;  // the left side against the right: <0, 0, >0
  if (n.numeric)
    order = x.number < y.number ? -1 : x.number > y.number ? 1 : 0;
  else
    order = x.text.compare(y.text);
  switch (n.op) {
    case Op::eq:
      return truth(order == 0);
    case Op::ne:
      return truth(order != 0);
    case Op::lt:
      return truth(order < 0);
    case Op::le:
      return truth(order <= 0);
    case Op::gt:
      return truth(order > 0);
    case Op::ge:
      return truth(order >= 0);
    default:
      return Truth::false_;
  }
}

}  // namespace rochade::analysis
