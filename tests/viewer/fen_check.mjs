// Checks every FEN the viewer pages embed (the stats report's listed games too) against an
// independent replay: chessops (its SAN, rules and FEN) plays each game's SAN moves from the
// page's start FEN, and after each ply its position must be the page's. An illegal castling,
// which chessops refuses, and a null move are taken over from the page's FEN (after checking
// that chessops refuses the castling and that the null move moved no piece); the first move
// after the replay stopped must be one chessops refuses too.
//   node fen_check.mjs ROCHADE TESTDATA FIXTURES
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFen, makeFen } from 'chessops/fen';
import { Chess, normalizeMove } from 'chessops/chess';
import { parseSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import { makePages, pageData, reporter, squares } from './pages.mjs';

const [rochade, data, fixtures] = process.argv.slice(2);
const t = reporter('viewer FENs against chessops');
const dir = mkdtempSync(join(tmpdir(), 'rochade-viewer-fens-'));

// A FEN as chessops writes the position it describes: rights that cannot be used and an en
// passant square without a legal capture are left out, as chessops leaves them out.
function position(fen) {
  const r = parseFen(fen).chain((setup) => Chess.fromSetup(setup));
  return r.isErr ? undefined : r.value;
}
const normal = (fen) => { const p = position(fen); return p ? makeFen(p.toSetup()) : `unreadable: ${fen}`; };

// The page shows each move as the record wrote it: annotations (!, ?!), "ep", "++" and 0-0
// are taken off or rewritten for chessops' strict SAN reader.
function readMove(pos, written) {
  const token = written.replace(/[!?]+$/, '').replace(/(\+\+|#)$/, '+').replace(/e\.?p\.?(\+)?$/, '$1')
    .replace(/^0-0(-0)?/, (m) => m.replace(/0/g, 'O'));
  const move = parseSan(pos, token);
  if (move || !/^[a-h][1-8][a-h][1-8][qrbnQRBN]?$/.test(token)) return move;
  const uci = parseUci(token.toLowerCase());
  if (!uci || !pos.board[pos.turn].has(uci.from)) return undefined;
  const m = normalizeMove(pos, uci);
  return pos.isLegal(m) ? m : undefined;
}
const NULL_MOVES = new Set(['--', 'Z0', '0000', '@@@@']);

let games = 0, plies = 0, takenOver = 0, intoCheck = 0;
function checkGame(page, g) {
  const name = `${page}: ${g.input} game ${g.game}`;
  if (g.start_fen === null) return t.check(`${name}: no start, no plies`, g.plies.length === 0);
  let pos = position(g.start_fen);
  if (!t.check(`${name}: chessops reads the start FEN`, pos !== undefined, g.start_fen)) return;
  ++games;
  const illegal = new Map(g.findings.filter((f) => f.kind === 'illegal_castling').map((f) => [f.ply, f]));
  for (let i = 0; i < g.plies.length; ++i) {
    const { san, fen } = g.plies[i], ply = i + 1;
    ++plies;
    if (NULL_MOVES.has(san)) {
      t.check(`${name}: ply ${ply} (null move) moves no piece`, squares(fen).join() === squares(i ? g.plies[i - 1].fen : g.start_fen).join());
      pos = position(fen);
      ++takenOver;
      if (!t.check(`${name}: chessops reads the FEN after ply ${ply}`, pos !== undefined, fen)) return;
      continue;
    }
    const move = readMove(pos, san);
    if (illegal.has(ply)) {
      t.check(`${name}: ply ${ply} ${san}: chessops refuses the illegal castling too`, move === undefined);
      pos = position(fen);
      ++takenOver;
      // Castled into check: the mover's king stands attacked, a position chessops does not set
      // up; the rest of this game is not checked.
      if (pos === undefined && illegal.get(ply).reasons.includes('into_check')) return ++intoCheck;
      if (!t.check(`${name}: chessops reads the FEN after ply ${ply}`, pos !== undefined, fen)) return;
      continue;
    }
    if (!t.check(`${name}: ply ${ply} ${san} is a move chessops plays`, move !== undefined, makeFen(pos.toSetup()))) return;
    pos.play(move);
    const want = makeFen(pos.toSetup()), got = normal(fen);
    if (!t.check(`${name}: ply ${ply} ${san}`, got === want, `page ${fen}, chessops ${want}`)) return;
  }
  if (g.rest.length > 0)
    t.check(`${name}: chessops refuses ${g.rest[0]}, where the replay stopped`, readMove(pos, g.rest[0]) === undefined);
}

try {
  const started = Date.now();
  // Every game of tests/data (about 2,000: the page's default bound) and the browser test's pages.
  const pages = makePages(rochade, data, fixtures, dir, { all: ['find', '--html-max-games', '5000', data] });
  for (const [page, file] of Object.entries(pages)) {
    const { games: list } = pageData(file);
    t.check(`${page}: has games`, list.length > 0);
    for (const g of list) checkGame(page, g);
  }
  console.log(`${games} games, ${plies} plies checked (${takenOver} taken over: illegal castlings, null moves; ${intoCheck} games checked up to a castling into check) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(t.done());
