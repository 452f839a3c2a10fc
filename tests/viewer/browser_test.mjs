// The viewer page in a real browser: Debian's chromium driven through the DevTools protocol
// (puppeteer-core, which brings no browser). Opens pages made from real games of tests/data and
// the illegal-castling fixtures, steps through every move of a sample with the keys and the
// buttons, and checks that the board shows each embedded FEN (the pieces drawn, read back from
// the SVG, and its aria-label), that the castling and evidence marks sit where the data says,
// that a mate by castling opens at the mating move, that the filter (the game on the board
// included) and the note on the games left out work, that a #game= changed in the open page is
// followed, and that the page made no network request at all. The stats report: each
// listed game opens from the link under its board in the viewer inside the report, at its
// castling, with the same checks.
//   node browser_test.mjs --chromium PATH ROCHADE TESTDATA FIXTURES [SCREENSHOT_DIR]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { count, makePages, pageData, reporter, squareName, squares } from './pages.mjs';

const argv = process.argv.slice(2);
const chromium = argv[argv.indexOf('--chromium') + 1];
const [rochade, data, fixtures, shots] = argv.filter((a, i) => a !== '--chromium' && argv[i - 1] !== '--chromium');
const t = reporter('viewer in chromium');
const dir = mkdtempSync(join(tmpdir(), 'rochade-viewer-'));
let browser;
// Bounded: the whole test stops after 180 s, chromium with it.
const watchdog = setTimeout(() => {
  console.log('FAIL: the browser test took more than 180 s');
  if (browser && browser.process()) browser.process().kill('SIGKILL');
  process.exit(1);
}, 180000);

const boardState = (page) => page.evaluate(() => {
  const b = document.getElementById('board');
  const pieces = {};
  for (const p of b.querySelectorAll('g.piece')) pieces[p.dataset.sq] = p.dataset.piece;
  const current = document.querySelector('#moves button[aria-current="true"]');
  return { game: +b.dataset.game, ply: +b.dataset.ply, label: b.getAttribute('aria-label'), pieces,
    current: current ? current.textContent : null };
});

// The board against the FEN, read by the test itself: every square's piece and the aria-label.
function checkBoard(name, state, fen) {
  const want = {};
  squares(fen).forEach((p, i) => { if (p) want[squareName(i)] = p; });
  const same = JSON.stringify(Object.entries(state.pieces).sort()) === JSON.stringify(Object.entries(want).sort());
  t.check(`${name}: the pieces drawn are the FEN's`, same, `${JSON.stringify(state.pieces)} vs ${fen}`);
  t.check(`${name}: aria-label is the FEN`, state.label === fen, state.label);
}

// By the keyboard: focus the game's button (which scrolls it into view) and press Enter. (A
// click at computed coordinates can miss: the list lays out its items only once they are seen.)
async function openGame(page, index) {
  await page.focus(`#games button.game[data-index="${index}"]`);
  await page.keyboard.press('Enter');
  return boardState(page);
}

// Steps from the start to the end, by the → key and the next button in turn, then back by ←.
async function stepThrough(page, name, g) {
  await page.keyboard.press('Home');
  let s = await boardState(page);
  t.check(`${name}: Home shows the start`, s.ply === 0);
  checkBoard(`${name} start`, s, g.start_fen);
  for (let ply = 1; ply <= g.plies.length; ++ply) {
    if (ply % 2) await page.keyboard.press('ArrowRight');
    else await page.click('#next');
    s = await boardState(page);
    const at = `${name} ply ${ply}`;
    if (!t.check(`${at}: the step lands on it`, s.ply === ply, `at ${s.ply}`)) return;
    checkBoard(at, s, g.plies[ply - 1].fen);
    t.check(`${at}: the current move is ${g.plies[ply - 1].san}`, s.current === g.plies[ply - 1].san, s.current);
  }
  await page.keyboard.press('ArrowRight');  // past the end: stays
  t.check(`${name}: → at the end stays`, (await boardState(page)).ply === g.plies.length);
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  t.check(`${name}: End`, (await boardState(page)).ply === g.plies.length);
  if (g.plies.length >= 2) {
    await page.click('#prev');
    await page.keyboard.press('ArrowLeft');
    t.check(`${name}: ‹ and ← step back`, (await boardState(page)).ply === g.plies.length - 2);
    const mid = Math.ceil(g.plies.length / 2);
    await page.click(`#moves button[data-ply="${mid}"]`);
    s = await boardState(page);
    t.check(`${name}: a click on move ${mid}`, s.ply === mid);
    checkBoard(`${name} click`, s, g.plies[mid - 1].fen);
  }
}

