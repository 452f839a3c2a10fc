// Tables that must not compile (tests/base/CMakeLists.txt compiles this file once per case, with
// -DCASE=n, and expects the compiler to refuse every case but 0).
#include <cstdint>

#include "base/names.hpp"

namespace {

#if CASE == 5
enum class Fruit : std::uint8_t { apple, pear, plum, quince };  // a value without a row
#else
enum class Fruit : std::uint8_t { apple, pear, plum };
#endif

#if CASE == 0 || CASE == 5
constexpr rochade::base::NameTable<Fruit> names{
    {{Fruit::apple, "apple"}, {Fruit::pear, "pear"}, {Fruit::plum, "plum"}}};
#elif CASE == 1  // a row missing
constexpr rochade::base::NameTable<Fruit> names{{{Fruit::apple, "apple"}, {Fruit::pear, "pear"}}};
#elif CASE == 2  // rows out of order
constexpr rochade::base::NameTable<Fruit> names{
    {{Fruit::apple, "apple"}, {Fruit::plum, "plum"}, {Fruit::pear, "pear"}}};
#elif CASE == 3  // a name twice
constexpr rochade::base::NameTable<Fruit> names{
    {{Fruit::apple, "apple"}, {Fruit::pear, "pear"}, {Fruit::plum, "pear"}}};
#elif CASE == 4  // an empty name
constexpr rochade::base::NameTable<Fruit> names{
    {{Fruit::apple, "apple"}, {Fruit::pear, ""}, {Fruit::plum, "plum"}}};
#endif

}  // namespace

int main() { return static_cast<int>(names.name(Fruit::apple).size()) == 5 ? 0 : 1; }
