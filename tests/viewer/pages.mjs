// The pages both viewer tests open: made by the rochade under test from real games of tests/data
// and the illegal-castling fixtures (find and audit pages, and a stats report with its viewer),
// and the data embedded in each (viewer.md).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// {name: [rochade arguments]}; each page is written to DIR/NAME.html.
export function pageArgs(data, fixtures) {
  return {
    // The three puzzles of tests/data whose main line ends with O-O# or O-O-O# (PROVENANCE.md).
    mates: ['find', '--mate-by-castling', data],
    // Every reason of an illegal castling (constructed games, one per reason and colour), the
    // Chess960 ones, and the historical incidents (Karpov-Miles 1986: the false repetition).
    audit: ['audit', join(fixtures, 'illegal_castling.pgn'), join(fixtures, 'chess960_illegal.pgn'),
      join(data, 'historical', 'castling-incidents')],
    // More games than the page holds: its note on the games left out.
    masters: ['find', '--castled', 'both', '--html-max-games', '6', join(data, 'masters')],
    chess960: ['find', '--castled', 'white', '--html-max-games', '4', join(data, 'chess960')],
    // The stats report of the whole of tests/data and the illegal castlings: the games it lists
    // (the three mates by castling, the first 24 illegal castlings, Chess960's first) open in its
    // viewer.
    stats: ['stats', data, join(fixtures, 'chess960_illegal.pgn'), join(fixtures, 'illegal_castling.pgn')],
  };
}

export function makePages(rochade, data, fixtures, dir, extra = {}) {
  const made = {};
  for (const [name, args] of Object.entries({ ...pageArgs(data, fixtures), ...extra })) {
    const file = join(dir, `${name}.html`);
    // Exit status 1: an input of tests/data that is not PGN (edge/garbage), said on stderr.
    const r = spawnSync(rochade, [...args, '--format', 'html', '-q', '-j', '2', '-o', file],
      { stdio: ['ignore', 'inherit', 'pipe'], timeout: 60000 });
    if (r.status !== 0 && !(r.status === 1 && /not PGN text/.test(r.stderr)))
      throw new Error(`rochade ${args.join(' ')}: exit status ${r.status} (signal ${r.signal}, ${r.error}): ${r.stderr}`);
    made[name] = file;
  }
  return made;
}

// The array of <script type="application/json" id="rochade-games"> and the page's facts.
export function pageData(file) {
  const html = readFileSync(file, 'utf8');
  const grab = (id) => {
    const open = `<script type="application/json" id="${id}">`;
    const at = html.indexOf(open);
    if (at < 0) throw new Error(`${file}: no script ${id}`);
    const end = html.indexOf('</script>', at);
    return JSON.parse(html.slice(at + open.length, end));
  };
  return { html, games: grab('rochade-games'), facts: grab('rochade-page') };
}

export function count(rochade, args) {
  const r = spawnSync(rochade, ['find', '--count', '-q', ...args], { timeout: 60000 });
  return Number(r.stdout.toString().trim());
}

// The 64 squares of a FEN's placement, a8 first ('' empty): the test's own reading of a FEN.
export function squares(fen) {
  const out = [];
  for (const row of fen.split(' ')[0].split('/'))
    for (const ch of row) {
      if (/[1-8]/.test(ch)) for (let i = 0; i < Number(ch); ++i) out.push('');
      else out.push(ch);
    }
  return out;
}
export const squareName = (i) => 'abcdefgh'[i % 8] + (8 - Math.floor(i / 8));

// A minimal test reporter: check(name, ok, detail) and a summary with the exit status.
export function reporter(title) {
  let passed = 0, failed = 0;
  return {
    check(name, ok, detail = '') {
      if (ok) ++passed;
      else { ++failed; console.log(`FAIL: ${name}${detail ? ': ' + detail : ''}`); }
      return ok;
    },
    done() {
      console.log(`${title}: ${passed} passed, ${failed} failed`);
      return failed === 0 ? 0 : 1;
    },
  };
}
