#include "chess/fen.hpp"

#include <charconv>

namespace rochade::chess {
namespace {

std::optional<PieceType> piece_type_from_char(char c) {
  switch (c | 0x20) {
    case 'p': return PieceType::pawn;
    case 'n': return PieceType::knight;
    case 'b': return PieceType::bishop;
    case 'r': return PieceType::rook;
    case 'q': return PieceType::queen;
    case 'k': return PieceType::king;
    default: return std::nullopt;
  }
}

constexpr char piece_chars[] = " PNBRQK";

// 'text' (built by appending: GCC 12 warns wrongly on "literal" + std::string).
std::string quoted(std::string_view text) {
  std::string s;
  s.reserve(text.size() + 2);
  s += '\'';
  s += text;
  s += '\'';
  return s;
}

// Splits on runs of spaces/tabs.
std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '\r' && s[j] != '\n') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<FenError> parse_placement(std::string_view f, Position& pos) {
  int rank = 7, file = 0;
  for (char c : f) {
    if (c == '/') {
      if (file != 8) return FenError{FenField::placement, "rank " + std::to_string(rank + 1) +
                                                              " does not have 8 squares"};
      if (--rank < 0) return FenError{FenField::placement, "more than 8 ranks"};
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return FenError{FenField::placement, "rank " + std::to_string(rank + 1) +
                                                              " has more than 8 squares"};
    } else if (auto t = piece_type_from_char(c)) {
      if (file > 7) return FenError{FenField::placement, "rank " + std::to_string(rank + 1) +
                                                              " has more than 8 squares"};
      const Color col = (c >= 'a') ? Color::black : Color::white;
      pos.put_piece(make_piece(col, *t), make_square(file++, rank));
    } else {
      return FenError{FenField::placement, std::string("unexpected character '") + c + "'"};
    }
  }
  if (rank != 0 || file != 8) return FenError{FenField::placement, "the board is not 8x8"};
  return std::nullopt;
}

// The rook square that K (kingside) or Q names in Chess960 (X-FEN): the outermost rook of that
// colour on that side of its king on the first rank, else the corner.
Square letter_target(const Position& pos, Color c, bool kingside) {
  const int rank = back_rank(c);
  const Square k = pos.king_square(c);
  const Square corner = make_square(kingside ? 7 : 0, rank);
  if (k == no_square || rank_of(k) != rank) return corner;
  Bitboard side = 0;
  for (int f = 0; f < 8; ++f)
    if (kingside ? f > file_of(k) : f < file_of(k)) side |= file_bb(f);
  const Bitboard candidates = pos.pieces(c, PieceType::rook) & rank_bb(rank) & side;
  if (!candidates) return corner;
  return kingside ? msb(candidates) : lsb(candidates);
}

std::string_view color_word(Color c) { return c == Color::white ? "white" : "black"; }
std::string square_word(Square s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

// Why the castling field can only mean Chess960 (empty if it can mean standard chess): a file
// letter other than a corner's, or a right with its king on the first rank off the e-file.
std::string chess960_sign(std::string_view f, const Position& pos) {
  if (f == "-") return {};
  for (char c : f) {
    const Color col = (c >= 'a') ? Color::black : Color::white;
    const char lc = static_cast<char>(c | 0x20);
    const Square k = pos.king_square(col);
    if (k != no_square && rank_of(k) == back_rank(col) && file_of(k) != 4)
      return "the " + std::string(color_word(col)) + " king stands on " + square_word(k) +
             " with a castling right: read as Chess960";
    if (lc >= 'b' && lc <= 'g')
      return std::string("the castling field names a rook on the ") + lc + "-file ('" + c +
             "'): read as Chess960";
  }
  return {};
}

// Why standard chess cannot use the right of colour c for the rook on `sq` (empty if it can):
// the king off e1/e8 (on the first rank a Chess960 sign, so only met when told standard chess),
// a file other than a or h, no own rook there. Strict reading leaves the king and the rook to
// its errors (position_problems(), parse_castling()).
std::string standard_drop(const Position& pos, Color c, Square sq, FenMode mode) {
  const std::string who(color_word(c));
  const Square home = make_square(4, back_rank(c));
  const Square k = pos.king_square(c);
  if (k != no_square && rank_of(k) == back_rank(c) && k != home)
    return "the " + who + " king stands on " + square_word(k) +
           ", and standard chess castles only from " + square_word(home);
  if (file_of(sq) != 0 && file_of(sq) != 7)
    return "standard chess castles only with the rooks of the a- and h-files";
  if (mode == FenMode::strict) return {};
  if (k != home)
    return (k == no_square ? "there is no " + who + " king"
                           : "the " + who + " king stands on " + square_word(k)) +
           ", and standard chess castles only from " + square_word(home);
  if (pos.piece_on(sq) != make_piece(c, PieceType::rook))
    return "no " + who + " rook stands on " + square_word(sq) +
           ", and standard chess castles only with the rooks of the a- and h-files";
  return {};
}

// Reads the castling field. Standard chess: K and Q (and the Shredder-FEN letters of the corners)
// are the h- and a-file rooks, and a right is kept only with the king on e1/e8 and the own rook
// on its corner; another is dropped, with a note, its square in r.dropped. Chess960: K and Q are
// the outermost rooks, file letters name the others (X-FEN, Shredder-FEN).
std::optional<FenError> parse_castling(std::string_view f, Position& pos, FenMode mode,
                                       bool chess960, FenResult& r) {
  Bitboard rights = 0;
  if (f == "-") return std::nullopt;
  for (char c : f) {
    const Color col = (c >= 'a') ? Color::black : Color::white;
    const std::string who(color_word(col));
    const int rank = back_rank(col);
    const Bitboard rooks = pos.pieces(col, PieceType::rook) & rank_bb(rank);
    const char lc = static_cast<char>(c | 0x20);
    Square sq = no_square;
    if (lc == 'k' || lc == 'q') {
      sq = chess960 ? letter_target(pos, col, lc == 'k') : make_square(lc == 'k' ? 7 : 0, rank);
    } else if (lc >= 'a' && lc <= 'h') {
      sq = make_square(lc - 'a', rank);
    } else {
      return FenError{FenField::castling, std::string("unexpected character '") + c + "'"};
    }
    if (mode == FenMode::strict && !(rooks & bb(sq)))
      return FenError{FenField::castling,
                      std::string("'") + c + "' but no " + who + " rook on " + square_word(sq)};
    if ((rights | r.dropped) & bb(sq))
      return FenError{FenField::castling, std::string("'") + c + "' repeats a right"};
    if (const std::string why = chess960 ? std::string() : standard_drop(pos, col, sq, mode);
        !why.empty()) {
      r.notes.push_back(std::string("'") + c + "' dropped: " + why);
      r.dropped |= bb(sq);
      continue;
    }
    rights |= bb(sq);
  }
  pos.set_castling_rights(rights);
  return std::nullopt;
}

// The letter of a castling right: in standard chess K or Q (rights are corners there). In
// Chess960 K or Q where that letter names the square (the outermost rook) and reading it back
// keeps Chess960 (a corner, or the king off the e-file); else the file letter.
char castling_char(const Position& pos, Color c, Square r) {
  char ch = static_cast<char>('A' + file_of(r));
  const Square k = pos.king_square(c);
  const bool king_says_960 = k != no_square && rank_of(k) == back_rank(c) && file_of(k) != 4;
  const bool letters_say_960 = !king_says_960 && file_of(r) != 0 && file_of(r) != 7;
  if (!pos.chess960()) {
    if (file_of(r) == 7)
      ch = 'K';
    else if (file_of(r) == 0)
      ch = 'Q';
  } else if (!letters_say_960 && r == letter_target(pos, c, true)) {
    ch = 'K';
  } else if (!letters_say_960 && r == letter_target(pos, c, false)) {
    ch = 'Q';
  }
  return c == Color::black ? static_cast<char>(ch | 0x20) : ch;
}

std::optional<int> parse_number(std::string_view s) {
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < 0 || v > 65535) return std::nullopt;
  return v;
}

}  // namespace

