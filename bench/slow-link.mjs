// First paint and time to interactive over a slow link, for the size decision
// (docs/performance.md section 4). Chromium's DevTools protocol throttles the network
// to 1.6 Mbps down, 750 kbps up and 150 ms round trip, with the cache off; each build is
// loaded five times and the medians are reported:
//
//   make build && bench/first-paint.sh && node bench/slow-link.mjs
//
// - first contentful paint: the browser's own paint entry (the "Loading keylab…" line
//   index.html shows before the wasm arrives);
// - app painted: the app's first render is on screen (its heading and the first key);
// - interactive: a width typed into the page has re-sorted the keys.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const builds = [['the page as shipped', 'dist', 4181], ['first paint only', 'target/first-paint', 4182]];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const servers = [];
try {
  for (const [label, dir, port] of builds) {
    if (!existsSync(`${dir}/index.html`)) { console.log(`${label}: no ${dir}/ (run make build, then bench/first-paint.sh)`); continue; }
    servers.push(spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir], { stdio: 'ignore' }));
    await new Promise((r) => setTimeout(r, 800));
    const runs = { fcp: [], painted: [], interactive: [] };
    for (let n = 0; n < 5; n++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
      });
      await page.goto(`http://127.0.0.1:${port}/index.html`, { waitUntil: 'commit' });
      await page.getByTestId('sorted-keys').locator('li code').first().waitFor({ timeout: 60000 });
      const painted = await page.evaluate(() => performance.now());
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
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
      runs.fcp.push(fcp); runs.painted.push(painted); runs.interactive.push(interactive);
      await context.close();
    }
    const ms = (xs) => `${median(xs).toFixed(0)} ms`;
    console.log(`${label}: first contentful paint ${ms(runs.fcp)}, app painted ${ms(runs.painted)}, interactive ${ms(runs.interactive)} (median of 5; 1.6 Mbps, 150 ms RTT)`);
  }
} finally {
  await browser.close();
  for (const s of servers) s.kill();
}
