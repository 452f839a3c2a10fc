#include "recorder.hpp"

#include "pgn/splitter.hpp"

#include <algorithm>

namespace rochade::pgn::test {

namespace {
// Concatenation by append (operator+ on a temporary trips a false -Wrestrict in GCC 12).
template <typename... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  (out.append(parts), ...);
  return out;
}
std::string num(std::uint64_t n) { return std::to_string(n); }
}  // namespace

std::string escape(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(bytes.size());
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c >= 0x7F) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

std::string Recorder::at(const TextPos& pos) const {
  if (!opts_.positions) return {};
  return cat(" @", num(pos.line), ":", num(pos.byte));
}

void Recorder::violation(std::string_view what) {
  ++violations;
  lines.push_back(cat("VIOLATION ", what));
}

// Every event counts; the first one that can answer Skip at or after skip_at answers yes, and
// no event but end_game may follow it.
Skip Recorder::count_event(bool can_skip) {
  ++events_;
  if (skipping_) violation("event after Skip::yes");
  if (can_skip && opts_.skip_at != 0 && events_ >= opts_.skip_at) {
    skipping_ = true;
    return Skip::yes;
  }
  return Skip::no;
}

Skip Recorder::begin_game(const GameStart& g) {
  if (in_game_) violation("begin_game inside a game");
  ++games;
  if (g.number != ++number_ && number_ != 1) violation("game numbers not consecutive");
  number_ = g.number;
  in_game_ = true;
  tags_done_ = false;
  skipping_ = false;
  events_ = 0;
  depth_ = 0;
  if (g.pos.byte < last_pos_.byte) violation("game starts before the previous event");
  last_pos_ = g.pos;
  lines.push_back(cat("game ", num(g.number), at(g.pos)));
  return count_event(true);
}

Skip Recorder::tag(std::string_view name, std::string_view value) {
  if (!in_game_ || tags_done_) violation("tag outside the tag section");
  lines.push_back(cat("tag ", escape(name), " \"", escape(value), "\""));
  return count_event(true);
}

Skip Recorder::end_tags() {
  if (!in_game_ || tags_done_) violation("end_tags twice or outside a game");
  tags_done_ = true;
  lines.emplace_back("end_tags");
  return count_event(true);
}

Skip Recorder::move(const MoveToken& m) {
  if (!in_game_ || !tags_done_ || in_comment_) violation("move outside movetext");
  if (m.pos.byte < last_pos_.byte) violation("positions go backwards");
  last_pos_ = m.pos;
  std::string line = "move ";
  if (m.number != 0) line += cat(num(m.number), m.number_black ? "... " : ". ");
  line += escape(m.san);
  for (const std::uint16_t n : m.nags) line += cat(" $", num(n));
  lines.push_back(cat(line, at(m.pos)));
  return count_event(true);
}

Skip Recorder::comment(std::string_view text, bool last) {
  if (!in_game_ || !tags_done_) violation("comment outside movetext");
  if (!last && text.empty()) violation("empty comment piece that is not the last");
  in_comment_ = !last;
  comment_ += text;
  if (!last) return Skip::no;
  lines.push_back(cat("comment \"", escape(comment_), "\""));
  comment_.clear();
  return count_event(true);
}

bool Recorder::begin_variation() {
  if (!in_game_ || in_comment_) violation("variation outside movetext");
  if (!opts_.visit_variations) return false;
  ++depth_;
  lines.emplace_back("(");
  count_event(false);
  return true;
}

void Recorder::end_variation() {
  if (depth_ == 0) violation("end_variation without begin_variation");
  --depth_;
  lines.emplace_back(")");
  count_event(false);
}

void Recorder::result(std::string_view token) {
  if (!in_game_ || depth_ != 0) violation("result outside the main line");
  lines.push_back(cat("result ", escape(token)));
  count_event(false);
}

void Recorder::error(const ParseError& e) {
  if (!in_game_) violation("error outside a game");
  lines.push_back(cat("error ", error_kind_name(e.kind), at(e.pos), " ", e.message));
  count_event(false);
}

void Recorder::end_game(const GameEnd& g) {
  if (!in_game_ || g.number != number_) violation("end_game without its begin_game");
  if (in_comment_) violation("end_game inside a comment");
  if (depth_ != 0 && !skipping_) violation("end_game with open variations");
  in_game_ = false;
  in_comment_ = false;
  comment_.clear();
  std::string line = cat("end_game ", num(g.number));
  if (!g.result.empty()) line += cat(" ", escape(g.result));
  if (g.had_errors) line += " had_errors";
  if (g.raw_truncated) line += " raw_truncated";
  lines.push_back(line);
  raws.emplace_back(g.raw);
}

