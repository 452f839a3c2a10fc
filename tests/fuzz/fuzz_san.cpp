// libFuzzer entry of the "san" target (its body: targets/san.cpp).
#include "targets/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz_san(data, size);
}
