#include "support/json.hpp"

#include <catch2/catch.hpp>
#include <cstdint>

#include "support/data.hpp"

namespace rochade::test {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

class Reader {
 public:
  explicit Reader(std::string_view t) : t_(t) {}

  std::optional<Json> document() {
    auto v = value();
    space();
    if (!v || i_ != t_.size()) return std::nullopt;
    return v;
  }

 private:
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r'))
      ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ >= t_.size() || t_[i_] != c) return false;
    ++i_;
    return true;
  }
  bool literal(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  std::optional<unsigned> hex4() {
    if (i_ + 4 > t_.size()) return std::nullopt;
    unsigned v = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = t_[i_++];
      v <<= 4;
      if (digit(c))
        v |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f')
        v |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        v |= static_cast<unsigned>(c - 'A' + 10);
      else
        return std::nullopt;
    }
    return v;
  }
  static void utf8(std::uint32_t cp, std::string& out) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | cp >> 6);
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | cp >> 12);
      out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | cp >> 18);
      out += static_cast<char>(0x80 | (cp >> 12 & 0x3F));
      out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  // A \u escape (the "\u" read): one code unit, or a surrogate pair.
  bool unicode(std::string& out) {
    auto u = hex4();
    if (!u) return false;
    std::uint32_t cp = *u;
    if (cp >= 0xD800 && cp < 0xDC00 && t_.substr(i_, 2) == "\\u") {
      const std::size_t back = i_;
      i_ += 2;
      const auto low = hex4();
      if (low && *low >= 0xDC00 && *low < 0xE000)
        cp = 0x10000 + ((cp - 0xD800) << 10) + (*low - 0xDC00);
      else
        i_ = back;
    }
    utf8(cp, out);
    return true;
  }
  std::optional<std::string> string() {
    if (!eat('"')) return std::nullopt;
    std::string out;
    while (i_ < t_.size()) {
      const char c = t_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) return std::nullopt;
      switch (const char e = t_[i_++]) {
        case '"':
        case '\\':
        case '/':
          out += e;
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
        case 'u':
          if (!unicode(out)) return std::nullopt;
          break;
        default:
          return std::nullopt;
      }
    }
    return std::nullopt;
  }
  bool digits() {
    if (i_ >= t_.size() || !digit(t_[i_])) return false;
    while (i_ < t_.size() && digit(t_[i_])) ++i_;
    return true;
  }
  std::optional<Json> number() {
    const std::size_t start = i_;
    if (i_ < t_.size() && t_[i_] == '-') ++i_;
    if (i_ < t_.size() && t_[i_] == '0' && i_ + 1 < t_.size() && digit(t_[i_ + 1]))
      return std::nullopt;
    if (!digits()) return std::nullopt;
    if (i_ < t_.size() && t_[i_] == '.') {
      ++i_;
      if (!digits()) return std::nullopt;
    }
    if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      ++i_;
      if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      if (!digits()) return std::nullopt;
    }
    Json j;
    j.kind = Json::Kind::number;
    j.s = std::string(t_.substr(start, i_ - start));
    return j;
  }
  std::optional<Json> value() {
    space();
    if (i_ >= t_.size()) return std::nullopt;
    Json j;
    const char c = t_[i_];
    if (c == '{') {
      ++i_;
      j.kind = Json::Kind::object;
      if (eat('}')) return j;
      do {
        auto k = string();
        if (!k || !eat(':')) return std::nullopt;
        auto v = value();
        if (!v) return std::nullopt;
        j.members.emplace_back(std::move(*k), std::move(*v));
      } while (eat(','));
      if (!eat('}')) return std::nullopt;
      return j;
    }
    if (c == '[') {
      ++i_;
      j.kind = Json::Kind::array;
      if (eat(']')) return j;
      do {
        auto v = value();
        if (!v) return std::nullopt;
        j.items.push_back(std::move(*v));
      } while (eat(','));
      if (!eat(']')) return std::nullopt;
      return j;
    }
    if (c == '"') {
      auto s = string();
      if (!s) return std::nullopt;
      j.kind = Json::Kind::string;
      j.s = std::move(*s);
      return j;
    }
    if (literal("null")) return j;
    if (literal("true") || literal("false")) {
      j.kind = Json::Kind::boolean;
      j.b = c == 't';
      return j;
    }
    return number();
  }

  std::string_view t_;
  std::size_t i_ = 0;
};

}  // namespace

std::optional<Json> Json::parse(std::string_view text) { return Reader(text).document(); }

const Json* Json::find(std::string_view key) const {
  for (const auto& [k, v] : members)
    if (k == key) return &v;
  return nullptr;
}

const Json& Json::at(std::string_view key) const {
  static const Json missing;
  const Json* v = find(key);
  if (v == nullptr) FAIL("no key " << key);
  return v != nullptr ? *v : missing;
}

bool Json::is_int() const {
  if (kind != Kind::number || s.empty()) return false;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!(digit(s[i]) || (i == 0 && s[i] == '-'))) return false;
  return true;
}

long long Json::integer() const { return std::stoll(s); }

std::vector<std::string> Json::keys() const {
  std::vector<std::string> out;
  for (const auto& m : members) out.push_back(m.first);
  return out;
}

std::vector<std::string> Json::strings() const {
  std::vector<std::string> out;
  for (const auto& i : items) out.push_back(i.s);
  return out;
}

Json read_json(std::string_view text) {
  INFO(text);
  auto v = Json::parse(text);
  REQUIRE(v.has_value());
  return std::move(*v);
}

std::vector<Json> read_jsonl(const std::string& text) {
  std::vector<Json> out;
  for (const auto& l : lines(text)) {
    INFO(l);
    auto j = Json::parse(l);
    REQUIRE(j.has_value());
    REQUIRE(j->kind == Json::Kind::object);
    out.push_back(std::move(*j));
  }
  return out;
}

}  // namespace rochade::test
