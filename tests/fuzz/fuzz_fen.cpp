// libFuzzer entry of the "fen" target (its body: targets/fen.cpp).
#include "targets/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz_fen(data, size);
}
