// libFuzzer entry of the "decode" target (its body: targets/decode.cpp).
#include "targets/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz_decode(data, size);
}
