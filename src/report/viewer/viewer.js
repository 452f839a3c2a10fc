// The viewer's script (viewer_page.cpp, docs/VIEWER.md): the page of find
// and audit, and the viewer inside the stats report (report/stats/stats_viewer.cpp). It draws what
// the page's data says and holds no chess rules: every position is one of rochade's FENs (only
// their first fields are read here), the castlings, findings and marked squares come with them.
(function () {
  'use strict';
  const games = JSON.parse(document.getElementById('rochade-games').textContent);
  const $ = (id) => document.getElementById(id);
  const SQ = 40, LEFT = 20, TOP = 4;
  const LIGHT = '#f0d9b5', DARK = '#b58863';
  const KING_MARK = 'rgba(255,200,0,0.65)', ROOK_MARK = 'rgba(40,120,230,0.55)';
  const KING_ARROW = '#c77700', ROOK_ARROW = '#1b4fa0';
  const LAST_MARK = 'rgba(155,199,0,0.45)', ATTACKED = 'rgba(220,0,0,0.5)';
  const FILLED = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F\uFE0E' };
  const OUTLINE = { k: '\u2654', q: '\u2655', r: '\u2656', b: '\u2657', n: '\u2658', p: '\u2659' };
  const SVGNS = 'http://www.w3.org/2000/svg';

  const state = { game: -1, ply: 0, flipped: false };

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The 64 squares of a FEN's placement, a8 first ('' for an empty square).
  function placement(fen) {
    const out = [];
    for (const ch of (fen || '').split(' ')[0]) {
      if (ch === '/') continue;
      if (ch >= '1' && ch <= '8') for (let i = 0; i < +ch; ++i) out.push('');
      else out.push(ch);
    }
    while (out.length < 64) out.push('');
    return out.slice(0, 64);
  }
  const squareName = (i) => 'abcdefgh'[i % 8] + (8 - Math.floor(i / 8));

  function fenAt(g, ply) { return ply === 0 ? g.start_fen : g.plies[ply - 1].fen; }

  // Move number and colour of a ply, from the start FEN's side to move and move number.
  function moveOf(g, ply) {
    const f = (g.start_fen || '').split(' ');
    const offset = (f[1] === 'b' ? 1 : 0) + ply - 1;
    const first = parseInt(f[5], 10) > 0 ? parseInt(f[5], 10) : 1;
    return { number: first + Math.floor(offset / 2), white: offset % 2 === 0 };
  }
  function moveName(g, ply) {
    const m = moveOf(g, ply);
    const san = ply <= g.plies.length ? g.plies[ply - 1].san : g.rest[ply - 1 - g.plies.length];
    return m.number + (m.white ? '. ' : '... ') + (san || '?');
  }

  // ---- the board ------------------------------------------------------------------------------
  function geometry(name) {
    let f = name.charCodeAt(0) - 97, r = +name[1] - 1;
    if (state.flipped) { f = 7 - f; r = 7 - r; }
    return { x: LEFT + f * SQ, y: TOP + (7 - r) * SQ };
  }
  function markSquare(root, name, fill, cls) {
    const p = geometry(name);
    root.appendChild(svg('rect', { x: p.x, y: p.y, width: SQ, height: SQ, fill, class: cls, 'data-sq': name }));
  }
  function arrow(root, from, to, shift, colour, cls) {
    if (!from || !to || from === to) return;
    const a = geometry(from), b = geometry(to);
    const x1 = a.x + SQ / 2, y1 = a.y + SQ / 2 + shift, x2 = b.x + SQ / 2, y2 = b.y + SQ / 2 + shift;
    const len = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const head = SQ * 0.3, half = SQ * 0.14, bx = x2 - ux * head, by = y2 - uy * head;
    const g = svg('g', { class: cls, 'data-from': from, 'data-to': to, opacity: 0.9 });
    g.appendChild(svg('line', { x1, y1, x2: bx, y2: by, stroke: colour, 'stroke-width': SQ * 0.08, 'stroke-linecap': 'round' }));
    g.appendChild(svg('polygon', {
      points: `${x2},${y2} ${bx - uy * half},${by + ux * half} ${bx + uy * half},${by - ux * half}`, fill: colour }));
    root.appendChild(g);
  }
  // The squares a piece crosses on one rank, both ends included.
  function rankPath(from, to) {
    if (!from || !to || from[1] !== to[1]) return [from, to].filter(Boolean);
    const a = from.charCodeAt(0), b = to.charCodeAt(0), out = [];
    for (let c = Math.min(a, b); c <= Math.max(a, b); ++c) out.push(String.fromCharCode(c) + from[1]);
    return out;
  }

  function drawBoard() {
    const g = games[state.game], ply = state.ply, fen = fenAt(g, ply);
    const board = $('board');
    board.textContent = '';
    board.setAttribute('aria-label', fen || 'no position');
    board.dataset.game = String(state.game);
    board.dataset.ply = String(ply);
    $('fen').textContent = fen || '';
    if (!fen) { board.appendChild(el('p', { class: 'note' }, 'The start position could not be read.')); return; }
    const root = svg('svg', { class: 'board', viewBox: `0 0 ${LEFT + 8 * SQ + 4} ${TOP + 8 * SQ + SQ / 2}`,
      width: LEFT + 8 * SQ + 4, height: TOP + 8 * SQ + SQ / 2 });
    for (let i = 0; i < 64; ++i) {
      const name = squareName(i), p = geometry(name);
      const dark = (name.charCodeAt(0) - 97 + +name[1] - 1) % 2 === 0;  // a1 is dark
      root.appendChild(svg('rect', { x: p.x, y: p.y, width: SQ, height: SQ, fill: dark ? DARK : LIGHT }));
    }
    const now = placement(fen);
    if (ply > 0) {  // the last move: the squares whose content changed
      const before = placement(fenAt(g, ply - 1));
      for (let i = 0; i < 64; ++i) if (before[i] !== now[i]) markSquare(root, squareName(i), LAST_MARK, 'lastmove');
    }
    const castling = (g.castling_moves || []).find((c) => c.ply === ply && ply > 0);
    const finding = g.findings.find((f) => f.kind === 'illegal_castling' && f.ply === ply && f.board);
    const marks = finding ? finding.board : castling;
    if (marks) {
      for (const s of rankPath(marks.king_from, marks.king_to)) markSquare(root, s, KING_MARK, 'path king');
      if (marks.rook_from) markSquare(root, marks.rook_from, ROOK_MARK, 'path rook');
      if (marks.rook_to) markSquare(root, marks.rook_to, ROOK_MARK, 'path rook');
    }
    if (finding) {
      for (const s of finding.board.attacked) markSquare(root, s, ATTACKED, 'attacked');
      for (const s of finding.board.blocked) {
        const p = geometry(s);
        root.appendChild(svg('rect', { x: p.x + 2, y: p.y + 2, width: SQ - 4, height: SQ - 4, fill: 'none',
          stroke: '#a00', 'stroke-width': 4, 'stroke-dasharray': '6 3', class: 'blocked', 'data-sq': s }));
      }
      for (const s of finding.board.attackers) {
        const p = geometry(s);
        root.appendChild(svg('circle', { cx: p.x + SQ / 2, cy: p.y + SQ / 2, r: SQ * 0.45, fill: 'none',
          stroke: '#a00', 'stroke-width': 3, class: 'attacker', 'data-sq': s }));
      }
    }
    root.appendChild(svg('rect', { x: LEFT, y: TOP, width: 8 * SQ, height: 8 * SQ, fill: 'none', stroke: '#555' }));
    const coords = svg('g', { 'font-family': 'sans-serif', 'font-size': SQ * 0.3, fill: '#444', 'text-anchor': 'middle' });
    for (let i = 0; i < 8; ++i) {
      const rank = state.flipped ? 8 - i : i + 1, file = 'abcdefgh'[state.flipped ? 7 - i : i];
      coords.appendChild(svg('text', { x: LEFT / 2, y: TOP + (7 - i) * SQ + SQ / 2, 'dominant-baseline': 'central' }, String(rank)));
      coords.appendChild(svg('text', { x: LEFT + i * SQ + SQ / 2, y: TOP + 8 * SQ + SQ / 4, 'dominant-baseline': 'central' }, file));
    }
    root.appendChild(coords);
    const pieces = svg('g', { 'font-family': "'DejaVu Sans','Noto Sans Symbols 2','Segoe UI Symbol','Arial Unicode MS',serif",
      'font-size': SQ * 0.82, 'text-anchor': 'middle' });
    for (let i = 0; i < 64; ++i) {
      const ch = now[i];
      if (!ch) continue;
      const name = squareName(i), p = geometry(name), t = ch.toLowerCase();
      const at = { x: p.x + SQ / 2, y: p.y + SQ / 2 + SQ * 0.05, 'dominant-baseline': 'central' };
      const piece = svg('g', { class: 'piece', 'data-sq': name, 'data-piece': ch });
      if (!FILLED[t]) {  // a FEN letter that is not a piece: shown as written
        piece.appendChild(svg('text', { ...at, fill: '#a00' }, ch));
      } else if (ch === t) {
        piece.appendChild(svg('text', { ...at, fill: '#111' }, FILLED[t]));
      } else {
        piece.appendChild(svg('text', { ...at, fill: '#fff' }, FILLED[t]));
        piece.appendChild(svg('text', { ...at, fill: '#111' }, OUTLINE[t]));
      }
      pieces.appendChild(piece);
    }
    root.appendChild(pieces);
    if (marks) {
      arrow(root, marks.king_from, marks.king_to, -SQ * 0.3, KING_ARROW, 'arrow king');
      arrow(root, marks.rook_from, marks.rook_to, SQ * 0.3, ROOK_ARROW, 'arrow rook');
    }
    board.appendChild(root);
    const legend = $('legend');
    legend.textContent = '';
    if (marks) {
      legend.append('At the castling:');
      legend.append(el('i', { style: `background:${KING_MARK}` }), 'king and its path');
      legend.append(el('i', { style: `background:${ROOK_MARK}` }), 'rook');
      if (finding && finding.board.attacked.length) legend.append(el('i', { style: `background:${ATTACKED}` }), 'attacked (circled: the attackers)');
      if (finding && finding.board.blocked.length) legend.append(el('i', { style: 'border:2px dashed #a00;width:6px;height:6px' }), 'in the way');
    }
  }

  // ---- the move list --------------------------------------------------------------------------
  function plyNotes(g) {
    const notes = new Map();
    const add = (ply, cls, title) => {
      const n = notes.get(ply) || { cls: new Set(), titles: [] };
      n.cls.add(cls);
      if (title) n.titles.push(title);
      notes.set(ply, n);
    };
    for (const ply of g.castlings) add(ply, 'castle', 'castling');
    for (const c of g.castling_moves || []) if (c.mate) add(c.ply, 'mate', 'mate by castling');
    for (const f of g.findings) {
      if (f.ply) add(f.ply, f.kind === 'illegal_castling' ? 'illegal' : 'finding', f.kind.replace(/_/g, ' ') + (f.reasons.length ? ': ' + f.reasons.join(', ') : ''));
      for (const e of f.evidence) if (e.ply) add(e.ply, 'evidence', e.what);
    }
    return notes;
  }

  function drawMoves() {
    const g = games[state.game], box = $('moves'), notes = plyNotes(g);
    box.textContent = '';
    const total = g.plies.length + g.rest.length;
    for (let ply = 1; ply <= total; ++ply) {
      const m = moveOf(g, ply);
      if (m.white || ply === 1) box.appendChild(el('span', { class: 'num' }, m.number + (m.white ? '.' : '...')));
      if (ply > g.plies.length) {
        box.appendChild(el('span', { class: 'rest', title: 'not on the board: the replay stopped before it (or the record is longer than the page keeps)' }, g.rest[ply - 1 - g.plies.length]));
        continue;
      }
      const b = el('button', { type: 'button', 'data-ply': String(ply) }, g.plies[ply - 1].san);
      const n = notes.get(ply);
      if (n) {
        b.className = [...n.cls].join(' ');
        b.title = n.titles.join('; ');
      }
      box.appendChild(b);
      box.appendChild(document.createTextNode(' '));
    }
    if (g.result) box.appendChild(el('span', { class: 'result' }, g.result));
  }

  function drawFindings() {
    const g = games[state.game], box = $('findings');
    box.textContent = '';
    for (const f of g.findings) {
      const div = el('div', { class: 'finding' + (f.kind === 'illegal_castling' ? '' : ' info') });
      const head = el('div');
      head.append(el('span', { class: 'kind' }, f.kind.replace(/_/g, ' ')));
      if (f.reasons.length) head.append(' ', el('span', { class: 'reasons' }, '[' + f.reasons.join(', ') + ']'));
      if (f.ply && f.ply <= g.plies.length) {
        const go = el('button', { type: 'button', class: 'go', 'data-ply': String(f.ply) }, 'show ' + moveName(g, f.ply));
        go.addEventListener('click', () => setPly(f.ply));
        head.append(' ', go);
      }
      div.append(head, el('div', {}, f.message));
      if (f.evidence.length) {
        const ul = el('ul');
        for (const e of f.evidence) {
          const li = el('li', { class: 'ev' });
          if (e.ply && e.ply <= g.plies.length) {
            const b = el('button', { type: 'button', class: 'go', 'data-ply': String(e.ply) }, moveName(g, e.ply));
            b.addEventListener('click', () => setPly(e.ply));
            li.append(b, ' ');
          }
          li.append(e.what);
          ul.appendChild(li);
        }
        div.appendChild(ul);
      }
      if (f.played_as) div.appendChild(el('div', { class: 'small' }, 'played as ' + f.played_as));
      box.appendChild(div);
    }
  }

  // ---- selection and stepping -----------------------------------------------------------------
  // scroll: bring the current move into view (not when a game opens: the first drawing of the
  // page then needs no layout of the whole list).
  function setPly(ply, scroll = true) {
    const g = games[state.game];
    state.ply = Math.max(0, Math.min(g.plies.length, ply));
    drawBoard();
    for (const b of $('moves').querySelectorAll('button[aria-current]')) b.removeAttribute('aria-current');
    const current = $('moves').querySelector(`button[data-ply="${state.ply}"]`);
    if (current) {
      current.setAttribute('aria-current', 'true');
      if (scroll && current.scrollIntoView) current.scrollIntoView({ block: 'nearest' });
    }
    try { history.replaceState(null, '', `#game=${state.game + 1}&ply=${state.ply}`); } catch (e) { /* file:// may refuse */ }
  }

  function selectGame(i, ply) {
    const g = games[i];
    if (!g) return;
    const items = $('games').children;
    if (state.game >= 0 && items[state.game]) items[state.game].classList.remove('current');
    if (items[i]) items[i].classList.add('current');
    state.game = i;
    countShown();
    const who = (name, elo) => (name || '?') + (elo ? ` (${elo})` : '');
    $('title').textContent = `${who(g.white, g.white_elo)} – ${who(g.black, g.black_elo)}` + (g.result ? `  ${g.result}` : '');
    $('where').textContent = [g.event, g.site, g.date, g.round && g.round !== '?' ? 'round ' + g.round : '']
      .filter((t) => t && t !== '?' && t !== '????.??.??').join(', ') + ` · ${g.input}, game ${g.game}`;
    drawMoves();
    drawFindings();
    setPly(ply === undefined ? g.open : ply, false);
  }

  function drawList() {
    const list = $('games'), frag = document.createDocumentFragment();
    games.forEach((g, i) => {
      const li = el('li');
      const b = el('button', { type: 'button', class: 'game', 'data-index': String(i) });
      const players = el('span', { class: 'players' });
      players.append(g.white || '?');
      if (g.white_elo) players.append(el('span', { class: 'elo' }, ` ${g.white_elo}`));
      players.append(' – ', g.black || '?');
      if (g.black_elo) players.append(el('span', { class: 'elo' }, ` ${g.black_elo}`));
      b.append(players);
      const tags = [g.event, g.date].filter((t) => t && t !== '?' && t !== '????.??.??').join(', ');
      b.append(el('span', { class: 'tagline' }, (tags ? tags + ' · ' : '') + (g.result || '*')));
      b.append(el('span', { class: 'tagline' }, `${g.input} · game ${g.game}`));
      for (const c of g.castling_moves || []) if (c.mate) b.append(el('span', { class: 'msg' }, 'mate by castling: ' + moveName(g, c.ply)));
      if (g.castlings.length && !g.findings.length)  // what find's castling predicates look at
        b.append(el('span', { class: 'tagline' }, 'castled: ' + g.castlings.map((p) => moveName(g, p)).join(', ')));
      for (const f of g.findings) b.append(el('span', { class: 'msg' }, f.message));
      b.addEventListener('click', () => selectGame(i));
      li.appendChild(b);
      li.dataset.search = [g.white, g.black, g.event, g.site].join(' ').toLowerCase();
      frag.appendChild(li);
    });
    list.appendChild(frag);
  }

  // The filter keeps the games whose players, event or site hold every word typed; the others,
  // the one on the board included, leave the list. The count says when the game on the board is
  // not in the list.
  function filter() {
    const words = $('filter').value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const li of $('games').children) li.hidden = !words.every((w) => li.dataset.search.includes(w));
    countShown();
  }
  function countShown() {
    const items = $('games').children;
    if (!$('filter').value.trim()) {
      $('count').textContent = `${games.length} games`;
      return;
    }
    let shown = 0;
    for (const li of items) shown += !li.hidden;
    const current = items[state.game];
    $('count').textContent = `${shown} of ${games.length} games` +
      (current && current.hidden ? '; the game on the board is not among them' : '');
  }

  // #game=N&ply=P: the game and the ply the page shows, also when the address changes while it
  // is open (setPly writes it back without a new history entry).
  function followHash() {
    const hash = /game=(\d+)(?:&ply=(\d+))?/.exec(location.hash);
    if (!hash || !games[+hash[1] - 1]) return false;
    const i = +hash[1] - 1, ply = hash[2] === undefined ? undefined : +hash[2];
    if (i !== state.game) selectGame(i, ply);
    else if (ply !== undefined && ply !== state.ply) setPly(ply);
    return true;
  }

  // In the stats report: a listed game's link ("Step through the game", data-game-index) opens it
  // in the viewer, which comes into view with the focus on the move shown.
  function openListed(e) {
    const link = e.target.closest && e.target.closest('[data-game-index]');
    if (!link || !games[+link.dataset.gameIndex]) return;
    e.preventDefault();
    selectGame(+link.dataset.gameIndex);
    const section = $('viewer') || $('board');
    if (section.scrollIntoView) section.scrollIntoView({ block: 'start' });
    const current = $('moves').querySelector('button[aria-current]') || $('next');
    current.focus({ preventScroll: true });
  }

  function start() {
    const facts = JSON.parse(document.getElementById('rochade-page').textContent);
    // The viewer's own page takes the keys wherever the focus is (but in the filter); inside the
    // stats report only while the focus is in the viewer, so that they scroll the report else.
    const keysIn = facts.command === 'stats' ? document.querySelector('.viewer') : document.body;
    const shownNote = $('shown');
    if (shownNote) shownNote.textContent = `${games.length} game${games.length === 1 ? '' : 's'}` +
      (facts.left_out ? `, ${facts.left_out} left out` : '');
    const note = $('left-out');
    if (note) $('games').before(note);
    drawList();
    filter();
    $('filter').addEventListener('input', filter);
    $('first').addEventListener('click', () => setPly(0));
    $('prev').addEventListener('click', () => setPly(state.ply - 1));
    $('next').addEventListener('click', () => setPly(state.ply + 1));
    $('last').addEventListener('click', () => setPly(Infinity));
    $('flip').addEventListener('click', () => {
      state.flipped = !state.flipped;
      $('flip').setAttribute('aria-pressed', String(state.flipped));
      drawBoard();
    });
    $('moves').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-ply]');
      if (b) setPly(+b.dataset.ply);
    });
    document.addEventListener('click', openListed);
    document.addEventListener('keydown', (e) => {
      if (state.game < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA')) return;
      if (keysIn !== document.body && !(e.target && keysIn.contains(e.target))) return;
      const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: Infinity }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      setPly(to);
    });
    if (games.length === 0) {
      $('title').textContent = 'No game';
      $('where').textContent = facts.command === 'find' ? 'No game matched.' : 'No finding.';
    } else if (!followHash()) selectGame(0);
    window.addEventListener('hashchange', followHash);
  }
  start();
})();
