// Measures the viewer page of up to 2,000 games (docs/BENCHMARKS.md, "The viewer page"): its
// size per game and the time Chromium takes to open it (the load event: the page parsed, the
// games' data read, the list built and the first game drawn), median of five runs.
//   node tests/viewer/open_time.mjs ROCHADE INPUT... (run.sh's packages installed)
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { pageData } from './pages.mjs';

const [rochade, ...inputs] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'rochade-viewer-bench-'));
const file = join(dir, 'page.html');
spawnSync(rochade, ['find', '--format', 'html', '-q', '-o', file, ...inputs], { stdio: 'inherit' });
const { games } = pageData(file);
const bytes = statSync(file).size;
const plies = games.reduce((n, g) => n + g.plies.length, 0);
const browser = await puppeteer.launch({ executablePath: process.env.ROCHADE_CHROMIUM || '/usr/bin/chromium',
  headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const times = [];
try {
  for (let i = 0; i < 5; ++i) {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 60000 });
    times.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd));
    await page.close();
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
console.log(`${games.length} games, ${plies} plies, ${bytes} bytes: ${Math.round(bytes / games.length)} bytes a game, ` +
  `${Math.round(bytes / plies)} bytes a ply (${Math.round((80 * bytes) / plies)} for an 80-ply game)`);
console.log(`open (load event), median of 5: ${Math.round(times[2])} ms (runs: ${times.map(Math.round).join(', ')})`);
