// libFuzzer entry of the "splitter" target (its body: targets/splitter.cpp).
#include "targets/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz_splitter(data, size);
}
