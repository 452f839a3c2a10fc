// base/names.hpp: a table's names and values both ways, the names in order, and the count the
// compiler finds. What must not compile (a row missing, rows out of order, a name twice, a value
// without a row) is checked by tests/base/names_compile.cpp (tests/base/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "base/names.hpp"

namespace rochade::base {
namespace {

enum class Fruit : std::uint8_t { apple, pear, plum };
constexpr NameTable<Fruit> fruit_names{
    {{Fruit::apple, "apple"}, {Fruit::pear, "pear"}, {Fruit::plum, "plum"}}};

struct FruitWords {
  Fruit value{};
  std::string_view name = {};
  std::string_view colour = {};
};
constexpr NameTable<Fruit, FruitWords> fruit_words{{{Fruit::apple, "apple", "red"},
                                                    {Fruit::pear, "pear", "green"},
                                                    {Fruit::plum, "plum", "blue"}}};

enum class One : std::uint8_t { only };

static_assert(enum_count<Fruit> == 3);
static_assert(enum_count<One> == 1);
static_assert(NameTable<Fruit>::size == 3);
static_assert(fruit_names.name(Fruit::plum) == "plum");
static_assert(fruit_names.parse("pear") == Fruit::pear);
static_assert(!fruit_names.parse("Pear"));

TEST_CASE("names: a value's name and a name's value", "[names]") {
  for (const auto& row : fruit_names) {
    CHECK(fruit_names.name(row.value) == row.name);
    CHECK(fruit_names.parse(row.name) == row.value);
  }
  CHECK_FALSE(fruit_names.parse(""));
  CHECK_FALSE(fruit_names.parse("apple "));
  CHECK_FALSE(fruit_names.parse("peach"));
}

TEST_CASE("names: the names in the enum's order", "[names]") {
  CHECK(fruit_names.names() == std::vector<std::string>{"apple", "pear", "plum"});
}

TEST_CASE("names: a table with rows of its own", "[names]") {
  CHECK(fruit_words[Fruit::pear].colour == "green");
  CHECK(fruit_words.name(Fruit::apple) == "apple");
  CHECK(fruit_words.parse("plum") == Fruit::plum);
}

}  // namespace
}  // namespace rochade::base
