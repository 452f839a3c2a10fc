#include "chess/san.hpp"

#include "chess/movegen.hpp"

namespace rochade::chess {
namespace {

using detail::san_file;
using detail::san_rank;

PieceType piece_from_letter(char c) { return c == 'P' ? PieceType::pawn : detail::san_piece(c); }

PieceType promotion_from_letter(char c) {
  switch (c) {
    case 'N':
    case 'n':
      return PieceType::knight;
    case 'B':
    case 'b':
      return PieceType::bishop;
    case 'R':
    case 'r':
      return PieceType::rook;
    case 'Q':
    case 'q':
      return PieceType::queen;
    default:
      return PieceType::none;
  }
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Removes trailing check/mate marks and annotation glyphs, and "e.p.".
std::string_view strip_suffixes(std::string_view s, SanMove& out) {
  for (;;) {
    if (s.empty()) return s;
    const char c = s.back();
    if (c == '+')
      out.check = true;
    else if (c == '#')
      out.mate = true;
    else if (c == '!' || c == '?') {
    } else if (ends_with(s, "e.p.")) {
      s.remove_suffix(4);
      continue;
    } else if (s.size() >= 4 && ends_with(s, "ep") && s[s.size() - 3] >= '1' &&
               s[s.size() - 3] <= '8') {
      s.remove_suffix(2);
      continue;
    } else {
      return s;
    }
    s.remove_suffix(1);
  }
}

// Several candidates: each is tried (one legal: that one; none: illegal; more: ambiguous).
[[gnu::noinline]] SanResult pick_among(const Position& pos, Bitboard froms, Square to, Square taken,
                                       Move::Kind kind, PieceType promo) {
  Move found;
  int legal = 0;
  while (froms) {
    const Move m(pop_lsb(froms), to, kind, promo);
    if (king_safe_after(pos, m.from(), to, taken)) {
      found = m;
      ++legal;
    }
  }
  if (legal == 0) return {Move::null(), SanError::illegal};
  if (legal > 1) return {Move::null(), SanError::ambiguous};
  return {found, SanError::none};
}

// The legal move among the pieces on `froms` that reach `to`. Inline, with the usual single
// candidate tested here: it runs for every move replayed.
[[gnu::always_inline]] inline SanResult pick(const Position& pos, Bitboard froms, Square to,
                                             Move::Kind kind, PieceType promo) {
  if (!froms) return {Move::null(), SanError::no_piece};
  const Square taken =
      kind != Move::Kind::en_passant
          ? to
          : static_cast<Square>(pos.side_to_move() == Color::white ? to - 8 : to + 8);
  if (promo == PieceType::none) promo = PieceType::knight;
  if (more_than_one(froms)) return pick_among(pos, froms, to, taken, kind, promo);
  const Square from = lsb(froms);
  if (!king_safe_after(pos, from, to, taken)) return {Move::null(), SanError::illegal};
  return {Move(from, to, kind, promo), SanError::none};
}

using detail::reaching;

Bitboard origin_mask(const SanMove& san) {
  Bitboard mask = ~Bitboard{0};
  if (san.from_file >= 0) mask &= file_bb(san.from_file);
  if (san.from_rank >= 0) mask &= rank_bb(san.from_rank);
  return mask;
}

SanResult resolve_pawn(const Position& pos, const SanMove& san) {
  const Color us = pos.side_to_move();
  const Square to = san.to;
  const bool last_rank = rank_of(to) == back_rank(~us);
  if (last_rank != (san.promotion != PieceType::none)) return {Move::null(), SanError::illegal};
  const Bitboard pawns = pos.pieces(us, PieceType::pawn) & origin_mask(san);
  const Move::Kind kind = last_rank ? Move::Kind::promotion : Move::Kind::normal;
  if (san.capture || (san.from_file >= 0 && san.from_file != file_of(to))) {
    const Bitboard froms = pawn_attacks(~us, to) & pawns;
    if (to == pos.ep_square() && pos.piece_on(to) == Piece::none) {
      const Square cap = static_cast<Square>(us == Color::white ? to - 8 : to + 8);
      if (pos.piece_on(cap) != make_piece(~us, PieceType::pawn))
        return {Move::null(), froms ? SanError::illegal : SanError::no_piece};
      return pick(pos, froms, to, Move::Kind::en_passant, PieceType::none);
    }
    if (!(pos.pieces(~us) & bb(to)))
      return {Move::null(), froms ? SanError::illegal : SanError::no_piece};
    return pick(pos, froms, to, kind, san.promotion);
  }
  if (pos.pieces() & bb(to)) {
    // A capture written without 'x' and without the origin file ("d5" for "exd5") is not SAN.
    return {Move::null(), SanError::illegal};
  }
  const int up = us == Color::white ? 8 : -8;
  const int one = to - up;
  if (one < 0 || one > 63) return {Move::null(), SanError::no_piece};
  if (pawns & bb(static_cast<Square>(one)))
    return pick(pos, bb(static_cast<Square>(one)), to, kind, san.promotion);
  const int two = one - up;
  if (relative_rank(us, rank_of(to)) == 3 && !(pos.pieces() & bb(static_cast<Square>(one))) &&
      (pawns & bb(static_cast<Square>(two))))
    return pick(pos, bb(static_cast<Square>(two)), to, kind, san.promotion);
  return {Move::null(), SanError::no_piece};
}

// A king move of two files along the first rank, or onto an own rook, is castling
// (long algebraic "e1g1", Chess960 UCI "e1h1", or "Kg1" in some records).
SanResult resolve_king_as_castling(const Position& pos, Square from, Square to) {
  const Color us = pos.side_to_move();
  if (rank_of(from) != back_rank(us) || rank_of(to) != back_rank(us))
    return {Move::null(), SanError::illegal};
  CastlingSide side;
  if (pos.piece_on(to) == make_piece(us, PieceType::rook)) {
    side = castling_side(from, to);
    if (pos.castling_rook(us, side) != to) return {Move::null(), SanError::illegal};
  } else if (!pos.chess960() && file_of(from) == 4 && (file_of(to) == 6 || file_of(to) == 2)) {
    side = file_of(to) == 6 ? CastlingSide::king : CastlingSide::queen;
  } else {
    return {Move::null(), SanError::illegal};
  }
  const Move m = legal_castling(pos, side);
  if (m.is_null()) return {Move::null(), SanError::illegal};
  return {m, SanError::none};
}

}  // namespace

bool detail::parse_san_general(std::string_view s, SanMove& out) {
  out = SanMove{};
  s = strip_suffixes(s, out);
  if (s == "O-O" || s == "0-0" || s == "o-o") {
    out.kind = SanMove::Kind::castling;
    out.castling = CastlingSide::king;
    return true;
  }
  if (s == "O-O-O" || s == "0-0-0" || s == "o-o-o") {
    out.kind = SanMove::Kind::castling;
    out.castling = CastlingSide::queen;
    return true;
  }
  if (s == "--" || s == "Z0" || s == "0000") {
    out.kind = SanMove::Kind::null;
    return true;
  }
  if (s.empty() || s.size() > 10) return false;
  std::size_t i = 0, end = s.size();
  if (const PieceType p = piece_from_letter(s[0]); p != PieceType::none) {
    out.piece = p;
    i = 1;
  }
  // Promotion: =Q, /Q, (Q), or a bare letter after the square.
  if (end - i >= 5 && s[end - 1] == ')' && s[end - 3] == '(') {
    out.promotion = promotion_from_letter(s[end - 2]);
    if (out.promotion == PieceType::none) return false;
    end -= 3;
  } else if (end - i >= 3 && promotion_from_letter(s[end - 1]) != PieceType::none &&
             !san_file(s[end - 1])) {
    out.promotion = promotion_from_letter(s[end - 1]);
    --end;
    if (s[end - 1] == '=' || s[end - 1] == '/') --end;
  } else if (end - i >= 3 && s[end - 1] == 'b' && san_rank(s[end - 2]) && san_file(s[end - 3]) &&
             end - i >= 5) {
    // Long algebraic with a lower-case bishop promotion ("b7a8b").
    out.promotion = PieceType::bishop;
    --end;
  }
  if (end < i + 2 || !san_file(s[end - 2]) || !san_rank(s[end - 1])) return false;
  out.to = make_square(s[end - 2] - 'a', s[end - 1] - '1');
  end -= 2;
  if (end > i && (s[end - 1] == 'x' || s[end - 1] == ':')) {
    out.capture = true;
    --end;
  } else if (end > i && s[end - 1] == '-') {
    --end;
    if (end == i) return false;
  }
  const std::string_view from = s.substr(i, end - i);
  if (from.size() == 2 && san_file(from[0]) && san_rank(from[1])) {
    out.from_file = static_cast<std::int8_t>(from[0] - 'a');
    out.from_rank = static_cast<std::int8_t>(from[1] - '1');
  } else if (from.size() == 1 && san_file(from[0])) {
    out.from_file = static_cast<std::int8_t>(from[0] - 'a');
  } else if (from.size() == 1 && san_rank(from[0])) {
    out.from_rank = static_cast<std::int8_t>(from[0] - '1');
  } else if (!from.empty()) {
    return false;
  }
  if (out.promotion != PieceType::none && out.piece != PieceType::pawn) return false;
  return true;
}

namespace {

// A move of a knight, bishop, rook or queen: the pieces of that kind that reach `to`.
SanResult resolve_piece(const Position& pos, const SanMove& san, PieceType piece) {
  const Color us = pos.side_to_move();
  const Square to = san.to;
  if (pos.pieces(us) & bb(to)) return {Move::null(), SanError::illegal};
  return pick(pos, reaching(pos, piece, pos.pieces(us, piece) & origin_mask(san), to), to,
              Move::Kind::normal, PieceType::none);
}

// A king move: castling when written as a king move onto an own rook or two files along the
// rank, else an ordinary move.
[[gnu::noinline]] SanResult resolve_king(const Position& pos, const SanMove& san) {
  const Color us = pos.side_to_move();
  const Square to = san.to;
  const Square k = pos.king_square(us);
  if (k != no_square &&
      (pos.piece_on(to) == make_piece(us, PieceType::rook) ||
       (rank_of(k) == rank_of(to) &&
        (file_of(k) > file_of(to) ? file_of(k) - file_of(to) : file_of(to) - file_of(k)) == 2))) {
    return resolve_king_as_castling(pos, k, to);
  }
  return resolve_piece(pos, san, PieceType::king);
}

// Null moves, castling, and long algebraic (the origin square decides the piece: "e2e4",
// "e1g1"): rare, kept out of the common path.
[[gnu::noinline]] SanResult resolve_unusual(const Position& pos, const SanMove& san) {
  const Color us = pos.side_to_move();
  switch (san.kind) {
    case SanMove::Kind::null:
      return {Move::null(), SanError::none};
    case SanMove::Kind::castling: {
      const Move m = legal_castling(pos, san.castling);
      return {m, m.is_null() ? SanError::illegal : SanError::none};
    }
    case SanMove::Kind::normal:
      break;
  }
  PieceType piece = san.piece;
  const Piece at = pos.piece_on(make_square(san.from_file, san.from_rank));
  if (at == Piece::none || color_of(at) != us) return {Move::null(), SanError::no_piece};
  if (piece == PieceType::pawn) piece = type_of(at);
  if (type_of(at) != piece) return {Move::null(), SanError::no_piece};
  if (piece == PieceType::pawn) return resolve_pawn(pos, san);
  if (piece == PieceType::king) return resolve_king(pos, san);
  return resolve_piece(pos, san, piece);
}

}  // namespace

SanResult resolve_san(const Position& pos, const SanMove& san) {
  if (san.kind != SanMove::Kind::normal || (san.from_file >= 0 && san.from_rank >= 0)) [[unlikely]]
    return resolve_unusual(pos, san);
  if (san.piece == PieceType::pawn) return resolve_pawn(pos, san);
  if (san.piece == PieceType::king) return resolve_king(pos, san);
  return resolve_piece(pos, san, san.piece);
}

SanResult parse_move(const Position& pos, std::string_view token) {
  SanMove san;
  if (!parse_san(token, san)) return {Move::null(), SanError::syntax};
  return resolve_san(pos, san);
}

MoveText to_san(const Position& pos, Move m) {
  MoveText t;
  const Square from = m.from(), to = m.to();
  const Color us = pos.side_to_move();
  if (m.is_null()) {
    t.push('-');
    t.push('-');
    return t;
  }
  if (m.is_castling()) {
    for (char c : castling_side(from, to) == CastlingSide::king ? std::string_view("O-O")
                                                                : std::string_view("O-O-O"))
      t.push(c);
  } else {
    const PieceType pt = type_of(pos.piece_on(from));
    const bool capture = m.kind() == Move::Kind::en_passant || pos.piece_on(to) != Piece::none;
    if (pt == PieceType::pawn) {
      if (capture) t.push(static_cast<char>('a' + file_of(from)));
    } else {
      t.push(" PNBRQK"[idx(pt)]);
      Bitboard others = 0;
      if (pt != PieceType::king) {
        Bitboard cands = piece_attacks(pt, to, pos.pieces()) & pos.pieces(us, pt) & ~bb(from);
        while (cands) {
          const Square s = pop_lsb(cands);
          if (is_legal(pos, Move(s, to))) others |= bb(s);
        }
      }
      if (others) {
        if (!(others & file_bb(file_of(from)))) {
          t.push(static_cast<char>('a' + file_of(from)));
        } else if (!(others & rank_bb(rank_of(from)))) {
          t.push(static_cast<char>('1' + rank_of(from)));
        } else {
          t.push(static_cast<char>('a' + file_of(from)));
          t.push(static_cast<char>('1' + rank_of(from)));
        }
      }
    }
    if (capture) t.push('x');
    t.push(static_cast<char>('a' + file_of(to)));
    t.push(static_cast<char>('1' + rank_of(to)));
    if (m.kind() == Move::Kind::promotion) {
      t.push('=');
      t.push(" PNBRQK"[idx(m.promotion())]);
    }
  }
  Position after = pos;
  after.play(m);
  if (after.in_check()) t.push(has_legal_move(after) ? '+' : '#');
  return t;
}

MoveText to_uci(const Position& pos, Move m) {
  MoveText t;
  if (m.is_null()) {
    for (char c : std::string_view("0000")) t.push(c);
    return t;
  }
  Square to = m.to();
  if (m.is_castling() && !pos.chess960())
    to = castling_king_to(pos.side_to_move(), castling_side(m.from(), m.to()));
  t.push(static_cast<char>('a' + file_of(m.from())));
  t.push(static_cast<char>('1' + rank_of(m.from())));
  t.push(static_cast<char>('a' + file_of(to)));
  t.push(static_cast<char>('1' + rank_of(to)));
  if (m.kind() == Move::Kind::promotion) t.push("  nbrqk"[idx(m.promotion())]);
  return t;
}

}  // namespace rochade::chess