FenResult parse_fen(std::string_view fen, FenMode mode, Chess960Mode chess960) {
  FenResult r;
  Position& pos = r.position;
  const auto fields = split_fields(fen);
  if (fields.size() < 4 || fields.size() > 6) {
    // The fields that are there first: "not a fen" is a bad placement, not a missing en-passant
    // square; then the first missing field, or too many.
    if (!fields.empty())
      if (auto e = parse_placement(fields[0], pos)) return r.error = e, r;
    if (fields.size() >= 2 && fields[1] != "w" && fields[1] != "b")
      return r.error = FenError{FenField::side, "expected 'w' or 'b', found '" +
                                                    std::string(fields[1]) + "'"}, r;
    const std::string found = "expected 4 to 6 fields, found " + std::to_string(fields.size());
    r.error = fields.size() > 6 ? FenError{FenField::position, found}
                                : FenError{FenField(fields.size()),
                                           found + ": no " +
                                               std::string(fen_field_name(FenField(fields.size()))) +
                                               " field"};
    return r;
  }
  if (auto e = parse_placement(fields[0], pos)) return r.error = e, r;
  if (fields[1] != "w" && fields[1] != "b")
    return r.error = FenError{FenField::side, "expected 'w' or 'b', found '" +
                                                  std::string(fields[1]) + "'"}, r;
  pos.set_side_to_move(fields[1] == "w" ? Color::white : Color::black);
  // Chess960 when the game or the user says so, or when the castling field can mean nothing else.
  bool chess960_rules = chess960 == Chess960Mode::force;
  if (chess960 == Chess960Mode::detect) {
    std::string sign = chess960_sign(fields[2], pos);
    chess960_rules = !sign.empty();
    if (chess960_rules) r.notes.push_back(std::move(sign));
  }
  pos.set_chess960(chess960_rules);
  if (auto e = parse_castling(fields[2], pos, mode, chess960_rules, r)) return r.error = e, r;
  if (fields[3] != "-") {
    const auto f = fields[3];
    if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
      return r.error = FenError{FenField::en_passant, quoted(f) + " is not a square"}, r;
    // Lenient reading drops a square no capture can land on (not the 6th rank with white to
    // move, the 3rd with black): it means nothing, and the square behind it is off the board
    // on the 1st or 8th rank. Strict reading keeps it for position_problems() to report.
    const Square ep = make_square(f[0] - 'a', f[1] - '1');
    if (mode == FenMode::strict || rank_of(ep) == (pos.side_to_move() == Color::white ? 5 : 2))
      pos.set_ep_square(ep);
  }
  int half = 0, full = 1;
  if (fields.size() >= 5) {
    auto v = parse_number(fields[4]);
    if (!v) return r.error = FenError{FenField::halfmove, "'" + std::string(fields[4]) +
                                                              "' is not a number"}, r;
    half = *v;
  }
  if (fields.size() == 6) {
    auto v = parse_number(fields[5]);
    if (!v) return r.error = FenError{FenField::fullmove, "'" + std::string(fields[5]) +
                                                              "' is not a number"}, r;
    full = *v == 0 ? 1 : *v;
  }
  pos.set_clocks(half, full);
  if (mode == FenMode::strict) {
    auto problems = position_problems(pos);
    if (!problems.empty()) r.error = FenError{problems[0].field, std::move(problems[0].message)};
  }
  return r;
}

