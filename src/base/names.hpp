// One idiom for an enum and its names (docs/ARCHITECTURE.md: one name table per name list). A
// `NameTable<E>` holds one row per value of E, in the enum's order, each row the value and its
// name (and, with a row type of its own, more words about the value); it gives the name of a
// value, the value of a name and the list of names in order. The compiler checks every table
// where it is built: one row per value, in order, each name given once. No count is written by
// hand: `enum_count<E>` is the number of E's values, found by the compiler.
//
// The enums named this way have the values 0, 1, ... n-1 (no enumerator given a value of its own)
// and an underlying type (`enum class E : std::uint8_t`), so that E(n) is a value that has no
// enumerator.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rochade::base {

namespace detail {

// Whether the value V is one of its enum's enumerators: the compiler spells an enumerator by its
// name ("rochade::analysis::GroupKey::year") and any other value as a cast ("(...GroupKey)7"), in
// GCC's and Clang's __PRETTY_FUNCTION__ alike ("[with auto V = ...]", "[V = ...]").
template <auto V>
constexpr bool is_enumerator() {
  constexpr std::string_view f = __PRETTY_FUNCTION__;
  constexpr std::size_t end = f.rfind(']');
  static_assert(end != std::string_view::npos && f.rfind("V = ") != std::string_view::npos,
                "is_enumerator: a compiler that spells a template argument otherwise");
  std::size_t digits = end;
  while (f[digits - 1] >= '0' && f[digits - 1] <= '9') --digits;
  return !(digits < end && f[digits - 1] == ')');
}

// The largest number of values an enum with names may have.
inline constexpr std::size_t max_enum_count = 128;

template <class E, std::size_t... I>
constexpr std::size_t count_values(std::index_sequence<I...>) {
  std::size_t n = 0;
  bool counting = true;
  ((counting = counting && is_enumerator<static_cast<E>(I)>(), n += counting ? 1 : 0), ...);
  return n;
}

}  // namespace detail

// The number of values of E (E(0) .. E(n-1) are its enumerators, E(n) is none).
template <class E>
inline constexpr std::size_t enum_count =
    detail::count_values<E>(std::make_index_sequence<detail::max_enum_count>{});

// A table's row: a value and its name. A row type of its own (with more words about each
// value) has the members `value` and `name` too.
template <class E>
struct NameRow {
  E value{};
  std::string_view name = {};
};

template <class E, class Row = NameRow<E>>
class NameTable {
 public:
  static constexpr std::size_t size = enum_count<E>;
  static_assert(size > 0 && size < detail::max_enum_count,
                "an enum with names has 1 to 127 values");

  // Checked when the table is built: a table with a row missing, a row too many, rows out of the
  // enum's order, an empty name or a name given twice does not compile.
  template <std::size_t N>
  consteval NameTable(const Row (&rows)[N]) {  // NOLINT(google-explicit-constructor)
    static_assert(N == size, "a name table has one row per value of its enum");
    for (std::size_t i = 0; i < N; ++i) {
      if (rows[i].value != static_cast<E>(i)) throw "a name table's rows are in the enum's order";
      if (rows[i].name.empty()) throw "a name table's names are not empty";
      for (std::size_t j = 0; j < i; ++j)
        if (rows[j].name == rows[i].name) throw "a name table gives each name once";
      rows_[i] = rows[i];
    }
  }

  constexpr const Row& operator[](E value) const { return rows_[static_cast<std::size_t>(value)]; }
  constexpr std::string_view name(E value) const { return (*this)[value].name; }
  // The value named `name` exactly; nothing for any other text.
  constexpr std::optional<E> parse(std::string_view name) const {
    for (const Row& row : rows_)
      if (row.name == name) return row.value;
    return std::nullopt;
  }
  // The names in the enum's order (the command line's choices).
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    out.reserve(size);
    for (const Row& row : rows_) out.emplace_back(row.name);
    return out;
  }
  constexpr auto begin() const { return rows_.begin(); }
  constexpr auto end() const { return rows_.end(); }

 private:
  std::array<Row, size> rows_{};
};

}  // namespace rochade::base
