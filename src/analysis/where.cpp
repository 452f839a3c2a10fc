#include "analysis/where.hpp"

#include <algorithm>
#include <cctype>

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

  int add_logic(Where::Op op, int left, int right) {
    Where::Node n;
    n.op = op;
    n.left = left;
    n.right = right;
    return add(std::move(n));
  }

  int parse_or() {
    int left = parse_and();
    while (!failed_ && keyword("or")) {
      next();
      const int right = parse_and();
      left = add_logic(Where::Op::or_, left, right);
    }
    return left;
  }

  int parse_and() {
    int left = parse_not();
    while (!failed_ && keyword("and")) {
      next();
      const int right = parse_not();
      left = add_logic(Where::Op::and_, left, right);
    }
    return left;
  }

  int parse_not() {
    if (failed_) return -1;
    if (keyword("not")) {
      next();
      const int operand = parse_not();
      return add_logic(Where::Op::not_, operand, -1);
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

  // The column `word` names (of the table or of --tag), if any.
  std::optional<Where::Operand> column_named(std::string_view word) const {
    const std::string name = lowered(word);
    Where::Operand o;
    if (const auto column = column_names().parse(name)) {
      o.kind = Where::Operand::Kind::column;
      o.column = *column;
      return o;
    }
    for (std::size_t i = 0; i < tags_.size(); ++i) {
      if (tag_column_name(tags_[i]) == name) {
        o.kind = Where::Operand::Kind::tag;
        o.tag = static_cast<int>(i);
        return o;
      }
    }
    return std::nullopt;
  }

  std::string shown(const Where::Operand& o) const {
    if (o.kind == Where::Operand::Kind::column) return std::string(column_name(o.column));
    return tag_column_name(tags_[static_cast<std::size_t>(o.tag)]);
  }

  static bool is_number_column(const Where::Operand& o) {
    return o.kind == Where::Operand::Kind::column && column_is_number(o.column);
  }

  // One side of a comparison: a column, a number or quoted text (`o.text` as written, which
  // parse_comparison makes a number or UTF-8 once it knows the other side).
  bool parse_operand(Where::Operand& o) {
    if (tok_.kind == Token::Kind::quoted) {
      o.text = std::string(tok_.text);
    } else if (tok_.kind != Token::Kind::word) {
      fail(tok_.pos, tok_.kind == Token::Kind::end
                         ? "expected a column name or a value at the end"
                         : "expected a column name or a value (a number or quoted text) here");
      return false;
    } else if (auto column = column_named(tok_.text)) {
      o = std::move(*column);
      if (o.kind == Where::Operand::Kind::column) note_column(o.column);
    } else if (Where::number_of(tok_.text)) {
      o.text = std::string(tok_.text);
    } else {
      std::string names;
      for (const ColumnInfo& c : column_names())
        names.append(names.empty() ? "" : ", ").append(c.name);
      for (const std::string& t : tags_) names += ", " + tag_column_name(t);
      std::string message = "'";
      message.append(tok_.text).append("' is no column: text goes in quotes ('");
      message.append(tok_.text).append("'); columns: ").append(names);
      fail(tok_.pos, message);
      return false;
    }
    next();
    return true;
  }

  // A value compared with a number column must be a number.
  bool to_numeric(Where::Operand& value, std::size_t pos, const Where::Operand& column) {
    if (value.kind != Where::Operand::Kind::value) return true;
    const auto v = Where::number_of(value.text);
    if (!v) {
      std::string message(1, '\'');  // (not "'" + string: GCC 12's -Wrestrict misfires)
      message.append(shown(column)).append("' is a number, '");
      message.append(value.text).append("' is not");
      fail(pos, message);
      return false;
    }
    value.number = *v;
    return true;
  }

  int parse_comparison() {
    const std::size_t lhs_pos = tok_.pos;
    Where::Node n;
    if (!parse_operand(n.lhs)) return -1;
    const bool lhs_value = n.lhs.kind == Where::Operand::Kind::value;
    if (keyword("is")) {  // COL is null, COL is not null
      if (lhs_value) {
        fail(lhs_pos, "expected a column name before 'is'");
        return -1;
      }
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
      fail(tok_.pos, lhs_value ? "expected = != < <= > >= ~ here"
                               : "expected = != < <= > >= ~ or is [not] null after '" +
                                     shown(n.lhs) + "'");
      return -1;
    }
    n.op = op->second;
    next();
    const std::size_t rhs_pos = tok_.pos;
    if (!parse_operand(n.rhs)) return -1;
    if (lhs_value && n.rhs.kind == Where::Operand::Kind::value) {
      fail(lhs_pos, "neither side is a column (column names go without quotes)");
      return -1;
    }
    // Numbers when a side is a number column: a value or a text column on the other side is then
    // read as a number (docs/CLI.md), so ply_count = plies compares 40 with 40. Else text.
    n.numeric = is_number_column(n.lhs) || is_number_column(n.rhs);
    if (n.numeric) {
      const bool lhs_number = is_number_column(n.lhs);
      if (n.op == Where::Op::contains) {
        std::string message(1, '\'');
        message.append(shown(lhs_number ? n.lhs : n.rhs));
        message.append("' is a number: compare it with = != < <= > >=, not ~");
        fail(lhs_number ? lhs_pos : rhs_pos, message);
        return -1;
      }
      if (!to_numeric(n.lhs, lhs_pos, n.rhs) || !to_numeric(n.rhs, rhs_pos, n.lhs)) return -1;
    } else {
      // Text compares as the outputs write it, the expression's too.
      for (Where::Operand* o : {&n.lhs, &n.rhs})
        if (o->kind == Where::Operand::Kind::value) o->text = pgn::as_utf8(o->text);
    }
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
