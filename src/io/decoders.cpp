// The four streaming decoders behind detail::Decoder. Each one decodes every member of a file
// (gzip members, bzip2 streams, xz streams, zstd frames) as one text, the way `gzip -dc`,
// `bzip2 -dc`, `xz -dc` and `zstd -dc` do; bytes after the last member that do not start a new
// member are an error.
#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "io/decoder.hpp"

namespace rochade::io::detail {
namespace {

// zlib and libbzip2 count bytes in unsigned int.
constexpr std::size_t k_max_chunk = std::size_t{1} << 30;

unsigned int clamp_uint(std::size_t n) {
  return static_cast<unsigned int>(std::min(n, k_max_chunk));
}

class GzipDecoder final : public Decoder {
 public:
  GzipDecoder() {
    // 16 + MAX_WBITS: gzip wrapper only (header, CRC-32 and length checked by zlib).
    const int rc = inflateInit2(&z_, 16 + MAX_WBITS);
    if (rc != Z_OK) message_ = "gzip: cannot initialise zlib: " + std::string(zError(rc));
    ready_ = rc == Z_OK;
  }
  ~GzipDecoder() override {
    if (ready_) inflateEnd(&z_);
  }
  GzipDecoder(const GzipDecoder&) = delete;
  GzipDecoder& operator=(const GzipDecoder&) = delete;

  DecodeStep decode(std::span<const unsigned char> in, std::span<char> out, bool) override {
    if (!ready_) return {0, 0, true};
    if (ended_) {
      if (in.empty()) return {};
      inflateReset(&z_);  // another member follows
      ended_ = false;
    }
    z_.next_in = const_cast<Bytef*>(in.data());  // zlib's API is not const-correct
    z_.avail_in = clamp_uint(in.size());
    z_.next_out = reinterpret_cast<Bytef*>(out.data());
    z_.avail_out = clamp_uint(out.size());
    const unsigned int in_before = z_.avail_in;
    const unsigned int out_before = z_.avail_out;
    const int rc = inflate(&z_, Z_NO_FLUSH);
    DecodeStep step{in_before - z_.avail_in, out_before - z_.avail_out, false};
    for (std::size_t i = step.in_used > 4 ? step.in_used - 4 : 0; i < step.in_used; ++i)
      last4_ = last4_ >> 8 | std::uint32_t{in[i]} << 24;
    if (rc == Z_STREAM_END) {
      ended_ = true;
    } else if (rc != Z_OK && rc != Z_BUF_ERROR) {  // Z_BUF_ERROR: no progress possible now
      step.failed = true;
      message_ = "gzip: " + std::string(z_.msg != nullptr ? z_.msg : zError(rc));
      if (rc == Z_NEED_DICT) message_ = "gzip: member needs a preset dictionary";
    }
    return step;
  }
  bool at_boundary() const override { return ended_; }
  const std::string& message() const override { return message_; }
  // A cut member ends in arbitrary deflate bytes; a whole one in its length (ISIZE, modulo
  // 2^32), near the length inflated from it when damage made zlib read the trailer as data.
  bool ends_like_whole() const override {
    const std::uint32_t made = static_cast<std::uint32_t>(z_.total_out);
    const std::uint32_t near = std::uint32_t{1} << 16;
    return made - last4_ + near <= 2 * near;  // |made - ISIZE| <= 64 KiB, modulo 2^32
  }

 private:
  std::uint32_t last4_ = 0;  // the last 4 bytes consumed
  z_stream z_{};
  bool ready_ = false;
  bool ended_ = false;
  std::string message_;
};

std::string bzip2_error_text(int rc) {
  switch (rc) {
    case BZ_DATA_ERROR:
      return "data integrity error (corrupt data or CRC mismatch)";
    case BZ_DATA_ERROR_MAGIC:
      return "bad magic: not a bzip2 stream";
    case BZ_MEM_ERROR:
      return "out of memory";
    case BZ_PARAM_ERROR:
      return "invalid parameter";
    case BZ_SEQUENCE_ERROR:
      return "call sequence error";
    default:
      return "error " + std::to_string(rc);
  }
}

class Bzip2Decoder final : public Decoder {
 public:
  Bzip2Decoder() { start(); }
  ~Bzip2Decoder() override {
    if (ready_) BZ2_bzDecompressEnd(&s_);
  }
  Bzip2Decoder(const Bzip2Decoder&) = delete;
  Bzip2Decoder& operator=(const Bzip2Decoder&) = delete;

