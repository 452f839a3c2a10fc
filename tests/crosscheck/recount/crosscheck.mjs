// Independent recount of rochade's castling statistics (shared/spec/stats-json.md) with the
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

import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, readdirSync, statSync, openSync, readSync, closeSync,
  readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { replayRecords } from './replay.mjs';

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

const PGN_NAME = /\.pgn(\.gz|\.bz2|\.xz|\.zst)?$/i;
function expand(path, out) {
  if (!statSync(path).isDirectory()) { out.push(path); return out; }
  for (const e of readdirSync(path).sort()) {
    const p = join(path, e);
    if (statSync(p).isDirectory()) expand(p, out);
    else if (PGN_NAME.test(e)) out.push(p);
  }
  return out;
}
const files = opt.inputs.flatMap(p => expand(p, []));

// ---------------------------------------------------------------- totals

const COLORS = ['white', 'black'];
const SIDES = ['kingside', 'queenside'];
const RESULT_KEYS = ['1-0', '0-1', '1/2-1/2', '*'];

const stats = {
  games: { total: 0, replayed: 0, with_errors: 0, skipped_variant: 0 },
  castling: {
    white: { kingside: 0, queenside: 0, none: 0 },
    black: { kingside: 0, queenside: 0, none: 0 },
    both_castled: 0, opposite_sides: 0, same_side: 0, white_first: 0, black_first: 0,
    with_check: 0, checkmate: 0,
    by_move: { white: { kingside: {}, queenside: {} }, black: { kingside: {}, queenside: {} } },
    king_moved_first: { white: 0, black: 0 },
  },
  results: {},
};
const stops = new Map(); // reason -> {count, examples[]}
const dumpStream = opt.dump ? createWriteStream(opt.dump) : null;

