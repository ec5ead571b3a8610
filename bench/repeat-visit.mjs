// A repeat visit (issue 25): the page loaded once, then opened again in the same browser
// profile, its cache on. Reports, median of five, the time from navigation to the first
// key on screen, and how each file came: from the browser's cache, revalidated (304), or
// fetched again. Trunk hashes the names of the html's js, wasm and css, so a server can
// let them be cached for good; `python3 -m http.server` sends no Cache-Control, so the
// browser falls back on its own heuristics, as it would behind a server not told.
//
//   make build && node bench/repeat-visit.mjs
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DIST = process.env.KEYLAB_DIST ?? 'dist';
const PORT = Number(process.env.KEYLAB_BENCH_PORT ?? 4183);
const url = `http://127.0.0.1:${PORT}/`;
const server = spawn('python3', ['-m', 'http.server', String(PORT), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Milliseconds from navigation start to the first key in the list. */
const firstKey = (page) => page.evaluate(() => new Promise((done) => {
  const seen = () => document.querySelector('[data-testid=sorted-keys] li');
  if (seen()) return done(performance.now());
  new MutationObserver((_, o) => { if (seen()) { o.disconnect(); done(performance.now()); } })
    .observe(document.documentElement, { subtree: true, childList: true });
}));

try {
  await new Promise((r) => setTimeout(r, 800));
  const times = [];
  let how = {};
  for (let run = 0; run < 5; run++) {
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'keylab-repeat-')), {
      executablePath: '/usr/bin/chromium', viewport: { width: 1280, height: 800 },
    });
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto(url);
    await page.waitForSelector('[data-testid=sorted-keys] li');
    // The second visit: every file's way recorded through the DevTools protocol.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    how = {};
    const names = {};
    cdp.on('Network.requestWillBeSent', (e) => { names[e.requestId] = new URL(e.request.url).pathname; });
    cdp.on('Network.requestServedFromCache', (e) => { how[names[e.requestId]] = 'cache'; });
    cdp.on('Network.responseReceived', (e) => {
      const name = names[e.requestId];
      if (how[name] !== 'cache') how[name] = e.response.fromDiskCache || e.response.fromMemoryCache ? 'cache' : e.response.status === 304 ? 'revalidated (304)' : `fetched (${e.response.status})`;
    });
    await page.goto(url, { waitUntil: 'commit' });
    times.push(await firstKey(page));
    await context.close();
  }
  console.log(`repeat visit: first key ${Math.round(median(times))} ms (median of 5; ${times.map(Math.round).join(', ')})`);
  for (const [name, way] of Object.entries(how)) console.log(`  ${name.padEnd(48)} ${way}`);
} finally {
  server.kill();
}
