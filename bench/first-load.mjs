// The first load, measured in the browser (issue 25): what the page fetches before its
// first key is on screen, as the browser asks for it, each response counted at its
// gzip size (the server here does not compress; a CDN or `trunk serve` would), beside
// what the whole page fetches once it has settled. Files the page never asks for are
// not counted; a file asked for after the first key is counted in the whole page only.
//
//   make build && node bench/first-load.mjs [--budget FIRST_BYTES]
//
// With --budget it fails (exit 1) when the first load is over it: `make test` runs it
// as the first-load ratchet beside scripts/bundle-size.sh's whole-page one.
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--budget');
const budget = at >= 0 ? Number(args[at + 1]) : undefined;
if (at >= 0 && !(budget > 0)) {
  console.error('--budget needs a number of bytes');
  process.exit(2);
}
const DIST = process.env.KEYLAB_DIST ?? 'dist';
const PORT = Number(process.env.KEYLAB_BENCH_PORT ?? 4179);
const origin = `http://127.0.0.1:${PORT}`;
const server = spawn('python3', ['-m', 'http.server', String(PORT), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
let code = 0;
try {
  await new Promise((r) => setTimeout(r, 800));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // When the first key appeared, seen by the page itself (a mutation observer runs
  // before any task the app queues after its render), and when each file was asked for.
  await page.addInitScript(() => {
    new MutationObserver((_, seen) => {
      if (document.querySelector('[data-testid=sorted-keys] li')) { window.__firstKeyAt = performance.now(); seen.disconnect(); }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(`${origin}/`);
  await page.waitForSelector('[data-testid=sorted-keys] li', { timeout: 60000 });
  // Whatever loads after the first paint (in the background or on demand) by now.
  await page.waitForTimeout(3000);
  const { firstKeyAt, resources } = await page.evaluate(() => ({
    firstKeyAt: window.__firstKeyAt,
    resources: performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime })),
  }));
  const asked = [{ url: `${origin}/`, beforeFirstKey: true }]
    .concat(resources.map((r) => ({ url: r.url, beforeFirstKey: r.start < firstKeyAt })));
  await browser.close();
  const gzipped = (url) => {
    const path = new URL(url).pathname.replace(/^\/$/, '/index.html');
    const file = join(DIST, decodeURIComponent(path));
    // GNU gzip -9, as scripts/bundle-size.sh counts (zlib's level 9 is 1% larger).
    return existsSync(file) ? spawnSync('gzip', ['-9', '-c', file], { maxBuffer: 1 << 26 }).stdout.length : 0;
  };
  const ours = asked.filter((r) => r.url.startsWith(origin));
  const sum = (rs) => rs.reduce((n, r) => n + gzipped(r.url), 0);
  const first = ours.filter((r) => r.beforeFirstKey);
  for (const r of ours) {
    console.log(`  ${r.beforeFirstKey ? 'first' : 'later'}  ${new URL(r.url).pathname.padEnd(48)} ${String(gzipped(r.url)).padStart(8)} bytes gzip`);
  }
  const firstBytes = sum(first);
  console.log(`first load: ${firstBytes} bytes gzip before the first key (${first.length} requests); whole page: ${sum(ours)} bytes gzip (${ours.length} requests)`);
  if (budget !== undefined) {
    console.log(`first load budget: ${budget}`);
    if (firstBytes > budget) {
      console.error(`first load: over budget by ${firstBytes - budget} bytes; cut something from the first screen's module or raise the budget in the Makefile on purpose`);
      code = 1;
    }
  }
} finally {
  server.kill();
}
process.exit(code);
