// The push interface of the PGN reader: syntax only, no chess rules.
//
// Contract:
//  - Every game produces exactly one begin_game() and one end_game(), whatever happens in
//    between (a malformed game gets error() events and still ends).
//  - Views passed to a callback point into the reader's buffers and are valid only during that
//    callback.
//  - A callback that returns Skip::yes makes the reader skip the rest of the game cheaply; it
//    still calls end_game() for it.
//  - Variations are skipped unless begin_variation() returns true.
//  - Text between games that cannot start a game (an HTML page, binary data, stray words) is not a
//    game: it is skipped and reported through skipped(), outside any begin_game()/end_game().
// The exact rules (where a game starts and ends, how errors resynchronise) are in
// docs/PGN-READER.md.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "base/names.hpp"

namespace rochade::pgn {

enum class Skip : bool { no = false, yes = true };

// Where something is in the input: 1-based line, 0-based byte offset in the decoded text.
struct TextPos {
  std::uint64_t line = 0;
  std::uint64_t byte = 0;
};

struct GameStart {
  std::uint64_t number = 0;  // 1-based, within this input
  TextPos pos;               // first byte of the game (its first tag, or its movetext)
};

struct MoveToken {
  std::string_view san;                 // as written, e.g. "Nbxd2+!?", "O-O-O#", "e8=Q"
  std::uint32_t number = 0;             // move number printed before it ("12." or "12..."), 0 if none
  bool number_black = false;            // the printed number had "..." (or "…")
  std::span<const std::uint16_t> nags;  // $n that follow the move, in order (at most 8 kept)
  TextPos pos;                          // where the SAN starts
};

enum class ErrorKind : std::uint8_t {
  unclosed_comment,    // '{' with no '}' before the next game start or the end of input
  unclosed_variation,  // '(' with no ')' before the end of the game
  unmatched_paren,     // ')' with no '('
  bad_tag,             // a tag pair that cannot be read
  token_too_long,      // a token, tag name or tag value over the reader's limits
  too_deep,            // variations nested deeper than the limit
  bad_character,       // bytes that cannot start any token
};
inline constexpr base::NameTable<ErrorKind> error_kind_names{
    {{ErrorKind::unclosed_comment, "unclosed_comment"},
     {ErrorKind::unclosed_variation, "unclosed_variation"},
     {ErrorKind::unmatched_paren, "unmatched_paren"},
     {ErrorKind::bad_tag, "bad_tag"},
     {ErrorKind::token_too_long, "token_too_long"},
     {ErrorKind::too_deep, "too_deep"},
     {ErrorKind::bad_character, "bad_character"}}};
inline std::string_view error_kind_name(ErrorKind kind) { return error_kind_names.name(kind); }

struct ParseError {
  ErrorKind kind{};
  std::string_view message;  // plain words: what is wrong
  TextPos pos;               // where
};

struct GameEnd {
  std::uint64_t number = 0;
  std::string_view result;  // the result token as written ("1-0", "½-½", ...), empty if none
  bool had_errors = false;  // at least one error() in this game
  std::string_view raw;     // the game's bytes as in the input, only with ReaderOptions::capture_raw
  // capture_raw was on but the game was longer than ReaderOptions::max_raw: raw is empty.
  bool raw_truncated = false;
};

// A move as a game's record keeps it (analysis::GameRecord): 20 bytes, for every move read.
struct StoredMove {
  std::uint32_t san_offset = 0;  // in the record's text arena, or in its borrowed text
  std::uint16_t san_length = 0;
  bool number_black = false;      // the printed number had "..."
  bool san_borrowed = false;      // san_offset is in the borrowed text, not in the arena
  std::uint32_t number = 0;       // move number printed before it, 0 if none
  std::uint32_t raw_offset = 0;   // where the token starts, relative to the game's first byte
  std::uint32_t line_offset = 0;  // its line, relative to the game's first line
};

// Where a visitor lets the reader store a game's moves itself (Visitor::move_store), instead of
// a call of move() each: a move whose SAN lies in `text` goes to `next` while next != end, as
// move() would have stored it; any other goes to move(), which may make room and move `next`
// and `end`. The visitor reads `next` to know how many moves were stored.
struct MoveStore {
  StoredMove* next = nullptr;
  StoredMove* end = nullptr;
  const char* text = nullptr;  // the text the stored moves' san_offset counts from
  std::size_t text_size = 0;
  TextPos first;  // the game's first byte and line, which raw_offset and line_offset count from
};

// A tag pair as a game's record keeps it (analysis::GameRecord): 16 bytes, its name and value
// as offsets and lengths in the store's text.
struct StoredTag {
  std::uint32_t name_offset = 0;
  std::uint32_t name_length = 0;
  std::uint32_t value_offset = 0;
  std::uint32_t value_length = 0;
};

// Where a visitor lets the reader store a game's tags itself (Visitor::tag_store), instead of a
// call of tag() each: a tag pair written plainly ([Name "value"], no escape) whose name and value
// lie in `text` goes to `next` while next != end; any other goes to tag(), which may make room
// and move `next` and `end`. The visitor reads `next` to know how many tags were stored; the
// order of all the tags is the order of the game.
struct TagStore {
  StoredTag* next = nullptr;
  StoredTag* end = nullptr;
  const char* text = nullptr;  // the text the stored tags' offsets count from
  std::size_t text_size = 0;
};

class Visitor {
 public:
  virtual ~Visitor() = default;
  virtual Skip begin_game(const GameStart&) { return Skip::no; }
  // name as written; value with \" and \\ unescaped.
  virtual Skip tag(std::string_view /*name*/, std::string_view /*value*/) { return Skip::no; }
  // Where the reader may store this game's tags itself, or null (every tag to tag()). Asked once
  // per game, after begin_game() and before its first tag.
  virtual TagStore* tag_store() { return nullptr; }
  virtual Skip end_tags() { return Skip::no; }
  virtual Skip move(const MoveToken&) { return Skip::no; }
  // Where the reader may store this game's moves itself, or null (every move to move()). Asked
  // once per game, after begin_game(); a visitor that keeps moves as StoredMove spares the reader
  // a call per move. The NAGs of a move stored there are not passed on.
  virtual MoveStore* move_store() { return nullptr; }
  // A comment may come in several pieces (long comments are streamed); `last` marks the end.
  virtual Skip comment(std::string_view /*text*/, bool /*last*/) { return Skip::no; }
  // False: comment() is never called (asked once per game; a visitor that keeps no comments
  // spares the reader a call per comment, and Lichess games have one per move).
  virtual bool wants_comments() const { return true; }
  virtual bool begin_variation() { return false; }
  virtual void end_variation() {}
  virtual void result(std::string_view /*token*/) {}
  virtual void error(const ParseError&) {}
  virtual void end_game(const GameEnd&) {}
  // Between games: a stretch of text that is not PGN was skipped (kind bad_character), or a '{'
  // between games was never closed (kind unclosed_comment). Not part of any game.
  virtual void skipped(const ParseError&) {}
};

}  // namespace rochade::pgn
