// The first load over a slow link, and a repeat visit (issue 25's goals, recorded in
// docs/performance.md section 4). Chromium's DevTools protocol throttles the network to
// 1.6 Mbps down, 750 kbps up and 150 ms round trip, with the cache off; the page is
// loaded five times and the medians are reported:
//
//   make build && node bench/slow-link.mjs
//
// - first contentful paint: the browser's own paint entry (the "Loading keylab…" line
//   index.html shows before the wasm arrives);
// - first key: the app's first render is on screen (the first sorted key);
// - second module ready: the JS API and the views it serves are there
//   (`keylab-api-ready`), and how long after the first key;
// - interactive: a width typed into the page has re-sorted the keys;
// - repeat visit: the page loaded again in the same browser, cache on and the link not
//   throttled: its hashed files come from the cache.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = 4181;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// KEYLAB_DIST measures another build (an older commit's, for the ratio).
const dist = process.env.KEYLAB_DIST ?? 'dist';
if (!existsSync(`${dist}/index.html`)) { console.log(`no ${dist}/: run make build first`); process.exit(1); }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
// Served compressed and cached as a CDN would (bench/gzip-server.mjs).
const server = spawn('node', ['bench/gzip-server.mjs', String(port), dist], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));

async function firstKey(page) {
  await page.getByTestId('sorted-keys').locator('li code').first().waitFor({ timeout: 60000 });
  return page.evaluate(() => performance.now());
}

try {
  const runs = { fcp: [], painted: [], module: [], after: [], interactive: [], repeat: [] };
  for (let n = 0; n < 5; n++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => addEventListener('keylab-api-ready', () => { window.__moduleReady = performance.now(); }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
    });
    await page.goto(`http://127.0.0.1:${port}/index.html`, { waitUntil: 'commit' });
    const painted = await firstKey(page);
    const interactive = await page.evaluate(() => new Promise((done) => {
      const list = document.querySelector('[data-testid=sorted-keys]');
      const input = document.getElementById('seg-0-width');
      const seen = new MutationObserver(() => {
        if ((list.querySelector('li code')?.textContent ?? '').split('#')[0].length === 11) { seen.disconnect(); done(performance.now()); }
      });
      seen.observe(list, { subtree: true, childList: true, characterData: true });
      input.value = '11';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }));
    // A build of one module (before the split) has no second module to wait for.
    const split = await page.evaluate(() => !!document.querySelector('meta[name=keylab-second-module]'));
    if (split) await page.waitForFunction(() => window.__moduleReady, null, { timeout: 60000 });
    const module = split ? await page.evaluate(() => window.__moduleReady) : NaN;
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    // The repeat visit: the same browser, its cache on, the link as fast as it is.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.goto(`http://127.0.0.1:${port}/index.html`, { waitUntil: 'commit' });
    const repeat = await firstKey(page);
    runs.fcp.push(fcp); runs.painted.push(painted); runs.module.push(module); runs.after.push(module - painted);
    runs.interactive.push(interactive); runs.repeat.push(repeat);
    await context.close();
  }
  const ms = (xs) => `${median(xs).toFixed(0)} ms`;
  console.log(`first contentful paint ${ms(runs.fcp)}, first key ${ms(runs.painted)}, interactive ${ms(runs.interactive)}, `
    + `second module ready ${ms(runs.module)} (${ms(runs.after)} after the first key); repeat visit: first key ${ms(runs.repeat)} `
    + '(medians of 5; 1.6 Mbps, 150 ms RTT, cache off; the repeat visit cache on, not throttled)');
} finally {
  await browser.close();
  server.kill();
}
