// Reading the INPUTs into game records, by the reading conventions of docs/CROSSCHECK.md: the
// files of the INPUTs (directories searched as rochade searches them), decompression through the
// command-line tools, and the cut into records that chessops' parser (replay.mjs) reads one at a
// time. Nothing here comes from rochade's sources.

import { spawn } from 'node:child_process';
import { createReadStream, readdirSync, statSync, openSync, readSync, closeSync } from 'node:fs';
import { join } from 'node:path';

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

// INPUTs (files or directories) -> the files, in the order they are read.
export const inputFiles = inputs => inputs.flatMap(p => expand(p, []));

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

// Reads one input; its records go, in batches of about BATCH_BYTES of text, to
// `await onBatch(path, records)` (records: [{line, text}]), in order.
export async function readInput(path, onBatch) {
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
    while (pending.length) await onBatch(path, pending.shift());
  }
  if (carry) line(carry.endsWith('\r') ? carry.slice(0, -1) : carry);
  endGame();
  if (batch.length) pending.push(batch);
  while (pending.length) await onBatch(path, pending.shift());
  if (child) {
    const code = child.exitCode ?? await new Promise(res => child.on('close', res));
    if (code !== 0) { console.error(`crosscheck: decompressing ${path} failed (exit ${code})`); process.exitCode = 2; }
  }
}
