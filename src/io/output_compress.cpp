#include "io/output_compress.hpp"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cctype>

namespace rochade::io {
namespace {

bool ends_with_ci(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), s.end() - static_cast<long>(suffix.size()),
                    [](char a, char b) {
                      return a == std::tolower(static_cast<unsigned char>(b));
                    });
}

class GzipCompressor : public Output::Compressor {
 public:
  GzipCompressor() {
    // windowBits 15 + 16: a gzip header and trailer, as gzip(1) writes.
    ok_ = deflateInit2(&z_, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
    if (!ok_) message_ = "gzip: cannot start the compressor";
  }
  ~GzipCompressor() override {
    if (ok_) deflateEnd(&z_);
  }
  bool compress(std::string_view in, bool finish, std::string& out) override {
    if (!ok_) return false;
    z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z_.avail_in = static_cast<uInt>(in.size());
    for (;;) {
      const std::size_t old = out.size();
      const std::size_t room = std::max<std::size_t>(deflateBound(&z_, z_.avail_in), 4096);
      out.resize(old + room);
      z_.next_out = reinterpret_cast<Bytef*>(out.data() + old);
      z_.avail_out = static_cast<uInt>(room);
      const int rc = deflate(&z_, finish ? Z_FINISH : Z_NO_FLUSH);
      out.resize(old + room - z_.avail_out);
      if (rc == Z_STREAM_ERROR) {
        message_ = "gzip: compression failed";
        return false;
      }
      if (finish ? rc == Z_STREAM_END : z_.avail_in == 0) return true;
    }
  }

 private:
  z_stream z_{};
  bool ok_ = false;
};

class ZstdCompressor : public Output::Compressor {
 public:
  ZstdCompressor() : c_(ZSTD_createCCtx()) {
    if (!c_) message_ = "zstd: cannot start the compressor";
  }
  ~ZstdCompressor() override { ZSTD_freeCCtx(c_); }
  bool compress(std::string_view in, bool finish, std::string& out) override {
    if (!c_) return false;
    ZSTD_inBuffer src{in.data(), in.size(), 0};
    for (;;) {
      const std::size_t old = out.size();
      const std::size_t room = ZSTD_CStreamOutSize();
      out.resize(old + room);
      ZSTD_outBuffer dst{out.data() + old, room, 0};
      const std::size_t rc =
          ZSTD_compressStream2(c_, &dst, &src, finish ? ZSTD_e_end : ZSTD_e_continue);
      out.resize(old + dst.pos);
      if (ZSTD_isError(rc)) {
        message_ = std::string("zstd: ") + ZSTD_getErrorName(rc);
        return false;
      }
      if (finish ? rc == 0 : src.pos == src.size) return true;
    }
  }

 private:
  ZSTD_CCtx* c_;
};

}  // namespace

std::unique_ptr<Output::Compressor> make_compressor(std::string_view path) {
  if (ends_with_ci(path, ".gz")) return std::make_unique<GzipCompressor>();
  if (ends_with_ci(path, ".zst")) return std::make_unique<ZstdCompressor>();
  return nullptr;
}

std::string fmt_write_error(const std::string& reason, const std::string& where) {
  return "write error: " + reason + " (" + where + ")";
}

}  // namespace rochade::io
