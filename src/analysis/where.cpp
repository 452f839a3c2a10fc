#include "analysis/where.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "pgn/tokens.hpp"

namespace rochade::analysis {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), lower);
  return out;
}

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':' ||
         c == '+' || c == '-' || c == '/' || c == '?' || c == '*' ||
         static_cast<unsigned char>(c) >= 0x80;
}

std::optional<double> to_number(std::string_view s) {
  double v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

struct Token {
  enum class Kind : std::uint8_t { end, word, quoted, op, open, close, bad };
  Kind kind = Kind::end;
  std::string_view text;
  std::size_t pos = 0;
};

}  // namespace

class WhereParser {
 public:
  WhereParser(std::string_view s, const std::vector<std::string>& tags) : s_(s), tags_(tags) {
    next();
  }

  Where::Parsed run() {
    Where w;
    w.text_ = std::string(s_);
    w.tags_ = tags_;
    where_ = &w;
    const int root = parse_or();
    if (!failed_ && tok_.kind != Token::Kind::end)
      fail(tok_.pos, "unexpected '" + std::string(tok_.text) + "' (expected and, or, or the end)");
    if (failed_) return {std::nullopt, error_};
    w.root_ = root;
    return {std::move(w), {}};
  }

 private:
  void next() {
    std::size_t i = pos_;
    while (i < s_.size() && std::isspace(static_cast<unsigned char>(s_[i]))) ++i;
    tok_.pos = i;
    if (i == s_.size()) {
      tok_ = {Token::Kind::end, {}, i};
      pos_ = i;
      return;
    }
    const char c = s_[i];
    std::size_t j = i + 1;
    if (c == '(' || c == ')') {
      tok_.kind = c == '(' ? Token::Kind::open : Token::Kind::close;
    } else if (c == '\'' || c == '"') {
      const std::size_t close = s_.find(c, i + 1);
      if (close == std::string_view::npos) {
        tok_ = {Token::Kind::bad, s_.substr(i, 1), i};
        pos_ = s_.size();
        return fail(i, "a quote that is not closed");
      }
      tok_ = {Token::Kind::quoted, s_.substr(i + 1, close - i - 1), i};
      pos_ = close + 1;
      return;
    } else if (c == '=' || c == '~') {
      if (c == '=' && j < s_.size() && s_[j] == '=') ++j;  // == as =
      tok_.kind = Token::Kind::op;
    } else if (c == '!' || c == '<' || c == '>') {
      if (j < s_.size() && s_[j] == '=') ++j;
      tok_.kind = (c == '!' && j == i + 1) ? Token::Kind::bad : Token::Kind::op;
    } else if (is_word_char(c)) {
      while (j < s_.size() && is_word_char(s_[j])) ++j;
      tok_.kind = Token::Kind::word;
    } else {
      tok_.kind = Token::Kind::bad;
    }
    tok_.text = s_.substr(i, j - i);
    pos_ = j;
  }

  bool keyword(std::string_view k) const {
    return tok_.kind == Token::Kind::word && lowered(tok_.text) == k;
  }

  void fail(std::size_t pos, std::string message) {
    if (failed_) return;
    failed_ = true;
    error_ = {pos, std::move(message)};
  }

  int add(Where::Node n) {
    where_->nodes_.push_back(std::move(n));
    return static_cast<int>(where_->nodes_.size()) - 1;
  }

  int parse_or() {
    int left = parse_and();
    while (!failed_ && keyword("or")) {
      next();
      const int right = parse_and();
      left = add({Where::Op::or_, Column::input, false, 0, {}, left, right});
    }
    return left;
  }

  int parse_and() {
    int left = parse_not();
    while (!failed_ && keyword("and")) {
      next();
      const int right = parse_not();
      left = add({Where::Op::and_, Column::input, false, 0, {}, left, right});
    }
    return left;
  }

  int parse_not() {
    if (failed_) return -1;
    if (keyword("not")) {
      next();
      const int operand = parse_not();
      return add({Where::Op::not_, Column::input, false, 0, {}, operand, -1});
    }
    return parse_primary();
  }

  int parse_primary() {
    if (failed_) return -1;
    if (tok_.kind == Token::Kind::open) {
      const std::size_t open = tok_.pos;
      next();
      const int inner = parse_or();
      if (failed_) return -1;
      if (tok_.kind != Token::Kind::close) {
        fail(tok_.pos, tok_.kind == Token::Kind::end
                           ? "the '(' at " + std::to_string(open + 1) + " is not closed"
                           : "expected ')' here");
        return -1;
      }
      next();
      return inner;
    }
    return parse_comparison();
  }

