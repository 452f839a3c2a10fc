// The castling verdicts of the differential test (castling_differential_test.cpp) against
// chessops, an independent rules implementation (npm, as tests/crosscheck uses it).
//   ROCHADE_CASTLING_SAMPLE=/tmp/sample.tsv test_analysis "[castling]"
//   NODE_PATH=<node_modules with chessops> node tests/analysis/castling_chessops.mjs /tmp/sample.tsv
// Each line: Shredder-FEN, TAB, four digits (white O-O, white O-O-O, black O-O, black O-O-O; 1
// legal) from rochade's move generation, which the diagnosis equals. Positions chessops refuses
// (the side not to move in check, impossible checks) are counted, not compared, for that colour.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// chessops' ES modules, from a node_modules folder named in NODE_PATH, or else from
// tests/crosscheck/recount/node_modules.
const dirs = [...(process.env.NODE_PATH || '').split(':').filter(Boolean),
  new URL('../crosscheck/recount/node_modules', import.meta.url).pathname];
const root = dirs.map(d => join(d, 'chessops')).find(d => existsSync(join(d, 'package.json')));
if (!root) { console.error('castling_chessops: chessops not found (NODE_PATH)'); process.exit(2); }
const load = name => import(pathToFileURL(join(root, 'dist/esm', name + '.js')).href);
const { parseFen } = await load('fen');
const { Chess } = await load('chess');

const lines = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
let compared = 0, refused = 0, legal = 0;
const disagreements = [];
for (const line of lines) {
  const [fen, ours] = line.split('\t');
  const setup = parseFen(fen);
  if (setup.isErr) { disagreements.push(`${fen}: chessops cannot read it`); continue; }
  let i = 0;
  for (const color of ['white', 'black']) {
    const s = { ...setup.value, turn: color };
    const pos = Chess.fromSetup(s);
    for (const side of ['h', 'a']) {
      const want = ours[i++] === '1';
      if (pos.isErr) { refused++; continue; }
      const p = pos.value;
      const king = p.board.kingOf(color);
      const rook = p.castles.rook[color][side];
      const got = king !== undefined && rook !== undefined && p.dests(king).has(rook);
      compared++;
      if (got) legal++;
      if (got !== want)
        disagreements.push(`${fen} ${color} ${side === 'h' ? 'O-O' : 'O-O-O'}: rochade ${want}, chessops ${got}`);
    }
  }
}
console.log(`${lines.length} positions, ${compared} castlings compared (${legal} legal), ` +
            `${refused} refused by chessops, ${disagreements.length} disagreements`);
for (const d of disagreements.slice(0, 20)) console.log('  ' + d);
process.exit(disagreements.length ? 1 : 0);
