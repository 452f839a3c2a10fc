// The games and the moves of each game's main line in the events of tests/pgn/fixtures/*.events
// (what rochade's reader gives, reviewed and committed) against chessops' PGN parser (parsePgn),
// another reader that knows nothing of rochade's. Compared: the number of games, and for each
// game the number of moves of its main line (moves inside variations left out).
//   node tests/pgn/fixtures_chessops.mjs NODE_MODULES FIXTURES_DIR
// They must agree, except on the fixtures of quirks outside the PGN standard
// (tests/pgn/fixtures/PROVENANCE.md), where each reader takes its own way: there both readers'
// counts must be those recorded in KNOWN, so that a change on either side is seen.
// Exit status 1 on any difference, or when fewer than 15 fixtures read alike.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, dir] = process.argv.slice(2);
const { parsePgn } = await import(pathToFileURL(join(modules, 'chessops/dist/esm/pgn.js')).href);

// Quirks outside the PGN standard, where each reader takes its own way: the main lines of
// rochade's games, then of chessops' (as they are today, with chessops 0.14.2), and the quirk.
const KNOWN = {
  'backslash-header.pgn': [[95], [0, 95], 'a value ending in a backslash'],
  'badpgn.pgn': [[2], [0], 'a broken tag, g(erg)'],
  'br-line-ends.pgn': [[112], [77], '<br /> instead of line ends'],
  'corrupted.pgn': [[125], [124], 'a file cut in the middle of a move'],
  'crafted-concatenated-bom.pgn': [[1, 1], [0, 1, 1], 'concatenated files with their BOMs'],
  'crafted-duplicate-tags.pgn': [[0, 0, 1], [1], 'tag names repeated'],
  'crafted-garbage-between.pgn': [[2, 2, 1], [0, 2, 0, 2, 1], 'garbage between games'],
  'crafted-nul-bytes.pgn': [[4, 1], [0, 4, 1], 'NUL bytes'],
  'crafted-tag-after-movetext.pgn': [[3, 2, 2, 1], [8], 'tag lines after movetext'],
  'crafted-unclosed-brace-at-start.pgn': [[2, 2], [0], 'an unclosed { at the start'],
  'crafted-unclosed-brace-in-game.pgn': [[1, 2, 2, 1], [2], 'an unclosed { in a game'],
  'empty-body.pgn': [[0, 252], [252], 'a game with tags only, then a game'],
  'games-without-tags.pgn': [[5, 5, 5, 5], [20], 'games without tags, one per line'],
  'header-only-games.pgn': [[0, 0, 0, 0], [0], 'games of tags only'],
  'html-page.pgn': [[], [23], 'an HTML page saved as .pgn'],
  'latin1.pgn': [[149], [1, 148], 'Latin-1 tags and comments'],
  'leading-whitespace.pgn': [[5, 5, 10], [5, 5, 5, 5], 'tag lines indented, games without results'],
  'nested-comment.pgn': [[10], [2], '{ ... { ... } ... }'],
  'tag-line-without-bracket.pgn': [[109, 14], [109, 0, 14], 'a tag line that lost its ['],
  'tags-and-moves-on-one-line.pgn': [[1, 1, 1, 1, 1, 1, 1, 1, 1], [9], 'tags and moves on one line'],
  'unescaped-quote-header.pgn': [[20], [0, 20], 'quotes inside values, not escaped'],
  'utf8-bom.pgn': [[0, 0], [1, 0, 0], 'a UTF-8 byte-order mark'],
};

// rochade's games, from the events: the main-line moves of each.
function rochadeGames(events) {
  const games = [];
  let depth = 0;
  for (const line of events.split('\n')) {
    const word = line.split(' ', 1)[0];
    if (word === 'game') { games.push(0); depth = 0; }
    else if (word === '(') depth++;
    else if (word === ')') depth--;
    else if (word === 'move' && depth === 0) games[games.length - 1]++;
  }
  return games;
}

const str = a => `${a.length} games (${a.join(', ')} moves)`;
let same = 0, known = 0, differ = 0;
for (const f of readdirSync(dir).filter(f => f.endsWith('.pgn')).sort()) {
  const ours = rochadeGames(readFileSync(join(dir, f.replace(/\.pgn$/, '.events')), 'latin1'));
  const theirs = parsePgn(readFileSync(join(dir, f), 'latin1')).map(g => [...g.moves.mainline()].length);
  const k = KNOWN[f];
  const want = k ? [k[0], k[1]] : [ours, ours];
  const ok = JSON.stringify([ours, theirs]) === JSON.stringify(want);
  if (!ok) differ++;
  else if (k) known++;
  else same++;
  let line = `${ok ? (k ? 'known' : 'same ') : 'DIFF '} ${f}: rochade ${str(ours)}`;
  if (k || !ok) line += `, chessops ${str(theirs)}`;
  if (k) line += ok ? ` (${k[2]})` : `; recorded: rochade ${str(k[0])}, chessops ${str(k[1])}`;
  console.log(line);
}
console.log(`${same} fixtures read alike, ${known} as recorded, ${differ} differ`);
process.exit(differ || same < 15 ? 1 : 0);
