// The recount: the castling statistics of the contract (docs/STATS-JSON.md), added up game by
// game from replay.mjs's summaries, and where chessops stopped a replay.

export const COLORS = ['white', 'black'];
export const SIDES = ['kingside', 'queenside'];
export const RESULT_KEYS = ['1-0', '0-1', '1/2-1/2', '*'];

export const stats = {
  games: { total: 0, replayed: 0, with_errors: 0, skipped_variant: 0, without_moves: 0 },
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
export const stops = new Map(); // reason -> {count, examples[]}

// One game's summary (replay.mjs); `show`: the examples kept per reason a replay stopped.
export function count(g, file, number, show) {
  stats.games.total++;
  if (g.skipped !== undefined) { stats.games.skipped_variant++; return; }
  // No move in the main line (and nothing stopped the replay): counted there and nowhere else.
  if (!g.stop && g.plies === 0) { stats.games.without_moves++; return; }
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
    if (s.examples.length < show) s.examples.push({ file, game: number, line: g.line, ...g.tags, ...g.stop });
  } else {
    stats.games.replayed++;
  }
}

export function printStops() {
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
