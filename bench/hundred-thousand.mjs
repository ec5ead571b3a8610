// The 100,000-item figures of the hardening issue, measured in the page (release build,
// Chromium), for docs/performance.md section 3:
//
//   make build && node bench/hundred-thousand.mjs
//
// - width change to settled page: from the change event to the last DOM change on the
//   page (nothing changes for 600 ms after it), so every visible panel is counted;
// - the longest main-thread task while editing (Long Tasks API);
// - a keystroke in a sample value: its own handling (the input event, synchronous),
//   then the edit it makes, applied 150 ms after typing stops, to the settled page;
// - a value edit applied (input then change, as leaving the field does) to the settled
//   page, and its longest task;
// - autosave: the longest task after the edits pause (it waits 400 ms above 5,000 items);
// - reload with 100,000 saved items: navigation start to the first key on screen.
// Median of three of each, after one warm-up. KEYLAB_DIST=dir serves another build (to
// compare two builds in one run: the machine's timings drift by tens of percent an hour).
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';

const PORT = Number(process.env.KEYLAB_BENCH_PORT ?? 4178);
const DIST = process.env.KEYLAB_DIST ?? 'dist';
const server = spawn('python3', ['-m', 'http.server', String(PORT), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Runs `act` in the page and reports when the page settled and its longest task.
const settle = (page, act) => page.evaluate(async (act) => {
  const tasks = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });
  let last = performance.now();
  const mutations = new MutationObserver(() => { last = performance.now(); });
  mutations.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  const t0 = performance.now();
  // eslint-disable-next-line no-new-func
  await new Function(act)();
  const sent = performance.now();
  await new Promise((done) => {
    const check = () => (performance.now() - last > 600 ? done() : setTimeout(check, 50));
    setTimeout(check, 50);
  });
  mutations.disconnect();
  observer.disconnect();
  return { handler: sent - t0, settled: last - t0, afterSend: last - sent, longest: Math.max(0, ...tasks) };
}, act);

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${PORT}/index.html`);
  await page.getByRole('heading', { name: 'keylab', exact: true }).waitFor();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.locator('#generate-count').fill('100000');
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await page.getByTestId('samples-count').filter({ hasText: '100000 Run' }).waitFor({ timeout: 120000 });
  await page.waitForTimeout(3000);

  const width = { settled: [], longest: [] };
  for (const w of [11, 12, 13, 14]) {
    const r = await settle(page, `
      const input = document.getElementById('seg-0-width');
      input.value = '${w}';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));`);
    if (w > 11) { width.settled.push(r.settled); width.longest.push(r.longest); }
  }
  const typing = { handler: [], longest: [], settled: [] };
  for (const digit of ['1', '2', '3', '4']) {
    const r = await settle(page, `
      const input = document.getElementById('value-0-score');
      input.focus();
      input.value = input.value + '${digit}';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, data: '${digit}', inputType: 'insertText' }));`);
    if (digit !== '1') { typing.handler.push(r.handler); typing.settled.push(r.afterSend); typing.longest.push(r.longest); }
  }
  // A value edit as leaving the field applies it (input, then change): from the edit's
  // application to the settled page, without the pause that typing waits for.
  const edit = { settled: [], longest: [] };
  for (const v of ['1500', '1501', '1502', '1503']) {
    const r = await settle(page, `
      const input = document.getElementById('value-0-score');
      input.value = '${v}';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, data: '${v}', inputType: 'insertText' }));
      input.dispatchEvent(new Event('change', { bubbles: true }));`);
    if (v !== '1500') { edit.settled.push(r.settled); edit.longest.push(r.longest); }
  }
  // Autosave runs 400 ms after the last edit: the longest task in the 2 s after an edit
  // that is not the edit's own render is the save.
  const autosave = [];
  for (let n = 0; n < 3; n++) {
    autosave.push(await page.evaluate(async () => {
      const tasks = [];
      const observer = new PerformanceObserver((l) => tasks.push(...l.getEntries().map((e) => ({ at: e.startTime, d: e.duration }))));
      observer.observe({ type: 'longtask' });
      const input = document.getElementById('seg-0-width');
      input.value = input.value === '12' ? '13' : '12';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 3000));
      observer.disconnect();
      return Math.max(0, ...tasks.filter((t) => t.at > t0 + 300).map((t) => t.d));
    }));
  }
  // The first key is timed in the page, when it is drawn: a measurement made after the
  // test runner sees it would wait for whatever the page does next.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (document.querySelector('[data-testid="sorted-keys"] li code')) {
        window.__firstKey = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(document, { subtree: true, childList: true });
  });
  const reload = [];
  for (let n = 0; n < 3; n++) {
    await page.reload();
    await page.getByTestId('sorted-keys').locator('li code').first().waitFor({ timeout: 60000 });
    reload.push(await page.evaluate(() => window.__firstKey));
  }
  const ms = (xs) => `${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
  console.log(`width change to settled page: ${ms(width.settled)}; longest task ${ms(width.longest)}`);
  console.log(`a keystroke in a sample value: handled in ${ms(typing.handler)}; then, applied 150 ms after typing stops, longest task ${ms(typing.longest)}, keystroke to settled page ${ms(typing.settled)}`);
  console.log(`a value edit, applied, to settled page: ${ms(edit.settled)}; longest task ${ms(edit.longest)}`);
  console.log(`autosave after an edit: longest task ${ms(autosave)}`);
  console.log(`reload with 100,000 saved items to the first key: ${ms(reload)}`);
} finally {
  await browser.close();
  server.kill();
}