// The move list's marks against the data, and the data against the moves as written.
async function checkMarks(page, name, g) {
  const marked = await page.evaluate(() => {
    const plies = (sel) => [...document.querySelectorAll(`#moves button${sel}`)].map((b) => +b.dataset.ply).sort((a, b) => a - b);
    return { castle: plies('.castle'), evidence: plies('.evidence'), illegal: plies('.illegal') };
  });
  const sorted = (a) => [...new Set(a)].sort((x, y) => x - y);
  const castlingSans = g.plies.map((p, i) => (/^[O0]-[O0]/.test(p.san) ? i + 1 : 0)).filter(Boolean);
  t.check(`${name}: castlings are the moves written O-O / O-O-O`, JSON.stringify(sorted(g.castlings)) === JSON.stringify(castlingSans),
    `${g.castlings} vs ${castlingSans}`);
  t.check(`${name}: castlings marked`, JSON.stringify(marked.castle) === JSON.stringify(sorted(g.castlings)));
  t.check(`${name}: evidence marked`, JSON.stringify(marked.evidence) === JSON.stringify(sorted(g.findings.flatMap((f) => f.evidence_plies))));
  const illegal = g.findings.filter((f) => f.kind === 'illegal_castling');
  t.check(`${name}: illegal castlings marked`, JSON.stringify(marked.illegal) === JSON.stringify(sorted(illegal.map((f) => f.ply))));
  for (const f of illegal) {
    await page.click(`#moves button[data-ply="${f.ply}"]`);
    const drawn = await page.evaluate(() => {
      const sqs = (sel) => [...document.querySelectorAll(`#board ${sel}`)].map((e) => e.dataset.sq).sort();
      const arrow = document.querySelector('#board g.arrow.king');
      return { attacked: sqs('rect.attacked'), blocked: sqs('rect.blocked'), attackers: sqs('circle.attacker'),
        path: sqs('rect.path.king'), king: arrow ? [arrow.dataset.from, arrow.dataset.to] : null,
        reasons: document.querySelector('#findings .reasons')?.textContent ?? '' };
    });
    const b = f.board;
    t.check(`${name}: attacked squares drawn`, JSON.stringify(drawn.attacked) === JSON.stringify([...b.attacked].sort()));
    t.check(`${name}: blocked squares drawn`, JSON.stringify(drawn.blocked) === JSON.stringify([...b.blocked].sort()));
    t.check(`${name}: attackers drawn`, JSON.stringify(drawn.attackers) === JSON.stringify([...b.attackers].sort()));
    t.check(`${name}: the king's arrow`, drawn.king && drawn.king[0] === b.king_from && drawn.king[1] === b.king_to);
    t.check(`${name}: the king's path starts and ends where it castled`, drawn.path.includes(b.king_from) && drawn.path.includes(b.king_to));
    for (const r of f.reasons) t.check(`${name}: reason ${r} shown`, drawn.reasons.includes(r));
    // The fixtures name the reason they break in their Event tag ("through_check/white/corner").
    const named = g.event.split('/')[0];
    if (/^(king_moved|rook_moved|rook_captured|no_right_in_fen|rook_not_home|queen_castling|vertical_castling|blocked|in_check|through_check|into_check)$/.test(named)) {
      t.check(`${name}: the finding gives the reason of the Event tag (${named})`, f.reasons.includes(named), f.reasons.join());
      if (/check$/.test(named)) t.check(`${name}: ${named}: attacked squares drawn`, b.attacked.length > 0);
      if (named === 'blocked') t.check(`${name}: blocked: a square in the way drawn`, b.blocked.length > 0);
    }
  }
}

async function openPage(name, file) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  const url = pathToFileURL(file).href;
  const requests = [], errors = [];
  await page.setRequestInterception(true);
  page.on('request', (r) => {
    if (r.url() === url) return r.continue();
    requests.push(r.url());
    r.abort();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: 'load', timeout: 20000 });
  const finish = async () => {
    t.check(`${name}: no network request`, requests.length === 0, requests.join(' '));
    t.check(`${name}: no script error`, errors.length === 0, errors.join(' | '));
    const external = await page.evaluate(() => document.querySelectorAll('link,img,iframe,object,embed,script[src],[href^="http"],[src^="http"]').length);
    t.check(`${name}: no element that loads anything`, external === 0);
    await page.close();
  };
  return { page, finish };
}

