// The comparison with rochade's `stats --format json` (R): which fields are compared, and how.
// Every count compared must be equal; games.replayed and games.with_errors are shown only (the
// readers differ on words that are no moves, docs/CROSSCHECK.md).

import { COLORS, SIDES, RESULT_KEYS } from './totals.mjs';

// -> {rows: [field, rochade, crosscheck, status], details, differences, compared, illegal, refused}
export function compare(R, stats, stops) {
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

  for (const f of ['games.total', 'games.skipped_variant', 'games.without_moves'])
    cmp(f, get(R, f), get(stats, f));
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
  return { rows, details, differences, compared, illegal, refused };
}

// The table, and the first 30 keys of by_move that differ.
export function printTable(rows, details) {
  const head = ['field', 'rochade', 'crosscheck', ''];
  const w = [0, 1, 2].map(i => Math.max(...[head, ...rows].map(r => r[i].length)));
  const fmt = r => `${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padStart(w[2])}  ${r[3]}`;
  console.log(fmt(head));
  for (const r of rows) console.log(fmt(r));
  for (const d of details.slice(0, 30)) console.log('  ' + d);
  if (details.length > 30) console.log(`  ... ${details.length - 30} more`);
}