  int parse_comparison() {
    if (tok_.kind != Token::Kind::word) {
      fail(tok_.pos, tok_.kind == Token::Kind::end ? "expected a column name at the end"
                                                   : "expected a column name here");
      return -1;
    }
    const std::size_t column_pos = tok_.pos;
    const std::string name = lowered(tok_.text);
    const auto column = column_from_name(name);
    int tag = -1;
    for (std::size_t i = 0; !column && i < tags_.size(); ++i)
      if (tag_column_name(tags_[i]) == name) tag = static_cast<int>(i);
    if (!column && tag < 0) {
      std::string names;
      for (int i = 0; i < column_count; ++i)
        names += (i ? ", " : "") + std::string(column_name(Column(i)));
      for (const std::string& t : tags_) names += ", " + tag_column_name(t);
      fail(column_pos, "unknown column '" + std::string(tok_.text) + "' (columns: " + names + ")");
      return -1;
    }
    // The comparison: the same for a column of the table and a --tag column (text, from the
    // tags alone).
    Where::Node n;
    n.tag = tag;
    if (column) n.column = *column;
    n.numeric = column && column_is_number(*column);
    const std::string shown = column ? std::string(column_name(*column)) : name;
    if (column) note_column(*column);
    next();
    if (keyword("is")) {  // COL is null, COL is not null
      next();
      const bool negated = keyword("not");
      if (negated) next();
      if (!keyword("null")) {
        fail(tok_.pos, negated ? "expected null after 'is not'" : "expected null or not null after 'is'");
        return -1;
      }
      next();
      n.op = negated ? Where::Op::is_not_null : Where::Op::is_null;
      return add(std::move(n));
    }
    static constexpr std::pair<std::string_view, Where::Op> ops[] = {
        {"=", Where::Op::eq},  {"==", Where::Op::eq},     {"!=", Where::Op::ne},
        {"<", Where::Op::lt},  {"<=", Where::Op::le},     {">", Where::Op::gt},
        {">=", Where::Op::ge}, {"~", Where::Op::contains}};
    const auto op = std::find_if(std::begin(ops), std::end(ops),
                                 [&](const auto& o) { return o.first == tok_.text; });
    if (tok_.kind != Token::Kind::op || op == std::end(ops)) {
      fail(tok_.pos, "expected = != < <= > >= ~ or is [not] null after '" + shown + "'");
      return -1;
    }
    next();
    if (tok_.kind != Token::Kind::word && tok_.kind != Token::Kind::quoted) {
      fail(tok_.pos, "expected a value (a number, a word or quoted text) here");
      return -1;
    }
    n.op = op->second;
    if (n.numeric) {
      if (n.op == Where::Op::contains) {
        std::string message(1, '\'');  // (not "'" + string: GCC 12's -Wrestrict misfires)
        message.append(shown);
        message.append("' is a number: compare it with = != < <= > >=, not ~");
        fail(column_pos, message);
        return -1;
      }
      const auto v = to_number(tok_.text);
      if (!v) {
        std::string message(1, '\'');
        message.append(shown).append("' is a number, '");
        message.append(tok_.text).append("' is not");
        fail(tok_.pos, message);
        return -1;
      }
      n.number = *v;
    } else {
      n.text = n.op == Where::Op::contains ? lowered(tok_.text) : std::string(tok_.text);
    }
    next();
    return add(std::move(n));
  }

  void note_column(Column column) {
    if (column_needs_analysis(column)) where_->needs_analysis_ = true;
    if (column_needs_clocks(column)) where_->needs_clocks_ = true;
    if (column == Column::game) where_->needs_number_ = true;
  }

  std::string_view s_;
  const std::vector<std::string>& tags_;
  std::size_t pos_ = 0;
  Token tok_;
  Where* where_ = nullptr;
  bool failed_ = false;
  WhereError error_;
};

Where::Parsed Where::parse(std::string_view text, const std::vector<std::string>& tags) {
  return WhereParser(text, tags).run();
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

Where::Truth Where::compare(const Node& n, const GameRecord& r, const GameAnalysis* a,
                            std::string_view in) const {
  std::string scratch;
  const ColumnValue v =
      n.tag >= 0 ? (r.tag(tags_[static_cast<std::size_t>(n.tag)]).empty()
                        ? ColumnValue{}
                        : ColumnValue{ColumnValue::Kind::text, 0,
                                      r.tag(tags_[static_cast<std::size_t>(n.tag)])})
                 : column_value(n.column, r, a, in, scratch);
  const bool missing = v.kind == ColumnValue::Kind::missing ||
                       (n.numeric && v.kind != ColumnValue::Kind::number);
  if (n.op == Op::is_null || n.op == Op::is_not_null)
    return missing == (n.op == Op::is_null) ? Truth::true_ : Truth::false_;
  if (missing) return Truth::unknown;
  const auto truth = [](bool b) { return b ? Truth::true_ : Truth::false_; };
  int order = 0;  // the value against the literal: <0, 0, >0
  if (n.numeric) {
    const double x = v.real();
    order = x < n.number ? -1 : x > n.number ? 1 : 0;
  } else {
    std::string converted;
    // Text as every output writes it: valid UTF-8 as it is, any other byte read as Latin-1,
    // character by character, so that white ~ "Müller" finds a name written in Latin-1 too,
    // and a name mixing both matches as it is shown.
    const std::string_view t = pgn::as_utf8(v.text, converted);
    if (n.op == Op::contains) {
      const auto it = std::search(t.begin(), t.end(), n.text.begin(), n.text.end(),
                                  [](char x, char y) { return lower(x) == y; });
      return truth(it != t.end() || n.text.empty());
    }
    order = t.compare(n.text);
  }
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

std::string where_error_text(std::string_view expression, const WhereError& error) {
  std::string s = error.message + " (at character " + std::to_string(error.pos + 1) + ")\n  " +
                  std::string(expression) + "\n  ";
  for (std::size_t i = 0; i < error.pos && i < expression.size(); ++i)
    if ((static_cast<unsigned char>(expression[i]) & 0xC0) != 0x80)
      s += expression[i] == '\t' ? '\t' : ' ';
  s += '^';
  return s;
}

}  // namespace rochade::analysis