  DecodeStep decode(std::span<const unsigned char> in, std::span<char> out, bool) override {
    if (ended_) {
      if (in.empty()) return {};
      BZ2_bzDecompressEnd(&s_);  // another stream follows: libbzip2 needs a fresh state
      ready_ = false;
      ended_ = false;
      start();
    }
    if (!ready_) return {0, 0, true};
    s_.next_in = const_cast<char*>(reinterpret_cast<const char*>(in.data()));
    s_.avail_in = clamp_uint(in.size());
    s_.next_out = out.data();
    s_.avail_out = clamp_uint(out.size());
    const unsigned int in_before = s_.avail_in;
    const unsigned int out_before = s_.avail_out;
    const int rc = BZ2_bzDecompress(&s_);
    DecodeStep step{in_before - s_.avail_in, out_before - s_.avail_out, false};
    if (rc == BZ_STREAM_END) {
      ended_ = true;
    } else if (rc != BZ_OK) {
      step.failed = true;
      message_ = "bzip2: " + bzip2_error_text(rc);
    }
    return step;
  }
  bool at_boundary() const override { return ended_; }
  const std::string& message() const override { return message_; }

 private:
  void start() {
    s_ = bz_stream{};
    const int rc = BZ2_bzDecompressInit(&s_, 0, 0);
    ready_ = rc == BZ_OK;
    if (!ready_) message_ = "bzip2: cannot initialise: " + bzip2_error_text(rc);
  }

  bz_stream s_{};
  bool ready_ = false;
  bool ended_ = false;
  std::string message_;
};

std::string lzma_error_text(lzma_ret rc) {
  switch (rc) {
    case LZMA_MEM_ERROR:
      return "out of memory";
    case LZMA_MEMLIMIT_ERROR:
      return "memory usage limit reached";
    case LZMA_FORMAT_ERROR:
      return "file format not recognized";
    case LZMA_OPTIONS_ERROR:
      return "unsupported compression options";
    case LZMA_DATA_ERROR:
      return "compressed data is corrupt";
    case LZMA_BUF_ERROR:
      return "unexpected end of input";
    case LZMA_PROG_ERROR:
      return "programming error";
    default:
      return "error " + std::to_string(static_cast<int>(rc));
  }
}

class XzDecoder final : public Decoder {
 public:
  XzDecoder() { start(); }
  ~XzDecoder() override { lzma_end(&s_); }
  XzDecoder(const XzDecoder&) = delete;
  XzDecoder& operator=(const XzDecoder&) = delete;

  // Several .xz streams and stream padding (NUL bytes, four at a time) in one file, like
  // `xz -dc`; followed here rather than by LZMA_CONCATENATED, which never says where a stream
  // (and so its check) ends.
  DecodeStep decode(std::span<const unsigned char> in, std::span<char> out,
                    bool input_ends) override {
    if (ended_) {
      std::size_t zeros = 0;
      while (zeros < in.size() && in[zeros] == 0) ++zeros;
      padding_ += zeros;
      if (zeros > 0 || in.empty()) return {zeros, 0, false};
      if (padding_ % 4 != 0) {
        message_ = "xz: stream padding is not a multiple of four bytes";
        return {0, 0, true};
      }
      lzma_end(&s_);  // another stream follows
      start();
    }
    if (!ready_) return {0, 0, true};
    s_.next_in = in.data();
    s_.avail_in = in.size();
    s_.next_out = reinterpret_cast<std::uint8_t*>(out.data());
    s_.avail_out = out.size();
    const lzma_ret rc = lzma_code(&s_, input_ends ? LZMA_FINISH : LZMA_RUN);
    DecodeStep step{in.size() - s_.avail_in, out.size() - s_.avail_out, false};
    if (rc == LZMA_STREAM_END) {
      ended_ = true;
      padding_ = 0;
    } else if (rc != LZMA_OK && rc != LZMA_BUF_ERROR) {  // LZMA_BUF_ERROR: no progress possible
      step.failed = true;
      message_ = "xz: " + lzma_error_text(rc);
    }
    return step;
  }
  bool at_boundary() const override { return ended_ && padding_ % 4 == 0; }
  const std::string& message() const override { return message_; }

 private:
  void start() {
    s_ = LZMA_STREAM_INIT;
    const lzma_ret rc = lzma_stream_decoder(&s_, UINT64_MAX, 0);
    ready_ = rc == LZMA_OK;
    if (!ready_) message_ = "xz: cannot initialise liblzma: " + lzma_error_text(rc);
    ended_ = false;
  }