std::vector<PositionProblem> position_problems(const Position& pos) {
  std::vector<PositionProblem> out;
  for (Color c : {Color::white, Color::black}) {
    const char* name = c == Color::white ? "white" : "black";
    const int kings = popcount(pos.pieces(c, PieceType::king));
    if (kings != 1)
      out.push_back({FenField::placement, std::string(name) + " has " + std::to_string(kings) +
                                              " kings"});
  }
  if (pos.pieces(PieceType::pawn) & (rank_bb(0) | rank_bb(7)))
    out.push_back({FenField::placement, "a pawn stands on the first or last rank"});
  const Color them = ~pos.side_to_move();
  const Square their_king = pos.king_square(them);
  if (their_king != no_square && pos.attacked_by(pos.side_to_move(), their_king, pos.pieces()))
    out.push_back({FenField::position, std::string("the side not to move (") +
                                           (them == Color::white ? "white" : "black") +
                                           ") is in check"});
  for (Color c : {Color::white, Color::black}) {
    Bitboard rights = pos.castling_rights(c);
    const Square k = pos.king_square(c);
    while (rights) {
      const Square s = pop_lsb(rights);
      const std::string sq{static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
      if (pos.piece_on(s) != make_piece(c, PieceType::rook))
        out.push_back({FenField::castling, "a castling right for the rook on " + sq +
                                               " but no such rook stands there"});
      if (k == no_square || rank_of(k) != back_rank(c))
        out.push_back({FenField::castling, "a castling right for " + sq +
                                               " but the king is not on its first rank"});
      else if (!pos.chess960() && file_of(k) != 4)
        out.push_back({FenField::castling, "a castling right for " + sq +
                                               " but the king is not on the e-file"});
    }
  }
  const Square ep = pos.ep_square();
  if (ep != no_square) {
    const Color us = pos.side_to_move();
    const int want = us == Color::white ? 5 : 2;
    const Square pawn = static_cast<Square>(us == Color::white ? ep - 8 : ep + 8);
    if (rank_of(ep) != want || pos.piece_on(pawn) != make_piece(~us, PieceType::pawn) ||
        pos.piece_on(ep) != Piece::none)
      out.push_back({FenField::en_passant, "no pawn can just have moved two squares past it"});
  }
  return out;
}

std::string to_fen(const Position& pos) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == Piece::none) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty), empty = 0;
      char ch = piece_chars[idx(type_of(p))];
      if (color_of(p) == Color::black) ch = static_cast<char>(ch | 0x20);
      s += ch;
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank) s += '/';
  }
  s += pos.side_to_move() == Color::white ? " w " : " b ";
  const std::size_t before = s.size();
  for (Color c : {Color::white, Color::black}) {
    for (CastlingSide side : {CastlingSide::king, CastlingSide::queen}) {
      Bitboard rights = pos.castling_rights(c);
      const Square k = pos.king_square(c);
      const int kf = (k != no_square && rank_of(k) == back_rank(c)) ? file_of(k) : 4;
      while (rights) {
        const Square r = pop_lsb(rights);
        if ((side == CastlingSide::king) != (file_of(r) > kf)) continue;
        s += castling_char(pos, c, r);
      }
    }
  }
  if (s.size() == before) s += '-';
  s += ' ';
  if (pos.ep_square() == no_square) {
    s += '-';
  } else {
    s += static_cast<char>('a' + file_of(pos.ep_square()));
    s += static_cast<char>('1' + rank_of(pos.ep_square()));
  }
  s += ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
  return s;
}

}  // namespace rochade::chess