try {
  const started = Date.now();
  // Tags that would break a page that did not escape them: they must show as written.
  const nasty = { white: '</script><script>window.pwned = 1</script>&amp; "x"', black: "O'Neil <b>bold</b>" };
  writeFileSync(join(dir, 'nasty.pgn'), `[Event "<!-- x"]\n[White "${nasty.white.replace(/"/g, '\\"')}"]\n` +
    `[Black "${nasty.black}"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n`);
  const pages = makePages(rochade, data, fixtures, dir, { nasty: ['find', '--castled', 'white', join(dir, 'nasty.pgn')] });
  browser = await puppeteer.launch({ executablePath: chromium, headless: true, protocolTimeout: 30000, timeout: 30000,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-default-apps'] });

  { // Escaping: the tags show as written, nothing of them runs.
    const { page, finish } = await openPage('nasty', pages.nasty);
    const shown = await page.evaluate(() => ({ title: document.getElementById('title').textContent,
      pwned: window.pwned === 1, games: document.querySelectorAll('#games li').length }));
    t.check('nasty: one game', shown.games === 1);
    t.check('nasty: no text of a tag runs', !shown.pwned);
    t.check('nasty: the players show as written', shown.title.includes(nasty.white) && shown.title.includes(nasty.black), shown.title);
    await finish();
  }

  { // Mates by castling: each opens at its mate; every move stepped.
    const { games } = pageData(pages.mates);
    t.check('mates: the three puzzles that end in O-O# / O-O-O#', games.length === 3, `${games.length}`);
    const { page, finish } = await openPage('mates', pages.mates);
    for (let i = 0; i < games.length; ++i) {
      const g = games[i], name = `mates game ${i + 1}`;
      const s = await openGame(page, i);
      t.check(`${name}: opens at the mating move`, s.ply > 0 && /^O-O(-O)?#$/.test(g.plies[s.ply - 1].san), `ply ${s.ply}`);
      checkBoard(`${name} open`, s, g.plies[s.ply - 1].fen);
      await checkMarks(page, name, g);
      await stepThrough(page, name, g);
    }
    if (shots) {
      await openGame(page, 2);
      await page.screenshot({ path: join(shots, 'viewer-mate-by-castling.png') });
    }
    await finish();
    console.log(`mates: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  { // The audit: illegal castlings (every reason) and the historical false repetitions.
    const { games } = pageData(pages.audit);
    const { page, finish } = await openPage('audit', pages.audit);
    const sample = games.map((g, i) => i).filter((i) => i % 2 === 0 || /combo|check|blocked|Tilburg/.test(games[i].event));
    for (const i of sample) {
      const g = games[i], name = `audit game ${i + 1} (${g.event})`;
      const s = await openGame(page, i);
      const first = g.findings.find((f) => f.kind === 'illegal_castling');
      if (first) t.check(`${name}: opens at the illegal castling`, s.ply === first.ply, `${s.ply}`);
      await checkMarks(page, name, g);
      if (/combo|^through_check\/white|^blocked\/white|Tilburg/.test(g.event)) await stepThrough(page, name, g);
    }
    console.log(`audit: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Flip: the white king of the start now stands in the upper half.
    await openGame(page, 0);
    await page.keyboard.press('Home');
    const y = () => page.evaluate(() => +document.querySelector('#board g.piece[data-sq="e1"] text').getAttribute('y'));
    const before = await y();
    await page.click('#flip');
    t.check('audit: flip turns the board', (await y()) < before && (await page.$eval('#flip', (b) => b.getAttribute('aria-pressed'))) === 'true');
    // The filter: "karpov" keeps the two Karpov-Miles games (two files of tests/data).
    await page.type('#filter', 'Karpov');
    const visible = await page.evaluate(() => [...document.querySelectorAll('#games li')].filter((li) => !li.hidden).length);
    const want = games.filter((g) => `${g.white} ${g.black} ${g.event} ${g.site}`.toLowerCase().includes('karpov')).length;
    t.check('audit: the filter keeps the Karpov games', visible === want && visible === 2, `${visible} shown, ${want} in the data`);
    // The game on the board (the first, no Karpov game) leaves the list too, and the count says so.
    const listed = () => page.evaluate(() => ({ hidden: document.querySelector('#games li.current').hidden,
      count: document.getElementById('count').textContent }));
    let l = await listed();
    t.check('audit: the filter hides the game on the board when it does not match', l.hidden === true, JSON.stringify(l));
    t.check('audit: the count says the game on the board is not among those kept',
      /^2 of \d+ games; the game on the board is not among them$/.test(l.count), l.count);
    const karpov = games.findIndex((g) => `${g.white} ${g.black}`.toLowerCase().includes('karpov'));
    await openGame(page, karpov);
    l = await listed();
    t.check('audit: a game kept by the filter, opened, is in the list', l.hidden === false && /^2 of \d+ games$/.test(l.count), JSON.stringify(l));
    // The keyboard focus is visible.
    await page.focus('#next');
    await page.keyboard.press('Tab');
    await page.keyboard.down('Shift'); await page.keyboard.press('Tab'); await page.keyboard.up('Shift');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    t.check('audit: the focused button shows an outline', outline !== 'none', outline);
    if (shots) {
      const combo = games.findIndex((g) => g.event === 'combo/white/corner');
      await page.click('#flip');
      await page.evaluate(() => { document.getElementById('filter').value = ''; document.getElementById('filter').dispatchEvent(new Event('input')); });
      await openGame(page, combo);
      await page.screenshot({ path: join(shots, 'viewer-illegal-castling.png') });
    }
    await finish();
  }

  console.log(`audit done: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  { // More games than the page holds: six shown, the note says how many more.
    const { games, facts } = pageData(pages.masters);
    const total = count(rochade, ['--castled', 'both', join(data, 'masters')]);
    t.check('masters: six games, the rest left out', games.length === 6 && facts.left_out === total - 6, `${games.length}, ${facts.left_out} of ${total}`);
    const { page, finish } = await openPage('masters', pages.masters);
    const note = await page.$eval('#left-out', (e) => e.textContent);
    t.check('masters: the note says how many were left out and how to get them',
      note.includes(String(total - 6)) && note.includes('--format pgn') && note.includes('--html-max-games'), note);
    // The games after the page's last one: the --where the note gives finds exactly them.
    const last = games[games.length - 1];
    const where = `game > ${last.game}`;
    const after = count(rochade, ['--castled', 'both', '--where', where, join(data, 'masters')]);
    t.check('masters: the note gives the --where of the games after the page\'s last one',
      note.includes(`--where "${where}"`) && note.includes(`game ${last.game} of `) && after === total - 6, `${after} of ${total - 6}: ${note}`);
    for (const i of [0, 5]) {
      await openGame(page, i);
      await checkMarks(page, `masters game ${i + 1}`, games[i]);
      if (i === 5) await stepThrough(page, `masters game ${i + 1}`, games[i]);
    }
    // A changed #game= in the open page is followed: another game, then another ply of it.
    for (const [game, ply] of [[4, 3], [4, 7], [2, 0]]) {
      await page.evaluate((h) => { location.hash = h; }, `#game=${game}&ply=${ply}`);
      const followed = await page.waitForFunction((g, p) => {
        const b = document.getElementById('board');
        return b.dataset.game === String(g - 1) && b.dataset.ply === String(p);
      }, { timeout: 3000 }, game, ply).then(() => true, () => false);
      const s = await boardState(page);
      t.check(`masters: #game=${game}&ply=${ply} typed into the open page shows it`, followed, `game ${s.game + 1}, ply ${s.ply}`);
      if (followed) checkBoard(`masters #game=${game}&ply=${ply}`, s, ply === 0 ? games[game - 1].start_fen : games[game - 1].plies[ply - 1].fen);
    }
    await finish();
  }

  console.log(`masters: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  { // Chess960 from FEN setups.
    const { games } = pageData(pages.chess960);
    const { page, finish } = await openPage('chess960', pages.chess960);
    t.check('chess960: the games start from their own FEN', games.every((g) => g.start_fen && !g.start_fen.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR')));
    await openGame(page, 1);
    await stepThrough(page, 'chess960 game 2', games[1]);
    await checkMarks(page, 'chess960 game 2', games[1]);
    await finish();
  }
  console.log(`chess960: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  { // The stats report: the games it lists open in the viewer inside it, at their castling.
    const { html, games, facts } = pageData(pages.stats);
    const mateAt = (g) => (g.castling_moves || []).some((c) => c.mate && c.ply === g.open);
    // The listed games (a board each), then the games of the castling records (a row each).
    const listed = (html.match(/<figure>/g) || []).length;
    const listedGames = games.slice(0, listed);
    const mates = listedGames.filter(mateAt), illegal = listedGames.filter((g) => !mateAt(g));
    t.check('stats: a viewer of the listed games', facts.command === 'stats' && facts.shown === games.length);
    t.check('stats: the three mates by castling of tests/data, then 24 illegal castlings',
      mates.length === 3 && illegal.length === 24 && games.slice(0, 3).every(mateAt), `${mates.length}, ${illegal.length}`);
    t.check('stats: then the games of the 7 castling records', games.length - listed === 7, `${games.length - listed}`);
    t.check('stats: the Chess960 illegal castlings from their FEN',
      illegal.some((g) => g.event.startsWith('960/') && g.start_fen.startsWith('nrbbkrqn/')));
    // The same boards as find's page of the same games: rochade's replay, not the report's own.
    const found = pageData(pages.mates).games;
    t.check('stats: the mates\' FENs are those of find --mate-by-castling',
      JSON.stringify(mates.map((g) => [g.start_fen, g.plies])) === JSON.stringify(found.map((g) => [g.start_fen, g.plies])));
    const { page, finish } = await openPage('stats', pages.stats);
    const links = await page.$$eval('a.open-game', (as) => as.map((a) => +a.dataset.gameIndex));
    t.check('stats: a "Step through the game" link under each listed board, in the viewer\'s order',
      links.length === games.length && links.every((v, i) => v === i), `${links}`);
    t.check('stats: the report names the listed games as before', html.includes('<h2>Mates by castling</h2>') &&
      html.includes('<h2>Illegal castlings (first games)</h2>'));
    const sample = [0, 1, 2, 3, 4, listed, games.findIndex((g) => g.event.startsWith('960/')),
      games.findIndex((g) => /^(combo|through_check)\/white/.test(g.event)), games.length - 1];
    for (const i of [...new Set(sample)].filter((i) => i >= 0)) {
      const g = games[i], name = `stats game ${i + 1} (${g.event || g.white})`;
      await page.click(`a.open-game[data-game-index="${i}"]`);
      const s = await boardState(page);
      t.check(`${name}: the link opens it`, s.game === i && s.ply === g.open, `game ${s.game}, ply ${s.ply}`);
      checkBoard(`${name} open`, s, g.plies[g.open - 1].fen);
      if (i >= listed) { // a record's game: at the move its row names ("11... O-O")
        const move = await page.$eval(`a.open-game[data-game-index="${i}"]`, (a) => a.closest('tr').children[3].textContent);
        t.check(`${name}: opens at the record's move`, move.split(' ').pop() === g.plies[s.ply - 1].san, `${move}, ${s.current}`);
      } else if (mateAt(g)) t.check(`${name}: opens at the mating move`, /^O-O(-O)?#$/.test(g.plies[s.ply - 1].san), s.current);
      else t.check(`${name}: opens at its illegal castling`, g.findings.some((f) => f.kind === 'illegal_castling' && f.ply === s.ply));
      t.check(`${name}: the viewer is in view`, await page.evaluate(() => {
        const r = document.getElementById('board').getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0;
      }));
      await checkMarks(page, name, g);
      await stepThrough(page, name, g);
    }
    // The keys step the board only while the viewer has the focus: elsewhere they scroll the report.
    const before = (await boardState(page)).ply;
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('Home');
    t.check('stats: Home outside the viewer leaves the board', (await boardState(page)).ply === before);
    // Printed: the boards and tables, not the viewer.
    await page.emulateMediaType('print');
    const printed = await page.evaluate(() => ({
      viewer: getComputedStyle(document.getElementById('viewer')).display,
      link: getComputedStyle(document.querySelector('a.open-game')).display,
      figure: getComputedStyle(document.querySelector('figure')).display,
    }));
    t.check('stats: printed, the viewer and its links are left out, the boards stay',
      printed.viewer === 'none' && printed.link === 'none' && printed.figure !== 'none', JSON.stringify(printed));
    await page.emulateMediaType('screen');
    if (shots) {
      await page.click('a.open-game[data-game-index="0"]');
      await page.screenshot({ path: join(shots, 'viewer-stats-report.png') });
    }
    await finish();
  }
  console.log(`browser test: ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  t.check('the browser test ran to its end', false, e.stack);
} finally {
  if (browser) await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
  clearTimeout(watchdog);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(t.done());
