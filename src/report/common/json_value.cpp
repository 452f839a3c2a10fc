#include "report/common/json_value.hpp"

#include <charconv>
#include <cstdlib>

namespace rochade::report {

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const auto& [k, v] : members_)
    if (k == key) return &v;
  return nullptr;
}

class JsonParser {
 public:
  explicit JsonParser(std::string_view s) : s_(s) {}

  JsonParseResult run() {
    JsonParseResult r;
    JsonValue v;
    if (parse_value(v, 0)) {
      skip_ws();
      if (i_ == s_.size()) {
        r.value = std::move(v);
        return r;
      }
      error_ = "unexpected text after the document";
    }
    r.error = error_ + " at byte " + std::to_string(i_);
    return r;
  }

 private:
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t'))
      ++i_;
  }
  bool fail(const char* msg) {
    error_ = msg;
    return false;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return fail("unknown literal");
    i_ += word.size();
    return true;
  }

  bool parse_value(JsonValue& v, int depth) {
    if (depth > 200) return fail("nesting too deep");
    skip_ws();
    if (i_ >= s_.size()) return fail("unexpected end");
    const char c = s_[i_];
    if (c == '{') return parse_object(v, depth);
    if (c == '[') return parse_array(v, depth);
    if (c == '"') {
      v.type_ = JsonValue::Type::string;
      return parse_string(v.str_);
    }
    if (c == 't') return v.type_ = JsonValue::Type::boolean, v.bool_ = true, literal("true");
    if (c == 'f') return v.type_ = JsonValue::Type::boolean, v.bool_ = false, literal("false");
    if (c == 'n') return v.type_ = JsonValue::Type::null, literal("null");
    return parse_number(v);
  }

  bool parse_number(JsonValue& v) {
    const std::size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    bool real = false;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c >= '0' && c <= '9')
        ++i_;
      else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')
        real = true, ++i_;
      else
        break;
    }
    const std::string_view num = s_.substr(start, i_ - start);
    if (num.empty() || num == "-") return fail("expected a value");
    if (!real) {
      v.type_ = JsonValue::Type::integer;
      const auto r = std::from_chars(num.data(), num.data() + num.size(), v.int_);
      if (r.ec == std::errc() && r.ptr == num.data() + num.size()) return true;
      return fail("integer out of range");
    }
    v.type_ = JsonValue::Type::real;
    const std::string copy(num);
    char* end = nullptr;
    v.real_ = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size()) return fail("bad number");
    return true;
  }

  bool parse_string(std::string& out) {
    ++i_;  // opening quote
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (c == '"') return true;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      const char e = s_[i_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          if (i_ + 4 > s_.size()) return fail("bad \\u escape");
          unsigned cp = 0;
          const auto r = std::from_chars(s_.data() + i_, s_.data() + i_ + 4, cp, 16);
          if (r.ptr != s_.data() + i_ + 4) return fail("bad \\u escape");
          i_ += 4;
          if (cp < 0x80) {
            out += static_cast<char>(cp);
          } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          }
          break;
        }
        default:
          return fail("bad escape");
      }
    }
    return fail("unterminated string");
  }

  bool parse_array(JsonValue& v, int depth) {
    v.type_ = JsonValue::Type::array;
    ++i_;
    skip_ws();
    if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
    for (;;) {
      JsonValue item;
      if (!parse_value(item, depth + 1)) return false;
      v.items_.push_back(std::move(item));
      skip_ws();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
      return fail("expected ',' or ']'");
    }
  }

  bool parse_object(JsonValue& v, int depth) {
    v.type_ = JsonValue::Type::object;
    ++i_;
    skip_ws();
    if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
    for (;;) {
      skip_ws();
      if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a key");
      std::string key;
      if (!parse_string(key)) return false;
      skip_ws();
      if (i_ >= s_.size() || s_[i_] != ':') return fail("expected ':'");
      ++i_;
      JsonValue item;
      if (!parse_value(item, depth + 1)) return false;
      v.members_.emplace_back(std::move(key), std::move(item));
      skip_ws();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
      return fail("expected ',' or '}'");
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::string error_;
};

JsonParseResult parse_json(std::string_view text) { return JsonParser(text).run(); }

}  // namespace rochade::report
