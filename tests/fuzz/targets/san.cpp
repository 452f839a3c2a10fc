// Fuzz target "san": SAN reading and writing on real positions.
//
// Input: one byte that picks a start position (standard, castling and en passant, promotions,
// ambiguous pieces, Chess960), then move tokens separated by blanks, played one after the
// other where they resolve. With the byte's top bit set, the first line is a FEN read leniently
// (as the replay reads [FEN] tags; bit 6: Chess960 forced) and is the start position instead.
// For each token:
//  - parse_move() says `syntax` exactly when parse_san() fails, and otherwise gives what
//    resolve_san() gives;
//  - a move it resolves to is among the generated legal moves, is_legal() agrees, its SAN
//    (to_san) reads back as the same move, to_uci() is not empty;
//  - after playing it, the incremental keys equal those of the position read from its FEN.
// In every position reached, every legal move's SAN reads back as that move. In positions that
// cannot occur in a game (lenient FENs: no king, pawns on the last rank, ...) only the first
// check is made and the rest must merely not crash.
#include <array>
#include <string>

#include "chess/fen.hpp"
#include "chess/movegen.hpp"
#include "chess/san.hpp"
#include "fuzz_targets.hpp"

using rochade::fuzz::check;
using rochade::fuzz::fail;
namespace chess = rochade::chess;

namespace {

constexpr std::array<std::string_view, 8> kStarts{
    chess::startpos_fen,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1",
    "r3k2r/1p4p1/8/8/3Pp3/8/1p4P1/R3K2R b KQkq d3 0 1",
    "4k3/8/8/1N1Q1Q2/8/1N1Q1Q2/8/4K3 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
    "2r1k2r/8/8/8/8/8/8/R3K1R1 w GAch - 0 1",
};

const chess::Position& start(std::size_t i) {
  static const auto positions = [] {
    std::array<chess::Position, kStarts.size()> out{};
    for (std::size_t k = 0; k < kStarts.size(); ++k) {
      const chess::FenResult r = chess::parse_fen(kStarts[k]);
      if (!r.ok()) fail("start position " + std::string(kStarts[k]) + ": " + r.error->message);
      out[k] = r.position;
    }
    return out;
  }();
  return positions[i % positions.size()];
}

std::string where(const chess::Position& pos, std::string_view token) {
  return " (token '" + std::string(token) + "' in " + chess::to_fen(pos) + ")";
}

// Every legal move's SAN reads back as that move.
void check_all_moves(const chess::Position& pos) {
  chess::MoveList legal;
  chess::generate_legal(pos, legal);
  check(legal.empty() != chess::has_legal_move(pos), "has_legal_move() disagrees");
  for (const chess::Move m : legal) {
    const chess::MoveText san = chess::to_san(pos, m);
    const chess::SanResult back = chess::parse_move(pos, san.view());
    if (!back.ok() || back.move != m)
      fail("the SAN of a legal move reads back otherwise" + where(pos, san.view()));
    check(chess::to_uci(pos, m).size > 0, "empty UCI text");
  }
}

// The keys kept while playing equal those of the same position read from its FEN.
void check_keys(const chess::Position& pos) {
  const chess::FenResult r =
      chess::parse_fen(chess::to_fen(pos), chess::FenMode::lenient,
                       pos.chess960() ? chess::Chess960Mode::force : chess::Chess960Mode::never);
  if (!r.ok()) fail("a played position does not read back: " + chess::to_fen(pos));
  check(r.position.placement_key() == pos.placement_key(), "placement key differs after play");
  check(r.position.fide_key() == pos.fide_key(), "FIDE key differs after play");
}

}  // namespace

int fuzz_san(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return 0;
  rochade::fuzz::Bytes in(data, size);
  const std::uint8_t opt = in.take();
  chess::Position pos = start(opt);
  std::string_view text = in.rest();
  if ((opt & 0x80) != 0) {
    const std::size_t nl = std::min(text.find('\n'), text.size());
    const chess::FenResult r = chess::parse_fen(
        text.substr(0, nl), chess::FenMode::lenient,
        (opt & 0x40) != 0 ? chess::Chess960Mode::force : chess::Chess960Mode::detect);
    if (!r.ok()) return 0;
    pos = r.position;
    text.remove_prefix(nl);
  }
  bool game = chess::position_problems(pos).empty();
  if (game) check_all_moves(pos);
  for (int tokens = 0; tokens < 48 && !text.empty(); ++tokens) {
    const std::size_t b = text.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos) break;
    text.remove_prefix(b);
    const std::size_t e = std::min(text.find_first_of(" \t\r\n"), text.size());
    const std::string_view token = text.substr(0, e);
    text.remove_prefix(e);

    chess::SanMove san;
    const bool parsed = chess::parse_san(token, san);
    const chess::SanResult r = chess::parse_move(pos, token);
    check(parsed == (r.error != chess::SanError::syntax), "parse_move() and parse_san() disagree");
    if (parsed) {
      const chess::SanResult r2 = chess::resolve_san(pos, san);
      check(r2.move == r.move && r2.error == r.error, "parse_move() and resolve_san() disagree");
    }
    if (!r.ok()) {
      check(r.move.is_null(), "a move with an error");
      check(!chess::san_error_name(r.error).empty(), "an error without a name");
      continue;
    }
    if (r.move.is_null()) {
      check(san.kind == chess::SanMove::Kind::null, "a null move for a token that is not one");
      continue;
    }
    chess::MoveList legal;
    chess::generate_legal(pos, legal);
    if (!game) {  // a position no game reaches: playing on must not crash
      chess::to_san(pos, r.move);
      chess::to_uci(pos, r.move);
      pos.play(r.move);
      game = chess::position_problems(pos).empty();
      continue;
    }
    if (!legal.contains(r.move)) fail("resolved to a move that is not legal" + where(pos, token));
    check(chess::is_legal(pos, r.move), "is_legal() rejects a resolved move");
    check(chess::LegalityContext(pos).is_legal(r.move), "LegalityContext rejects a legal move");
    const chess::MoveText out = chess::to_san(pos, r.move);
    const chess::SanResult back = chess::parse_move(pos, out.view());
    if (!back.ok() || back.move != r.move)
      fail("to_san() does not read back as the move" + where(pos, token));
    pos.play(r.move);
    check_keys(pos);
    check_all_moves(pos);
    game = chess::position_problems(pos).empty();
  }
  return 0;
}