void Recorder::skipped(const ParseError& e) {
  if (in_game_) violation("skipped inside a game");
  lines.push_back(cat("skipped ", error_kind_name(e.kind), at(e.pos), " ", e.message));
}

Skip Counter::begin_game(const GameStart&) {
  ++games;
  return Skip::no;
}
Skip Counter::tag(std::string_view, std::string_view) {
  ++tags;
  return Skip::no;
}
Skip Counter::move(const MoveToken&) {
  ++moves;
  return Skip::no;
}
Skip Counter::comment(std::string_view, bool last) {
  if (last) ++comments;
  return Skip::no;
}
void Counter::end_game(const GameEnd&) { ++ended; }

std::string first_difference(std::string_view a, std::string_view b) {
  std::size_t line = 1;
  while (!a.empty() || !b.empty()) {
    const std::size_t ea = a.find('\n');
    const std::size_t eb = b.find('\n');
    const std::string_view la = a.substr(0, ea);
    const std::string_view lb = b.substr(0, eb);
    if (la != lb || (ea == std::string_view::npos) != (eb == std::string_view::npos)) {
      return cat("line ", num(line), ": ", la, " | ", lb);
    }
    a.remove_prefix(ea == std::string_view::npos ? a.size() : ea + 1);
    b.remove_prefix(eb == std::string_view::npos ? b.size() : eb + 1);
    ++line;
  }
  return {};
}

std::string record(std::string_view text, ReaderOptions opts, RecorderOptions rec) {
  MemorySource src(text);
  Reader reader(src, opts);
  Recorder r(rec);
  reader.read_all(r);
  std::string out;
  for (const auto& line : r.lines) {
    out += line;
    out += '\n';
  }
  return out;
}

std::string buffer_difference(std::string_view base, std::string_view text, std::size_t size) {
  ReaderOptions opts;
  opts.buffer_size = size;
  return first_difference(base, record(text, opts));
}

namespace {
void finish(const Recorder& rec, PieceRead& r) {
  for (const auto& l : rec.lines) r.events.append(l).push_back('\n');
  r.raws = rec.raws;
  r.violations = rec.violations;
}
}  // namespace

PieceRead read_whole(std::string_view text, std::size_t buffer) {
  ReaderOptions opts;
  opts.capture_raw = true;
  opts.buffer_size = buffer;
  MemorySource src(text);
  Reader reader(src, opts);
  Recorder rec;
  PieceRead r;
  r.games = reader.read_all(rec);
  r.pieces = 1;
  finish(rec, r);
  return r;
}

PieceRead read_in_pieces(std::string_view text, std::size_t min_piece, std::size_t lookback,
                         std::size_t buffer) {
  Recorder rec;
  PieceRead r;
  std::size_t start = 0;
  std::uint64_t line = 1;
  MemorySource src{std::string_view{}};
  Reader reader(src);
  while (start < text.size() || r.pieces == 0) {
    const std::string_view rest = text.substr(start);
    const std::size_t from = std::min(min_piece, rest.size());
    const std::size_t cut = find_game_cut(rest, from, lookback);
    const std::string_view piece = cut == kNoCut ? rest : rest.substr(0, cut);
    if (cut != kNoCut && r.bad_cut.empty()) {
      const std::string at = " (at byte " + std::to_string(start + cut) + ")";
      if (cut == 0 || cut >= rest.size())
        r.bad_cut = "a cut outside the text" + at;
      else if (cut < from)
        r.bad_cut = "a cut before `from`" + at;
      else if (rest[cut - 1] != '\n')
        r.bad_cut = "a cut that is not at the start of a line" + at;
      else if (rest[cut] != '[')
        r.bad_cut = "a cut at a line that does not begin with '['" + at;
      if (!r.bad_cut.empty()) break;
    }
    ReaderOptions opts;
    opts.capture_raw = true;
    opts.buffer_size = buffer;
    opts.first_line = line;
    opts.first_byte = start;
    opts.first_game = r.games + 1;
    src = MemorySource(piece);
    reader.restart(src, opts);
    r.games += reader.read_all(rec);
    ++r.pieces;
    line += static_cast<std::uint64_t>(std::count(piece.begin(), piece.end(), '\n'));
    start += piece.size();
    if (cut == kNoCut) break;
  }
  finish(rec, r);
  return r;
}

}  // namespace rochade::pgn::test
