// A small JSON reader for rochade's own documents (partial statistics for `merge`). Integers are
// kept exact (64-bit); objects keep their key order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rochade::report {

class JsonValue {
 public:
  enum class Type : std::uint8_t { null, boolean, integer, real, string, array, object };

  Type type() const { return type_; }
  bool is_object() const { return type_ == Type::object; }
  bool is_integer() const { return type_ == Type::integer; }
  bool boolean() const { return bool_; }
  std::int64_t integer() const { return int_; }
  double real() const { return type_ == Type::integer ? static_cast<double>(int_) : real_; }
  const std::string& string() const { return str_; }
  const std::vector<JsonValue>& array() const { return items_; }
  const std::vector<std::pair<std::string, JsonValue>>& object() const { return members_; }
  // Member by key, or nullptr.
  const JsonValue* find(std::string_view key) const;

  static JsonValue make(Type t) {
    JsonValue v;
    v.type_ = t;
    return v;
  }

 private:
  friend class JsonParser;
  Type type_ = Type::null;
  bool bool_ = false;
  std::int64_t int_ = 0;
  double real_ = 0;
  std::string str_;
  std::vector<JsonValue> items_;
  std::vector<std::pair<std::string, JsonValue>> members_;
};

struct JsonParseResult {
  std::optional<JsonValue> value;
  std::string error;  // with the byte offset
};
JsonParseResult parse_json(std::string_view text);

}  // namespace rochade::report
