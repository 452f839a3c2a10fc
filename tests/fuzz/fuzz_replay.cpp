// libFuzzer entry of the "replay" target (its body: targets/replay.cpp).
#include "targets/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz_replay(data, size);
}