  lzma_stream s_ = LZMA_STREAM_INIT;
  bool ready_ = false;
  bool ended_ = false;
  std::size_t padding_ = 0;  // NUL bytes after the last stream
  std::string message_;
};

// Input per ZSTD_decompressStream call: the precision of a zstd fault's offset. Measured on
// bench.pgn.zst, 32 KiB to 1 MiB slices decode at the same speed.
constexpr std::size_t k_zstd_slice = std::size_t{32} << 10;

class ZstdDecoder final : public Decoder {
 public:
  ZstdDecoder() : dctx_(ZSTD_createDCtx()) {
    if (dctx_ == nullptr) {
      message_ = "zstd: cannot create a decompression context";
      return;
    }
    // Accept frames written with --long (windows up to 2 GiB), as `zstd -d --memory=2048MB`.
    ZSTD_DCtx_setParameter(dctx_, ZSTD_d_windowLogMax, 31);
  }
  ~ZstdDecoder() override { ZSTD_freeDCtx(dctx_); }
  ZstdDecoder(const ZstdDecoder&) = delete;
  ZstdDecoder& operator=(const ZstdDecoder&) = delete;

  DecodeStep decode(std::span<const unsigned char> in, std::span<char> out, bool) override {
    if (dctx_ == nullptr) return {0, 0, true};
    // On error libzstd does not say how far it got, so it gets the input in slices: the fault
    // lies within the slice of the failing call.
    ZSTD_inBuffer src{in.data(), std::min(in.size(), k_zstd_slice), 0};
    // On error the call's output is lost too (dst.pos is not advanced): at most one
    // ZSTD_DStreamOutSize() (128 KiB) of text, as with the zstd tool itself.
    ZSTD_outBuffer dst{out.data(), std::min(out.size(), ZSTD_DStreamOutSize()), 0};
    if (frame_start_ && !in.empty()) {  // the frame's header (when whole here) may say its size
      const unsigned long long size = ZSTD_getFrameContentSize(in.data(), in.size());
      declared_ = size == ZSTD_CONTENTSIZE_UNKNOWN || size == ZSTD_CONTENTSIZE_ERROR ? 0 : size;
    }
    // Decodes one frame after the other; returns 0 exactly when a frame is complete and flushed.
    const std::size_t rc = ZSTD_decompressStream(dctx_, &dst, &src);
    if (ZSTD_isError(rc) != 0U) {
      message_ = "zstd: " + std::string(ZSTD_getErrorName(rc));
      return {src.size, 0, true};
    }
    const DecodeStep step{src.pos, dst.pos, false};
    // A call that touches nothing leaves the boundary as it was (after a complete frame the
    // context asks for the next frame's header, a non-zero hint).
    boundary_ = rc == 0 || (boundary_ && src.pos == 0 && dst.pos == 0);
    if (src.pos > 0) frame_start_ = false;
    if (rc == 0) {
      frame_start_ = true;
      declared_ = 0;
    }
    return step;
  }
  bool at_boundary() const override { return boundary_; }
  std::uint64_t declared_size() const override { return declared_; }
  const std::string& message() const override { return message_; }

 private:
  ZSTD_DCtx* dctx_;
  bool boundary_ = false;
  bool frame_start_ = true;     // the next input byte starts a frame
  std::uint64_t declared_ = 0;  // the current frame's content size, 0 if not declared
  std::string message_;
};

}  // namespace

std::span<const Codec> codecs() {
  // A zstd skippable frame (magic 0x184D2A50..5F, little-endian), as pzstd writes first, is the
  // second zstd row.
  static constexpr Codec k_codecs[] = {
      {Compression::gzip, "gzip", "\x1f\x8b", "", []() -> std::unique_ptr<Decoder> {
         return std::make_unique<GzipDecoder>();
       }},
      {Compression::bzip2, "bzip2", "BZh", "", []() -> std::unique_ptr<Decoder> {
         return std::make_unique<Bzip2Decoder>();
       }},
      {Compression::xz, "xz", std::string_view("\xfd" "7zXZ\0", 6), "",
       []() -> std::unique_ptr<Decoder> { return std::make_unique<XzDecoder>(); }},
      {Compression::zstd, "zstd", "\x28\xb5\x2f\xfd", "", []() -> std::unique_ptr<Decoder> {
         return std::make_unique<ZstdDecoder>();
       }},
      {Compression::zstd, "zstd", "\x50\x2a\x4d\x18", "\xf0\xff\xff\xff",
       []() -> std::unique_ptr<Decoder> { return std::make_unique<ZstdDecoder>(); }},
  };
  return k_codecs;
}

std::unique_ptr<Decoder> make_decoder(Compression c) {
  for (const Codec& codec : codecs())
    if (codec.kind == c) return codec.make();
  return nullptr;
}

}  // namespace rochade::io::detail