function count(g, file, number) {
  stats.games.total++;
  if (dumpStream) {
    const { line, tags, ...rest } = g;
    dumpStream.write(JSON.stringify({ file, game: number, line, ...tags, ...rest,
      castlings: g.castlings?.map(c => `${c.color[0]}${c.side === 'kingside' ? 'K' : 'Q'}@${c.move}${c.mate ? '#' : c.check ? '+' : ''}`) }) + '\n');
  }
  if (g.skipped !== undefined) { stats.games.skipped_variant++; return; }
  const C = stats.castling;
  const first = { white: null, black: null };
  for (const c of g.castlings) {
    C[c.color][c.side]++;
    const bm = C.by_move[c.color][c.side];
    bm[c.move] = (bm[c.move] ?? 0) + 1;
    if (c.check) C.with_check++;
    if (c.mate) C.checkmate++;
    first[c.color] ??= c;
  }
  for (const col of COLORS) {
    if (!first[col]) C[col].none++;
    if (g.kingMoved[col]) C.king_moved_first[col]++;
  }
  const w = first.white, b = first.black;
  if (w && b) {
    C.both_castled++;
    if (w.side === b.side) C.same_side++; else C.opposite_sides++;
  }
  if (w || b) {
    if (w && (!b || w.ply < b.ply)) C.white_first++; else C.black_first++;
  }
  const letter = c => (c ? (c.side === 'kingside' ? 'K' : 'Q') : '-');
  const key = `${letter(w)}/${letter(b)}`;
  (stats.results[key] ??= { '1-0': 0, '0-1': 0, '1/2-1/2': 0, '*': 0 })[g.result]++;
  if (g.stop) {
    stats.games.with_errors++;
    let s = stops.get(g.stop.reason);
    if (!s) stops.set(g.stop.reason, s = { count: 0, examples: [] });
    s.count++;
    if (s.examples.length < opt.show) s.examples.push({ file, game: number, line: g.line, ...g.tags, ...g.stop });
  } else {
    stats.games.replayed++;
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
    for (const g of games) count(g, file, ++n);
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

// ---------------------------------------------------------------- reading

const MAGIC = [
  { tool: ['gzip', '-dc'], bytes: [0x1f, 0x8b] },
  { tool: ['bzip2', '-dc'], bytes: [0x42, 0x5a, 0x68] },
  { tool: ['xz', '-dc'], bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { tool: ['zstd', '-dc'], bytes: [0x28, 0xb5, 0x2f, 0xfd] },
];
function openInput(path) {
  const head = Buffer.alloc(8);
  const fd = openSync(path, 'r');
  const n = readSync(fd, head, 0, 8, 0);
  closeSync(fd);
  for (const m of MAGIC) {
    if (n >= m.bytes.length && m.bytes.every((b, i) => head[i] === b)) {
      const child = spawn(m.tool[0], [m.tool[1], path], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.on('error', e => { console.error(`crosscheck: cannot run ${m.tool[0]}: ${e.message}`); process.exit(2); });
      return { stream: child.stdout, child };
    }
  }
  return { stream: createReadStream(path), child: null };
}

// The input is cut into game records before chessops sees them, by the PGN standard's rules
// rather than chessops' (which ends a game at any blank line in the movetext and does not expect
// a tag section right after movetext). A game ends at the end of a movetext line that ends with
// its result token (outside comments), at a tag line that follows movetext, or at a tag that
// its tag section already has (or an Event tag after a blank line: games with tags only).
// Blank lines inside a movetext are dropped. Between games, comments are no game, and a line
// that cannot begin a movetext is not PGN and is skipped. A tag whose value is still open at
// the line end is dropped. UTF-8 byte-order marks are dropped where they begin a line.
// Each record goes to chessops' parser on its own. Text is read as Latin-1 (a char a byte).
const TAG_LINE = /^\s*\[([A-Za-z0-9_][A-Za-z0-9_+#=:-]*)\s+"/;
// A tag: its value ends at a '"' followed by blanks and ']'; \" and \\ are escapes; any other
// backslash is a character (so is one before the closing quote when the line has no other end).
const TAGS_ON_LINE = /\[([A-Za-z0-9_][A-Za-z0-9_+#=:-]*)\s+"((?:[^"\\]|\\.|"(?!\s*\]))*)"\s*\]/g;
const TAGS_ON_LINE_LITERAL = /\[([A-Za-z0-9_][A-Za-z0-9_+#=:-]*)\s+"((?:[^"]|"(?!\s*\]))*)"\s*\]/g;
// chessops reads a tag value with the escapes \" and \\ only (a lone backslash, as in
// [Black "Analysis\ Analyse"], makes it read the line as movetext): tags are written again in
// that form.
function normalizeTags(text) {
  let re = TAGS_ON_LINE;
  re.lastIndex = 0;
  if (!re.test(text)) re = TAGS_ON_LINE_LITERAL;
  re.lastIndex = 0;
  const names = [];
  const tags = [];
  const rest = text.replace(re, (_m, name, value) => {
    if (re === TAGS_ON_LINE) value = value.replace(/\\(["\\])/g, '$1');
    names.push(name);
    tags.push(`[${name} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`);
    return ' ';
  }).trim();
  // A value still open at the line end ([Site "Kiev]): the tag is dropped, the game goes on.
  return { names, tags, rest: TAG_LINE.test(rest) ? '' : rest };
}
const RESULT_AT_END = /(?:^|[\s.)}])(?:1-0|0-1|1\/2-1\/2|\*)\s*$/;
const BATCH_BYTES = 1 << 20;

async function readInput(path) {
  const { stream, child } = openInput(path);
  let lineNo = 0;
  let batch = [], batchBytes = 0;
  let cur = null;             // the record being read: {line, lines[]}
  let state = 'between';      // 'between' | 'betweenComment' | 'tags' | 'moves'
  let inComment = false;      // inside a {comment} of the movetext
  let resultSeen = false;     // the movetext so far ends with a result token
  let tagNames = new Set();
  let blankInTags = false;
  const pending = [];

  const endGame = () => {
    if (cur) {
      const text = cur.lines.join('\n') + '\n';
      batch.push({ line: cur.line, text });
      batchBytes += text.length;
      if (batchBytes >= BATCH_BYTES) { pending.push(batch); batch = []; batchBytes = 0; }
    }
    cur = null; state = 'between'; inComment = false; resultSeen = false; tagNames = new Set(); blankInTags = false;
  };
  const add = text => { (cur ??= { line: lineNo, lines: [] }).lines.push(text); };

  function scanMoves(text) {
    let outside = '';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (inComment) { if (ch === '}') inComment = false; continue; }
      if (ch === '{') { inComment = true; outside += ' '; continue; }
      if (ch === ';') break;
      outside += ch;
    }
    if (/\S/.test(outside)) resultSeen = !inComment && RESULT_AT_END.test(outside);
    else if (inComment) resultSeen = false;
  }
  function line(text) {
    lineNo++;
    if (text.startsWith('\xEF\xBB\xBF')) text = text.slice(3); // a UTF-8 BOM (also where files were concatenated)
    if (text.startsWith('%')) return; // escape line
    if (state === 'betweenComment' && !TAG_LINE.test(text)) { // a comment between games ends at '}' or a tag line
      const close = text.indexOf('}');
      if (close < 0) return;
      state = 'between';
      text = text.slice(close + 1);
    }
    if (state === 'betweenComment') state = 'between';
    if (!inComment && TAG_LINE.test(text)) {
      if (state === 'moves') endGame();
      const { names, tags, rest } = normalizeTags(text);
      if (state === 'tags' && (names.some(n => tagNames.has(n)) || (blankInTags && names[0] === 'Event'))) endGame();
      for (const n of names) tagNames.add(n);
      state = 'tags';
      for (const t of tags) add(t);
      if (rest) moves(rest); // movetext on the tag line
      return;
    }
    if (/^\s*$/.test(text)) {
      if (state === 'tags') blankInTags = true;
      else if (state === 'moves' && inComment) add(text);
      return; // a blank line does not end a movetext
    }
    while (state === 'between') {
      // Between games: comments are no game; a game without tags starts with a byte that can
      // begin movetext; any other line is not PGN and is skipped.
      text = text.trimStart();
      if (text === '' || text[0] === ';') return;
      if (text[0] === '{') {
        const close = text.indexOf('}');
        if (close < 0) { state = 'betweenComment'; return; }
        text = text.slice(close + 1);
        continue;
      }
      if (!/^(?:[0-9a-hKQRBNPOZ*\xBD]|\xC2\xBD)/.test(text)) return;
      break;
    }
    moves(text);
  }
  function moves(text) {
    state = 'moves';
    add(text);
    scanMoves(text);
    if (resultSeen && !inComment) endGame(); // a game ends after its result token
  }

  let carry = '';
  for await (const chunk of stream) {
    const parts = (carry + chunk.toString('latin1')).split('\n');
    carry = parts.pop();
    for (const p of parts) line(p.endsWith('\r') ? p.slice(0, -1) : p);
    while (pending.length) await dispatch(path, pending.shift());
  }
  if (carry) line(carry.endsWith('\r') ? carry.slice(0, -1) : carry);
  endGame();
  if (batch.length) pending.push(batch);
  while (pending.length) await dispatch(path, pending.shift());
  if (child) {
    const code = child.exitCode ?? await new Promise(res => child.on('close', res));
    if (code !== 0) { console.error(`crosscheck: decompressing ${path} failed (exit ${code})`); process.exitCode = 2; }
  }
}

// ---------------------------------------------------------------- main

const t0 = Date.now();
for (const f of files) await readInput(f);
await drain();
if (dumpStream) await new Promise(res => dumpStream.end(res));
const seconds = (Date.now() - t0) / 1000;

if (opt.jsonOut) {
  writeFileSync(opt.jsonOut, JSON.stringify({ schema: 'rochade-crosscheck/1',
    inputs: files.map(f => ({ path: f, games: gamesPerFile.get(f) ?? 0 })), ...stats }, null, 1) + '\n');
}
console.log(`crosscheck (chessops): ${stats.games.total} games in ${files.length} file(s), ${seconds.toFixed(1)} s, ${opt.jobs} thread(s)`);

function printStops() {
  if (!stops.size) return;
  console.log('\nwhere chessops stopped a replay (castlings counted up to there):');
  for (const [reason, s] of stops) {
    console.log(`  ${reason}: ${s.count} game(s)${s.count > s.examples.length ? `, first ${s.examples.length}` : ''}`);
    for (const e of s.examples) {
      const what = e.reason === 'invalid FEN' ? `${e.detail}: "${e.fen}"` : `ply ${e.ply + 1} "${e.san}" in ${e.fen}`;
      console.log(`    ${e.file} game ${e.game} (line ${e.line}) ${e.White} - ${e.Black}, ${e.Event} ${e.Date}: ${what}`);
    }
  }
}

if (!opt.rochadeJson) {
  console.log(JSON.stringify(stats, null, 1));
  printStops();
  process.exit(process.exitCode ?? 0);
}

// ---------------------------------------------------------------- comparison

const R = JSON.parse(readFileSync(opt.rochadeJson, 'utf8'));
const get = (o, path) => path.split('.').reduce((x, k) => (x == null ? undefined : x[k]), o);
const rows = []; // [field, rochade, crosscheck, status]
let differences = 0, compared = 0;
function cmp(field, a, b, strict = true) {
  const same = a === b;
  if (strict) compared++;
  if (!same && strict) differences++;
  rows.push([field, String(a), String(b), same ? 'ok' : strict ? 'DIFF' : 'differs (not compared)']);
}
const nonZero = m => Object.fromEntries(Object.entries(m ?? {}).filter(([, v]) => v !== 0));
const sum = m => Object.values(m).reduce((s, v) => s + v, 0);

for (const f of ['games.total', 'games.skipped_variant']) cmp(f, get(R, f), get(stats, f));
for (const f of ['games.replayed', 'games.with_errors']) cmp(f, get(R, f), get(stats, f), false);
for (const col of COLORS) for (const k of ['kingside', 'queenside', 'none']) {
  cmp(`castling.${col}.${k}`, get(R, `castling.${col}.${k}`), stats.castling[col][k]);
}
for (const f of ['both_castled', 'opposite_sides', 'same_side', 'white_first', 'black_first', 'with_check', 'checkmate']) {
  cmp(`castling.${f}`, get(R, `castling.${f}`), stats.castling[f]);
}
for (const col of COLORS) {
  cmp(`castling.king_moved_first.${col}`, get(R, `castling.king_moved_first.${col}`), stats.castling.king_moved_first[col]);
}
const details = [];
for (const col of COLORS) for (const side of SIDES) {
  const a = nonZero(get(R, `castling.by_move.${col}.${side}`)), b = nonZero(stats.castling.by_move[col][side]);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort((x, y) => x - y);
  const bad = keys.filter(k => a[k] !== b[k]);
  for (const k of bad) details.push(`castling.by_move.${col}.${side}["${k}"]: rochade ${a[k] ?? 0}, crosscheck ${b[k] ?? 0}`);
  compared++;
  if (bad.length) differences += bad.length;
  rows.push([`castling.by_move.${col}.${side}`, `${Object.keys(a).length} keys, sum ${sum(a)}`,
    `${Object.keys(b).length} keys, sum ${sum(b)}`, bad.length ? `DIFF at ${bad.length} key(s)` : 'ok']);
}
const resKeys = [...new Set([...Object.keys(R.results ?? {}), ...Object.keys(stats.results)])].sort();
for (const k of resKeys) for (const r of RESULT_KEYS) {
  const a = R.results?.[k]?.[r] ?? 0, b = stats.results[k]?.[r] ?? 0;
  if (a || b) cmp(`results["${k}"]["${r}"]`, a, b);
}
// chessops plays legal moves only: a castling that rochade executes against the rules (an
// illegal_castling finding) is one that chessops refuses, so any such finding is a difference.
const illegal = get(R, 'illegal_castling.total');
const refused = stops.get('castling refused by chessops')?.count ?? 0;
compared++;
if (illegal !== 0) differences++;
rows.push(['illegal castlings (rochade) / refused (chessops)', String(illegal), String(refused),
  illegal === 0 ? 'ok' : 'DIFF: rochade executed illegal castlings that chessops refuses']);

const head = ['field', 'rochade', 'crosscheck', ''];
const w = [0, 1, 2].map(i => Math.max(...[head, ...rows].map(r => r[i].length)));
const fmt = r => `${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padStart(w[2])}  ${r[3]}`;
console.log(fmt(head));
for (const r of rows) console.log(fmt(r));
for (const d of details.slice(0, 30)) console.log('  ' + d);
if (details.length > 30) console.log(`  ... ${details.length - 30} more`);
printStops();
if (refused && illegal === 0 && differences === 0) {
  console.log(`\n${refused} castling(s) refused by chessops, none executed by rochade (no illegal_castling finding, equal counts): rochade stopped there too, a castling it cannot carry out being a replay error.`);
}
console.log(differences ? `\nFAIL: ${differences} difference(s)` : `\nOK: all ${compared} compared counts are equal`);
process.exit(process.exitCode === 2 ? 2 : differences ? 1 : 0);
