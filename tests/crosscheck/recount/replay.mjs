// Replays game records with chessops and reports, per game, what the castling statistics need.
// Independent of rochade: chessops' PGN parser (chessops/pgn), SAN (chessops/san), FEN
// (chessops/fen) and rules (chessops/chess, chessops/variant).

import { PgnParser, emptyHeaders } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { parseFen, makeFen } from 'chessops/fen';
import { Chess, normalizeMove } from 'chessops/chess';
import { parseUci, squareFile, opposite } from 'chessops/util';
import { defaultPosition } from 'chessops/variant';

// chessops' parser, keeping the tags exactly as written: its own header map turns an unknown
// Result into '*' and lets the result token of the movetext override the Result tag, while the
// contract reads the Result tag.
class RawTagParser extends PgnParser {
  resetGame() { super.resetGame(); this.game.raw = new Map(); }
  handleHeader(name, value) {
    if (this.state === 2 /* ParserState.Headers */) this.game.raw.set(name, value);
    super.handleHeader(name, value);
  }
}

// The Variant tag: standard chess, Chess960 or "From Position" are replayed, anything else is
// skipped. Names are compared without case, blanks, '-' and '_'.
const ACCEPTED_VARIANTS = new Set(['', 'standard', 'chess', 'chess960', 'fischerandom',
  'fischerrandom', 'frc', 'fromposition']);
export const variantAccepted = v => ACCEPTED_VARIANTS.has(v.toLowerCase().replace(/[\s_-]/g, ''));

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2']);

// One game -> {line, tags, skipped?, result, castlings, kingMoved, plies, stop}
//   castlings: [{color, side, move, ply, check, mate}] in the order played
//   stop: null when the main line was replayed to its end, else {ply, san, reason, fen}
// Tag names are matched without case ([fen "..."], [result "..."] occur in real files).
function tagGetter(raw) {
  const lower = new Map();
  for (const [k, v] of raw) if (!lower.has(k.toLowerCase())) lower.set(k.toLowerCase(), v);
  return name => (raw.has(name) ? raw.get(name) : lower.get(name.toLowerCase()));
}

// A move token -> the chessops move, or undefined. SAN through chessops' parseSan (which also
// takes long algebraic: e2-e4, Ng1-f3, Ng1xf3); UCI (g1f3, e1g1, e7e8q) through parseUci,
// normalized and checked legal.
function readMove(pos, token) {
  const move = parseSan(pos, token);
  if (move || !/^[a-h][1-8][a-h][1-8][qrbnQRBN]?$/.test(token)) return move;
  const uci = parseUci(token.toLowerCase());
  if (!uci || !pos.board[pos.turn].has(uci.from)) return undefined;
  const m = normalizeMove(pos, uci);
  return pos.isLegal(m) ? m : undefined;
}

function replay(game, line, withTags) {
  const h = { get: tagGetter(game.raw) };
  const out = { line };
  const addTags = () => { out.tags = { White: h.get('White') ?? '', Black: h.get('Black') ?? '',
    Event: h.get('Event') ?? '', Date: h.get('Date') ?? '', Result: h.get('Result') ?? null }; };
  if (withTags) addTags();
  const variant = h.get('Variant');
  if (variant !== undefined && !variantAccepted(variant)) { out.skipped = variant; return out; }
  const resultTag = h.get('Result');
  out.result = RESULTS.has(resultTag) ? resultTag : '*';

  let pos, stop = null;
  const fen = h.get('FEN');
  if (fen !== undefined) {
    const r = parseFen(fen.trim()).chain(setup => Chess.fromSetup(setup));
    if (r.isErr) stop = { ply: 0, reason: 'invalid FEN', detail: r.error.message, fen };
    else pos = r.value;
  } else {
    pos = defaultPosition('chess');
  }

  const castlings = [];
  const castled = { white: false, black: false };
  const kingMoved = { white: false, black: false };
  let ply = 0;
  if (!stop) {
    for (const node of game.moves.mainline()) {
      const san = node.san;
      const turn = pos.turn;
      if (san === '--') { // a null move (--, Z0, 0000: a pass, as in odds games), as rochade reads it
        pos.turn = opposite(turn);
        pos.epSquare = undefined;
        pos.halfmoves++;
        if (turn === 'black') pos.fullmoves++;
        ply++;
        continue;
      }
      const move = readMove(pos, san);
      if (!move) {
        // chessops' tokenizer turned 0-0 / o-o into O-O
        stop = { ply, san, reason: san.startsWith('O-O') ? 'castling refused by chessops' : 'move not playable',
          fen: makeFen(pos.toSetup()) };
        break;
      }
      // chessops writes a castling as the king taking its own rook.
      const isCastle = pos.board.getRole(move.from) === 'king' && pos.board[turn].has(move.to);
      // king_moved_first: a king move other than castling while a castling right is left.
      if (!isCastle && !castled[turn] && pos.board.getRole(move.from) === 'king') {
        const rights = pos.castles.rook[turn];
        if (rights.a !== undefined || rights.h !== undefined) kingMoved[turn] = true;
      }
      const moveNo = pos.fullmoves;
      pos.play(move);
      ply++;
      if (isCastle) {
        castlings.push({ color: turn, side: squareFile(move.to) > squareFile(move.from) ? 'kingside' : 'queenside',
          move: moveNo, ply, check: pos.isCheck(), mate: pos.isCheckmate() });
        castled[turn] = true;
      }
    }
  }
  out.castlings = castlings;
  out.kingMoved = kingMoved;
  out.plies = ply;
  out.stop = stop;
  if (stop && !withTags) addTags();
  return out;
}

// records: [{line, text}] -> flat list of game summaries (a record normally holds one game).
export function replayRecords(records, withTags) {
  const games = [];
  for (const rec of records) {
    const parser = new RawTagParser(game => games.push(replay(game, rec.line, withTags)), emptyHeaders, NaN);
    parser.parse(rec.text);
  }
  return games;
}
