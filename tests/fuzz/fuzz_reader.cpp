// libFuzzer entry of the "reader" target (its body: targets/reader.cpp).
#include "targets/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz_reader(data, size);
}
