// A small streaming JSON writer into a std::string (reused between documents, so writing
// allocates only while the string grows). Strings from PGN files are bytes: valid UTF-8 is kept,
// any other byte is read as Latin-1 and written as UTF-8, so the output is always valid JSON.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rochade::report {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out, bool pretty = false) : out_(out), pretty_(pretty) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(std::int64_t v);
  JsonWriter& value(std::uint64_t v);
  JsonWriter& value(int v) { return value(static_cast<std::int64_t>(v)); }
  JsonWriter& value(unsigned v) { return value(static_cast<std::uint64_t>(v)); }
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& null();

  template <class T>
  JsonWriter& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }

 private:
  void separator();
  void newline();

  std::string& out_;
  bool pretty_;
  int depth_ = 0;
  bool first_ = true;  // no element yet at this level
  bool after_key_ = false;
};

// Appends s as a JSON string literal (with quotes).
void append_json_string(std::string& out, std::string_view s);

}  // namespace rochade::report
