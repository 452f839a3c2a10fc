// The tests' one JSON reader: strict (RFC 8259: no trailing commas, no leading zeros, no control
// characters in strings), small, and independent of rochade's own
// (src/report/common/json_value.hpp), so that what rochade writes is checked by a reader it did not
// write. Objects keep their key order and repeated keys; numbers keep their text; \u escapes become
// UTF-8.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rochade::test {

struct Json {
  enum class Kind { null, boolean, number, string, array, object };
  Kind kind = Kind::null;
  bool b = false;
  std::string s;  // a string's value, or a number's text
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  // One JSON document (whitespace around it allowed), or nothing where the text is not one.
  static std::optional<Json> parse(std::string_view text);

  // The member with this key: nullptr where there is none; at() fails the test there.
  const Json* find(std::string_view key) const;
  const Json& at(std::string_view key) const;
  // A number without fraction or exponent, and its value.
  bool is_int() const;
  long long integer() const;
  // An object's keys, in order; the values of an array of strings.
  std::vector<std::string> keys() const;
  std::vector<std::string> strings() const;
};

// The JSON document `text`; fails the test where it is not one.
Json read_json(std::string_view text);
// JSON lines: each line of `text` a JSON object; fails the test where one is not.
std::vector<Json> read_jsonl(const std::string& text);

}  // namespace rochade::test
