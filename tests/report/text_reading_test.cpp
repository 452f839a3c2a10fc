// One reading of tag text: clean_text (text, Markdown, HTML, CSV) reads bytes as pgn::as_utf8
// does (the JSON and the partial), so a report printed from a partial, whose text went through
// as_utf8, is the run's byte for byte.
#include <catch2/catch.hpp>

#include <string>

#include "pgn/tokens.hpp"
#include "report/common/text.hpp"

using rochade::pgn::as_utf8;
using rochade::report::clean_text;

TEST_CASE("clean_text reads as as_utf8 reads: the same text from the bytes or from as_utf8's",
          "[report]") {
  // A C1 byte alone in UTF-8 text (fuzz regression replay/merge-html-c1-byte-in-utf8.pgn): the
  // run read it as U+FFFD, the partial's U+0082 stayed U+0082.
  CHECK(clean_text("11.\x82[Event") == "11.\xEF\xBF\xBD[Event");
  CHECK(clean_text(as_utf8("11.\x82[Event")) == "11.\xEF\xBF\xBD[Event");
  // The C1 controls are no text however they come: a Latin-1 byte or UTF-8.
  CHECK(clean_text("\xC2\x82") == "\xEF\xBF\xBD");
  CHECK(clean_text("\xC2\x9F") == "\xEF\xBF\xBD");
  CHECK(clean_text("\xC2\xA0") == "\xC2\xA0");  // U+00A0 is text
  // Every single byte, alone, between ASCII and after valid UTF-8; and runs of them.
  std::string all;
  for (int b = 0; b < 256; ++b) {
    const std::string one(1, static_cast<char>(b));
    for (const std::string& s : {one, "a" + one + "b", "\xC3\xBC" + one, one + "\xE2\x80\xA6"}) {
      INFO("byte " << b);
      CHECK(clean_text(as_utf8(s)) == clean_text(s));
    }
    all += one;
  }
  CHECK(clean_text(as_utf8(all)) == clean_text(all));
  // A sequence cut short, an overlong form, a surrogate: each byte Latin-1, both ways.
  for (const std::string s : {"\xE2\x80", "\xC0\xAF", "\xED\xA0\x80", "\xF0\x9F\x98", "x\x82\xC3"})
    CHECK(clean_text(as_utf8(s)) == clean_text(s));
}
