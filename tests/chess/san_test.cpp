#include <catch2/catch.hpp>

#include "chess/fen.hpp"
#include "chess/movegen.hpp"
#include "chess/san.hpp"
#include "chess/san_common.hpp"
#include "perft_suite.hpp"
#include "support/position.hpp"

#include <set>
#include <string>
#include <vector>

using namespace rochade::chess;
using rochade::test::pos_of;

namespace {
std::string uci(const Position& p, std::string_view token) {
  const SanResult r = parse_move(p, token);
  if (!r.ok()) return std::string(san_error_name(r.error));
  return std::string(to_uci(p, r.move).view());
}
}  // namespace

TEST_CASE("SAN: the forms real files contain", "[san]") {
  const Position start = Position::startpos();
  CHECK(uci(start, "e4") == "e2e4");
  CHECK(uci(start, "e2e4") == "e2e4");
  CHECK(uci(start, "e2-e4") == "e2e4");
  CHECK(uci(start, "Ng1-f3") == "g1f3");
  CHECK(uci(start, "Nf3!?") == "g1f3");
  CHECK(uci(start, "Nf3??") == "g1f3");
  CHECK(uci(start, "Ngf3") == "g1f3");  // superfluous disambiguation is accepted
  CHECK(uci(start, "N1f3") == "g1f3");
  CHECK(uci(start, "Pe4") == "e2e4");
  CHECK(uci(start, "e5") == "no_piece");
  CHECK(uci(start, "Nd2") == "illegal");  // the square is occupied by an own piece
  CHECK(uci(start, "Ke2") == "illegal");
  CHECK(uci(start, "Qh5") == "no_piece");
  CHECK(uci(start, "O-O") == "illegal");
  CHECK(uci(start, "hello") == "syntax");
  CHECK(uci(start, "Nf9") == "syntax");
  CHECK(uci(start, "") == "syntax");

  const Position castle =
      pos_of("r3k2r/pppqbppp/2n2n2/3pp3/3PP3/2N2N2/PPPQBPPP/R3K2R w KQkq - 0 1");
  for (const char* t : {"O-O", "0-0", "O-O+", "O-O!", "e1g1", "Kg1", "e1h1"})
    CHECK(uci(castle, t) == "e1g1");
  for (const char* t : {"O-O-O", "0-0-0", "O-O-O#", "e1c1"}) CHECK(uci(castle, t) == "e1c1");

  const Position promo = pos_of("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
  for (const char* t : {"e8=Q", "e8Q", "e8(Q)", "e8/Q", "e7e8q", "e8=Q+"})
    CHECK(uci(promo, t) == "e7e8q");
  for (const char* t : {"exd8=N", "exd8N", "ed8=N", "e7xd8=N", "exd8(N)", "e7d8n"})
    CHECK(uci(promo, t) == "e7d8n");
  CHECK(uci(promo, "e8") == "illegal");    // a promotion needs its piece
  CHECK(uci(promo, "Ne8=Q") == "syntax");  // only pawns promote
  CHECK(uci(promo, "e8=K") == "syntax");

  const Position ep = pos_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  for (const char* t : {"exd6", "exd6e.p.", "ed6", "exd6ep", "e5d6", "exd6+"})
    CHECK(uci(ep, t) == "e5d6");

  const Position two_knights = pos_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  CHECK(uci(two_knights, "Nd2") == "ambiguous");
  CHECK(uci(two_knights, "Nbd2") == "b1d2");
  CHECK(uci(two_knights, "Nfd2") == "f1d2");
  CHECK(uci(two_knights, "Nfxe3") == "f1e3");  // 'x' on an empty square is tolerated
  CHECK(uci(two_knights, "N1d2") == "ambiguous");

  // A pinned piece does not make the move ambiguous.
  const Position pinned = pos_of("4k3/8/8/8/7b/2N3N1/8/4K3 w - - 0 1");
  CHECK(uci(pinned, "Ne2") == "c3e2");

  CHECK(uci(start, "--") == "0000");
  CHECK(uci(start, "Z0") == "0000");
}

TEST_CASE("SAN writing: minimal disambiguation, check and mate", "[san]") {
  const Position p = pos_of("4k3/8/8/8/8/1R3R2/8/R3K2R w - - 0 1");
  auto san = [&](const char* u) {
    MoveList list;
    generate_legal(p, list);
    for (Move m : list)
      if (to_uci(p, m).view() == u) return std::string(to_san(p, m).view());
    return std::string("?");
  };
  CHECK(san("a1a2") == "Ra2");  // b3 cannot reach a2: no disambiguation
  CHECK(san("a1c1") == "Rc1");  // h1 is blocked by the king
  CHECK(san("b3b1") == "Rbb1");
  CHECK(san("f3f1") == "Rff1");
  CHECK(san("a1a3") == "Raa3");
  CHECK(san("b3d3") == "Rbd3");
  CHECK(san("h1h8") == "Rh8+");
  auto san_in = [](std::string_view fen, std::string_view u) {
    const Position q = pos_of(fen);
    MoveList moves;
    generate_legal(q, moves);
    for (Move m : moves)
      if (to_uci(q, m).view() == u) return std::string(to_san(q, m).view());
    return std::string("?");
  };
  CHECK(san_in("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3") == "R1a3");  // by rank
  CHECK(san_in("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3") == "R5a3");
  CHECK(san_in("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2") == "Qa1b2");  // by square
  CHECK(san_in("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1") == "O-O");
  CHECK(san_in("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6") == "exd6");
  CHECK(san_in("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q") == "exd8=Q+");
  const Position mate = pos_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  MoveList list;
  generate_legal(mate, list);
  bool found = false;
  for (Move m : list)
    if (to_uci(mate, m).view() == "a1a8") found = to_san(mate, m).view() == "Ra8#";
  CHECK(found);
}

TEST_CASE("SAN: the fast path reads every short token as the general reader does", "[san]") {
  // Every string of up to 4 bytes over the letters SAN uses, and 5- and 6-byte strings built
  // from the common shapes: parse_san (fast path first) and the general reader agree on
  // success and on every field.
  const std::string_view alphabet = "NBRQKPabcdefgh18x+#=O-!";
  std::vector<std::string> tokens{""};
  std::size_t from = 0;
  for (int len = 1; len <= 4; ++len) {
    const std::size_t to = tokens.size();
    for (std::size_t i = from; i < to; ++i)
      for (char c : alphabet) tokens.push_back(tokens[i] + c);
    from = to;
  }
  for (std::string_view piece : {"N", "B", "R", "Q", "K", "P", "b", ""})
    for (std::string_view dis : {"", "a", "h", "1", "8", "a1", "x"})
      for (std::string_view cap : {"", "x", ":"})
        for (std::string_view sq : {"e4", "a8", "h1", "i4", "e9"})
          for (std::string_view suf : {"", "+", "#", "!", "+!", "=Q", "Q"})
            tokens.push_back(std::string(piece) + std::string(dis) + std::string(cap) +
                             std::string(sq) + std::string(suf));
  std::size_t accepted = 0;
  for (const std::string& t : tokens) {
    SanMove fast, general;
    const bool a = parse_san(t, fast);
    const bool b = detail::parse_san_general(t, general);
    INFO("token \"" << t << "\"");
    REQUIRE(a == b);
    if (a) {
      REQUIRE(fast == general);
      ++accepted;
    }
  }
  CHECK(accepted > 5000);
}

TEST_CASE("SAN resolution agrees with move generation on the perft positions and their children",
          "[san][corpus]") {
  // For every position of the perft suites and every position one move later: each legal move
  // written as SAN reads back as that move; and for every piece move that reaches a square
  // (legal or not), king_safe_after (what SAN resolution uses) says legal exactly when the
  // generator lists the move.
  std::size_t positions = 0, round_trips = 0, reach_checks = 0, refused = 0, pawn_checks = 0;
  const auto check_position = [&](const Position& p) {
    MoveList legal;
    generate_legal(p, legal);
    ++positions;
    for (Move m : legal) {
      const MoveText san = to_san(p, m);
      const SanResult r = parse_move(p, san.view());
      if (!r.ok() || r.move != m)
        FAIL(to_fen(p) << "  " << san.view() << " reads as " << san_error_name(r.error) << " "
                       << to_uci(p, r.move).view());
      ++round_trips;
    }
    const Color us = p.side_to_move();
    for (PieceType t : {PieceType::knight, PieceType::bishop, PieceType::rook, PieceType::queen,
                        PieceType::king}) {
      Bitboard froms = p.pieces(us, t);
      while (froms) {
        const Square from = pop_lsb(froms);
        Bitboard tos = piece_attacks(t, from, p.pieces()) & ~p.pieces(us);
        while (tos) {
          const Square to = pop_lsb(tos);
          const bool listed = legal.contains(Move(from, to));
          if (king_safe_after(p, from, to, to) != listed)
            FAIL(to_fen(p) << "  " << to_uci(p, Move(from, to)).view() << " listed: " << listed);
          ++reach_checks;
          if (!listed) ++refused;
        }
      }
    }
    // Pawns: pushes, double pushes, captures (promotions included) and en passant, with the
    // square of the pawn taken.
    const int up = us == Color::white ? 8 : -8;
    const auto listed_from_to = [&](Square from, Square to) {
      for (Move m : legal)
        if (m.from() == from && m.to() == to) return true;
      return false;
    };
    Bitboard pawns = p.pieces(us, PieceType::pawn);
    while (pawns) {
      const Square from = pop_lsb(pawns);
      std::vector<std::pair<Square, Square>> tries;  // (to, taken)
      const int one = from + up;
      if (one >= 0 && one < 64 && p.piece_on(static_cast<Square>(one)) == Piece::none) {
        tries.emplace_back(static_cast<Square>(one), static_cast<Square>(one));
        const int two = one + up;
        if (relative_rank(us, rank_of(from)) == 1 &&
            p.piece_on(static_cast<Square>(two)) == Piece::none)
          tries.emplace_back(static_cast<Square>(two), static_cast<Square>(two));
      }
      Bitboard caps = pawn_attacks(us, from) & p.pieces(~us);
      while (caps) {
        const Square to = pop_lsb(caps);
        tries.emplace_back(to, to);
      }
      const Square ep = p.ep_square();
      if (ep != no_square && (pawn_attacks(us, from) & bb(ep)) && p.piece_on(ep) == Piece::none) {
        const auto behind = static_cast<Square>(ep - up);
        if (p.piece_on(behind) == make_piece(~us, PieceType::pawn)) tries.emplace_back(ep, behind);
      }
      for (const auto& [to, taken] : tries) {
        const bool listed = listed_from_to(from, to);
        if (king_safe_after(p, from, to, taken) != listed)
          FAIL(to_fen(p) << "  pawn " << to_uci(p, Move(from, to)).view() << " listed: " << listed);
        ++reach_checks;
        ++pawn_checks;
        if (!listed) ++refused;
      }
    }
  };
  REQUIRE(rochade::chess::test::for_suite_positions_and_children(1, check_position) > 100);
  // Positions lenient FEN reading accepts although no game reaches them: kings side by side.
  for (const char* fen : {"8/8/8/8/8/8/3kP3/4K3 w - - 0 1", "8/8/8/8/8/3k4/3K4/8 b - - 0 1",
                          "4k3/8/8/8/8/8/3Kp3/8 w - - 0 1"}) {
    const FenResult r = parse_fen(fen, FenMode::lenient);
    INFO(fen);
    REQUIRE(r.ok());
    check_position(r.position);
  }
  CHECK(positions > 5000);
  CHECK(pawn_checks > 100000);
  CHECK(refused > 1000);  // the suites are full of pins and checks
  INFO(round_trips << " round trips, " << reach_checks << " reach checks");
  CHECK(reach_checks > round_trips / 2);
}

TEST_CASE("SAN: the one-pass path gives parse_move's move or leaves the token to it", "[san]") {
  // On the perft positions and their children, tokens of every shape resolve_common reads
  // (pawn pushes and captures to every square, each piece letter with and without a file or
  // rank, with and without x, + and #) and the SAN of every legal move: a move from
  // resolve_common is the move parse_move gives; a null one is left to the general path. It
  // must take the usual SAN of nearly every legal move that is not castling, en passant or a
  // promotion (the exceptions: two candidates, one of them pinned).
  std::vector<std::string> shapes;
  for (char f = 'a'; f <= 'h'; ++f)
    for (char r = '1'; r <= '8'; ++r) {
      const std::string sq{f, r};
      shapes.push_back(sq);
      for (char g : {static_cast<char>(f - 1), static_cast<char>(f + 1), f})
        if (g >= 'a' && g <= 'h') shapes.push_back(std::string{g, 'x'} + sq);
      for (char piece : {'N', 'B', 'R', 'Q', 'K', 'P'}) {
        shapes.push_back(std::string{piece} + sq);
        shapes.push_back(std::string{piece, 'x'} + sq);
        for (char d : {'a', 'c', 'e', 'h', '1', '3', '6', '8'}) {
          shapes.push_back(std::string{piece, d} + sq);
          shapes.push_back(std::string{piece, d, 'x'} + sq);
        }
      }
    }
  std::size_t compared = 0, taken = 0, usual = 0, usual_taken = 0;
  const auto check_position = [&](const Position& p) {
    const auto check_token = [&](std::string_view t) {
      const Move fast = resolve_common(p, t);
      ++compared;
      if (fast.is_null()) return false;
      ++taken;
      const SanResult r = parse_move(p, t);
      if (!r.ok() || r.move != fast)
        FAIL(to_fen(p) << "  " << t << ": one pass " << to_uci(p, fast).view() << ", parse_move "
                       << san_error_name(r.error) << " " << to_uci(p, r.move).view());
      return true;
    };
    for (const std::string& s : shapes)
      for (std::string_view suffix : {"", "+", "#"}) check_token(s + std::string(suffix));
    MoveList legal;
    generate_legal(p, legal);
    for (Move m : legal) {
      const bool taken_here = check_token(to_san(p, m).view());
      if (m.kind() != Move::Kind::normal) continue;
      ++usual;
      if (taken_here) ++usual_taken;
    }
  };
  rochade::chess::test::for_suite_positions_and_children(7, check_position);
  INFO(compared << " tokens, " << taken << " taken, " << usual_taken << " of " << usual);
  CHECK(taken > 50000);
  CHECK(usual_taken * 100 > usual * 97);
}
