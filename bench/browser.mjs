// Browser benchmarks for docs/performance.md, run by hand against the release build:
//
//   make build && node bench/browser.mjs
//
// 1. Encode and sort 100,000 three-segment keys in the page's wasm (sortedKeys:
//    encodeKeys then sortKeys in one call), and the same with a correct JavaScript implementation (a UTF-8 byte
//    order comparator, not the default UTF-16 sort), in the same page; both results
//    are checked equal before any time is reported.
// 2. The time from a width change to the updated preview, with 10,000 and 100,000
//    generated items, measured in the page with performance.now() and a
//    MutationObserver on the first key of the preview.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';

const PORT = 4175;
const server = spawn('python3', ['-m', 'http.server', String(PORT), '--bind', '127.0.0.1', '--directory', 'dist'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/index.html`);
  await page.waitForFunction(() => window.wasmBindings?.encodeKeys);

  const sort = await page.evaluate(() => {
    const schema = {
      version: 1, separator: '#',
      table: { name: 'T', attributes: { PK: 'S', SK: 'S' }, primary: { partition: 'PK', sort: 'SK' } },
      entities: [{ name: 'Run',
        fields: { score: { kind: 'uint', width: 10 }, at: { kind: 'uint', width: 16, order: 'desc' }, player: { kind: 'text' } },
        keys: { PK: [{ literal: 'P' }], SK: [{ field: 'score' }, { field: 'at' }, { field: 'player' }] } }],
    };
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    // Players include characters above U+FFFF, where UTF-16 and UTF-8 orders differ.
    const names = ['p_', 'é', '😀', '\uFF5E', 'Z', 'a'];
    const rows = Array.from({ length: 100000 }, () => ({
      score: Math.floor(rand() * 1e10),
      at: String(1600000000000 + Math.floor(rand() * 2e11)),
      player: names[Math.floor(rand() * names.length)] + Math.floor(rand() * 1e6),
    }));
    const pad = (s, w) => String(s).padStart(w, '0');
    const mirror = (s) => s.replace(/[0-9]/g, (d) => String(9 - Number(d)));
    const utf8Compare = (a, b) => {
      // UTF-8 byte order is code point order: walk code points, not UTF-16 units.
      let i = 0; let j = 0;
      while (i < a.length && j < b.length) {
        const ca = a.codePointAt(i); const cb = b.codePointAt(j);
        if (ca !== cb) return ca - cb;
        i += ca > 0xffff ? 2 : 1; j += cb > 0xffff ? 2 : 1;
      }
      return (a.length - i) - (b.length - j);
    };
    const { sortedKeys } = window.wasmBindings;
    const runs = { wasm: [], js: [] };
    let wasmKeys; let jsKeys;
    for (let n = 0; n < 7; n++) {
      let t = performance.now();
      wasmKeys = sortedKeys(schema, 'Run', 'SK', rows);
      runs.wasm.push(performance.now() - t);
      t = performance.now();
      jsKeys = rows.map((r) => `${pad(r.score, 10)}#${mirror(pad(r.at, 16))}#${r.player}`).sort(utf8Compare);
      runs.js.push(performance.now() - t);
    }
    const same = wasmKeys.length === jsKeys.length && wasmKeys.every((k, i) => k === jsKeys[i]);
    const naive = [...jsKeys].sort();
    return { runs, same, naiveDiffers: naive.some((k, i) => k !== jsKeys[i]) };
  });
  if (!sort.same) throw new Error('wasm and JavaScript disagree on the sorted keys');
  const wasm = median(sort.runs.wasm); const js = median(sort.runs.js);
  console.log(`encode + sort 100,000 keys: wasm ${wasm.toFixed(0)} ms, JavaScript ${js.toFixed(0)} ms, JavaScript/wasm ${(js / wasm).toFixed(2)}x (median of 7; results equal; default JS sort ${sort.naiveDiffers ? 'differs' : 'agrees'})`);

  for (const count of [10000, 100000]) {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`http://127.0.0.1:${PORT}/index.html`);
    await p.getByRole('heading', { name: 'keylab', exact: true }).waitFor();
    await p.evaluate(() => localStorage.clear());
    await p.reload();
    await p.locator('#generate-count').fill(String(count));
    await p.getByRole('button', { name: 'Replace Run items with random ones' }).click();
    await p.getByTestId('samples-count').filter({ hasText: `${count} Run` }).waitFor({ timeout: 120000 });
    const times = [];
    for (const width of [11, 12, 13, 14, 15]) {
      times.push(await p.evaluate((width) => new Promise((done) => {
        const list = document.querySelector('[data-testid=sorted-keys]');
        const input = document.getElementById('seg-0-width');
        const t = performance.now();
        const seen = new MutationObserver(() => {
          const first = list.querySelector('li code')?.textContent ?? '';
          if (first.split('#')[0].length === width) { seen.disconnect(); done(performance.now() - t); }
        });
        seen.observe(list, { subtree: true, childList: true, characterData: true });
        input.value = String(width);
        // As typing then leaving the field does: the input event carries the text, change commits it.
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }), width));
    }
    console.log(`width change to updated preview, ${count} items: median ${median(times).toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')})`);
    await p.close();
  }
} finally {
  await browser.close();
  server.kill();
}
