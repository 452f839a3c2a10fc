// Independent recount of rochade's castling statistics (docs/STATS-JSON.md) with the
// chessops library (replay.mjs). Nothing here comes from rochade's sources.
//
//   node crosscheck.mjs [options] INPUT...
//     --rochade-json FILE  compare with rochade's `stats --format json` output: prints a table,
//                          exits 1 on any difference
//     --json-out FILE      write the recount (the contract's field names) to FILE
//     --dump FILE          write one JSON line per game: castlings, where replay stopped
//     --show N             examples listed per reason a replay stopped (default 10)
//     -j N                 worker threads (default: CPUs, at most 8)
//
// INPUTs are PGN files (plain, gzip, bzip2, xz or zstd: sniffed from the first bytes and
// decompressed through the command-line tools) or directories (searched for
// *.pgn[.gz|.bz2|.xz|.zst], as rochade does).
//
// The parts: records.mjs reads the INPUTs into game records, replay.mjs replays one record with
// chessops (worker.mjs in worker threads), totals.mjs adds up the recount, compare.mjs compares
// it with rochade's; this file runs them.

import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { replayRecords } from './replay.mjs';
import { inputFiles, readInput } from './records.mjs';
import { stats, stops, count, printStops } from './totals.mjs';
import { compare, printTable } from './compare.mjs';

// ---------------------------------------------------------------- arguments

const args = process.argv.slice(2);
const opt = { rochadeJson: null, jsonOut: null, dump: null, show: 10, jobs: Math.min(8, availableParallelism()), inputs: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--rochade-json') opt.rochadeJson = args[++i];
  else if (a === '--json-out') opt.jsonOut = args[++i];
  else if (a === '--dump') opt.dump = args[++i];
  else if (a === '--show') opt.show = Number(args[++i]);
  else if (a === '-j' || a === '--jobs') opt.jobs = Math.max(1, Number(args[++i]) || 1);
  else if (/^-j\d+$/.test(a)) opt.jobs = Math.max(1, Number(a.slice(2)));
  else if (a.startsWith('-') && a !== '-') { console.error(`crosscheck.mjs: unknown option ${a}`); process.exit(2); }
  else opt.inputs.push(a);
}
if (!opt.inputs.length) {
  console.error('usage: crosscheck.mjs [--rochade-json FILE] [--json-out FILE] [--dump FILE] [-j N] INPUT...');
  process.exit(2);
}

const files = inputFiles(opt.inputs);
const dumpStream = opt.dump ? createWriteStream(opt.dump) : null;

// One game's summary: into the totals, and its line of --dump.
function countGame(g, file, number) {
  count(g, file, number, opt.show);
  if (dumpStream) {
    const { line, tags, ...rest } = g;
    dumpStream.write(JSON.stringify({ file, game: number, line, ...tags, ...rest,
      castlings: g.castlings?.map(c => `${c.color[0]}${c.side === 'kingside' ? 'K' : 'Q'}@${c.move}${c.mate ? '#' : c.check ? '+' : ''}`) }) + '\n');
  }
}

// ---------------------------------------------------------------- workers

const workers = [];
const idle = [];
const waiting = []; // resolvers of dispatch() waiting for an idle worker
const done = new Map(); // seq -> games
let nextSeq = 0, nextToCount = 0;
const batchFile = new Map(); // seq -> {file, firstGame}
let gamesPerFile = new Map();

function flushDone() {
  while (done.has(nextToCount)) {
    const games = done.get(nextToCount);
    done.delete(nextToCount);
    const { file } = batchFile.get(nextToCount);
    batchFile.delete(nextToCount);
    let n = gamesPerFile.get(file) ?? 0;
    for (const g of games) countGame(g, file, ++n);
    gamesPerFile.set(file, n);
    nextToCount++;
  }
}
if (opt.jobs > 1) {
  for (let i = 0; i < opt.jobs; i++) {
    const w = new Worker(new URL('./worker.mjs', import.meta.url));
    w.on('message', ({ seq, games }) => {
      done.set(seq, games);
      flushDone();
      idle.push(w);
      const r = waiting.shift();
      if (r) r();
    });
    w.on('error', e => { console.error('crosscheck: worker failed:', e); process.exit(2); });
    workers.push(w);
    idle.push(w);
  }
}
async function dispatch(file, records) {
  const seq = nextSeq++;
  batchFile.set(seq, { file });
  if (!workers.length) {
    done.set(seq, replayRecords(records, !!dumpStream));
    flushDone();
    return;
  }
  while (!idle.length) await new Promise(r => waiting.push(r));
  idle.pop().postMessage({ seq, records, withTags: !!dumpStream });
}
async function drain() {
  while (idle.length < workers.length) await new Promise(r => waiting.push(r));
  flushDone();
  for (const w of workers) await w.terminate();
}

// ---------------------------------------------------------------- main

const t0 = Date.now();
for (const f of files) await readInput(f, dispatch);
await drain();
if (dumpStream) await new Promise(res => dumpStream.end(res));
const seconds = (Date.now() - t0) / 1000;

if (opt.jsonOut) {
  writeFileSync(opt.jsonOut, JSON.stringify({ schema: 'rochade-crosscheck/1',
    inputs: files.map(f => ({ path: f, games: gamesPerFile.get(f) ?? 0 })), ...stats }, null, 1) + '\n');
}
console.log(`crosscheck (chessops): ${stats.games.total} games in ${files.length} file(s), ${seconds.toFixed(1)} s, ${opt.jobs} thread(s)`);

if (!opt.rochadeJson) {
  console.log(JSON.stringify(stats, null, 1));
  printStops();
  process.exit(process.exitCode ?? 0);
}

// ---------------------------------------------------------------- comparison

const { rows, details, differences, compared, illegal, refused } =
  compare(JSON.parse(readFileSync(opt.rochadeJson, 'utf8')), stats, stops);
printTable(rows, details);
printStops();
if (refused && illegal === 0 && differences === 0) {
  console.log(`\n${refused} castling(s) refused by chessops, none executed by rochade (no illegal_castling finding, equal counts): rochade stopped there too, a castling it cannot carry out being a replay error.`);
}
console.log(differences ? `\nFAIL: ${differences} difference(s)` : `\nOK: all ${compared} compared counts are equal`);
process.exit(process.exitCode === 2 ? 2 : differences ? 1 : 0);
