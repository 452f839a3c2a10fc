// Independent computation of rochade's castling records (docs/STATS-JSON.md, "records") with
// chessops (replay.mjs), compared with the records of a rochade stats document. Nothing here
// comes from rochade's sources.
//
//   node castling_records.mjs --rochade-json FILE INPUT...
//
// Prints each record as both compute it; exits 1 on any difference (input path, game number,
// the record's number, ply). The rules, as the contract states them:
//   latest_castling.COLOUR.SIDE: the castling with the highest full-move number;
//   shortest_mate_by_castling: the game replayed to its end whose last move is a castling that
//     mates, the fewest plies;
//   longest_without_castling: the game replayed to its end, with a move and no castling, the
//     most plies;
//   most_castlings: the game with the most castlings (at least one).
// Ties: the first game in input order. Games skipped as another variant and games without moves
// count for none. chessops plays legal castlings only (an illegal one stops its replay), so the
// inputs compared must have no illegal castling: rochade's illegal_castling.total must be 0.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { replayRecords } from './replay.mjs';
import { inputFiles, readInput } from './records.mjs';

const args = process.argv.slice(2);
let rochadeJson = null;
const inputs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rochade-json') rochadeJson = args[++i];
  else inputs.push(args[i]);
}
if (!rochadeJson || !inputs.length) {
  console.error('usage: castling_records.mjs --rochade-json FILE INPUT...');
  process.exit(2);
}

const files = inputFiles(inputs);
const best = {}; // name -> {file, game, number, ply}
function offer(name, number, fewest, file, game, ply) {
  const b = best[name];
  if (!b || (fewest ? number < b.number : number > b.number)) best[name] = { file, game, number, ply };
}

for (const file of files) {
  let game = 0;
  await readInput(file, async (_path, records) => {
    for (const g of replayRecords(records, false)) {
      ++game;
      if (g.skipped !== undefined) continue;
      if (!g.stop && g.plies === 0) continue; // no move: not analysed
      const latest = {};
      for (const c of g.castlings) {
        const key = `${c.color}.${c.side}`;
        if (!latest[key] || c.move > latest[key].move) latest[key] = c;
      }
      for (const [key, c] of Object.entries(latest)) offer(`latest_castling.${key}`, c.move, false, file, game, c.ply);
      const last = g.castlings.at(-1);
      if (last) {
        if (!g.stop && last.mate && last.ply === g.plies) offer('shortest_mate_by_castling', g.plies, true, file, game, last.ply);
        offer('most_castlings', g.castlings.length, false, file, game, last.ply);
      } else if (!g.stop) {
        offer('longest_without_castling', g.plies, false, file, game, g.plies);
      }
    }
  });
}

const R = JSON.parse(readFileSync(rochadeJson, 'utf8'));
const numberKey = name => (name.startsWith('latest') ? 'move_number' : name === 'most_castlings' ? 'castlings' : 'plies');
const names = [];
for (const col of ['white', 'black']) for (const side of ['kingside', 'queenside']) names.push(`latest_castling.${col}.${side}`);
names.push('shortest_mate_by_castling', 'longest_without_castling', 'most_castlings');
const get = (o, path) => path.split('.').reduce((x, k) => (x == null ? undefined : x[k]), o);
const show = r => (r ? `${r.file} game ${r.game}: ${r.number} (ply ${r.ply})` : 'none');

let differences = 0;
if (get(R, 'illegal_castling.total') !== 0) {
  console.log(`rochade counts ${get(R, 'illegal_castling.total')} illegal castling(s): chessops cannot replay past them`);
  differences++;
}
if (!R.records) {
  console.log('the rochade document has no "records"');
  process.exit(1);
}
for (const name of names) {
  const r = get(R.records, name);
  const mine = r ? { file: R.inputs[r.input - 1]?.path, game: r.game, number: r[numberKey(name)], ply: r.ply } : null;
  const ref = best[name] ?? null;
  const same = (!mine && !ref) || (mine && ref && resolve(mine.file) === resolve(ref.file) &&
    mine.game === ref.game && mine.number === ref.number && mine.ply === ref.ply);
  if (!same) differences++;
  console.log(`${name}: rochade ${show(mine)} | chessops ${show(ref)}${same ? '' : '  DIFF'}`);
}
console.log(differences ? `FAIL: ${differences} difference(s)` : `OK: all ${names.length} records equal`);
process.exit(differences ? 1 : 0);
