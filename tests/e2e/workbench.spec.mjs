// The workbench's keys: the query drawn on them (its band, bounds, page breaks and
// direction, all from the simulated query's own pages), and rows that glide to their
// new places when an edit re-sorts them.
import { test, expect, apiReady, openFresh, openView } from './fixtures.mjs';

/** The query input on screen, as the page's simulateQuery takes it. */
async function shownInput(page) {
  return JSON.parse(await page.getByTestId('query-input').textContent());
}

/** simulateQuery over the keys the preview shows, page by page: each page's sort keys. */
async function simulatedPages(page) {
  await apiReady(page);
  const input = await shownInput(page);
  const schema = JSON.parse(await page.locator('#schema-json').inputValue());
  const [pk, sk] = [input.ExpressionAttributeNames['#pk'], input.ExpressionAttributeNames['#sk']];
  const keys = await page.getByTestId('sorted-keys').locator('li code').allTextContents();
  const items = keys.map((k) => ({ [pk]: input.ExpressionAttributeValues[':pk'], [sk]: { S: k } }));
  return page.evaluate(({ schema, items, input, sk }) => {
    const pages = [];
    let start;
    for (let n = 0; n < 100; n++) {
      const out = window.wasmBindings.simulateQuery(schema, items, start ? { ...input, ExclusiveStartKey: start } : input);
      pages.push(out.Items.map((i) => i[sk].S));
      start = out.LastEvaluatedKey;
      if (!start) break;
    }
    return pages.filter((p) => p.length > 0);
  }, { schema, items, input, sk });
}

/** The band drawn on the keys: its rows' keys grouped by page, in the order read. */
async function bandPages(page, forward) {
  const rows = await page.getByTestId('sorted-keys').locator('li[data-page]').evaluateAll((es) =>
    es.map((e) => ({ page: Number(e.dataset.page), key: e.querySelector('code').textContent })));
  if (!forward) rows.reverse();
  const pages = [];
  for (const r of rows) (pages[r.page - 1] ||= []).push(r.key);
  return pages;
}

/** A fresh page with `count` random Run items and a range query (score between 100
 * and 99999) read `limit` items a page: a band with page breaks. */
async function rangeOverRandomRuns(page, count, limit) {
  await openFresh(page);
  await page.getByLabel('random Run items').fill(String(count));
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await page.getByLabel('access pattern').selectOption('range');
  await page.getByLabel('score is').selectOption('between');
  for (const [label, value] of [['value', '100'], ['and', '99999'], ['Limit', String(limit)]]) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel(label, { exact: true }).press('Tab');
  }
}

test("the query's band, bounds and page breaks are simulateQuery's pages, both ways", async ({ page }) => {
  await rangeOverRandomRuns(page, 60, 4);
  await expect(page.getByTestId('query-input')).toContainText('"Limit": 4');
  await expect(page.getByTestId('query-bar-pattern')).toHaveText('Range on a field ↓');
  const keys = page.getByTestId('sorted-keys');
  for (const forward of [true, false]) {
    if (!forward) {
      await page.getByLabel('ScanIndexForward', { exact: true }).uncheck();
      await expect(page.getByTestId('query-input')).toContainText('"ScanIndexForward": false');
    }
    const expected = await simulatedPages(page);
    expect(expected.length, 'the range spans several pages').toBeGreaterThan(1);
    await expect.poll(() => bandPages(page, forward)).toEqual(expected);
    // Bounds: a rule before the band's first row and after its last, nowhere else.
    const band = keys.locator('li[data-page]');
    // Each bound as the input's JSON view writes it (U+10FFFF as its escape).
    const written = await page.getByTestId('query-input').textContent();
    const [lo, hi] = [':lo', ':hi'].map((name) => written.match(new RegExp(`"${name}": \\{\\s*"S": ("[^"]*")`))[1]);
    await expect(keys.getByTestId('bound')).toHaveCount(2);
    await expect(band.first().getByTestId('bound')).toHaveText(forward ? `▼ the Query reads down from >= ${lo} (BETWEEN)` : `to >= ${lo} (BETWEEN)`);
    await expect(band.last().getByTestId('bound')).toHaveText(forward ? `to <= ${hi} (BETWEEN)` : `▲ the Query reads up from <= ${hi} (BETWEEN)`);
    // A page break wherever the next row comes from another page, and only there.
    await expect(keys.getByTestId('page-break')).toHaveCount(expected.length - 1);
    const breaks = await band.evaluateAll((es) => es.flatMap((e, i) =>
      e.querySelector('[data-testid=page-break]') ? [[Number(es[i - 1].dataset.page), Number(e.dataset.page)]] : []));
    for (const [above, below] of breaks) expect(Math.abs(above - below)).toBe(1);
    await expect(page.getByTestId('query-bar-reading')).toHaveText(
      `${expected.flat().length} returned · ${expected.length} page(s) · ${forward ? 'forward' : 'backward'} · Limit 4`);
  }
});

test("a row's number is level with its key, not with the bound or page break drawn above it", async ({ page }) => {
  await rangeOverRandomRuns(page, 30, 3);
  const keys = page.getByTestId('sorted-keys');
  await expect(keys.getByTestId('page-break').first()).toBeVisible();
  // The list's number sits on a row's first line: a mark above the key is out of that
  // line, in the row's top padding, so the first line is the key's, in both lists.
  const rows = await page.locator('ol.keys li:has(> .marker:first-child)').evaluateAll((lis) => lis.map((li) => {
    const mark = li.firstElementChild.getBoundingClientRect();
    const first = [...li.children].find((c) => getComputedStyle(c).position !== 'absolute').getBoundingClientRect();
    return { inFlow: getComputedStyle(li.firstElementChild).position !== 'absolute', clear: first.top >= mark.bottom - 1,
      inside: mark.top >= li.getBoundingClientRect().top - 1 };
  }));
  expect(rows.length, "the band's top bound and its page breaks, in both lists").toBeGreaterThan(3);
  for (const row of rows) expect(row).toEqual({ inFlow: false, clear: true, inside: true });
});

test('the query drawn on another partition than the one shown is one click away', async ({ page }) => {
  await openFresh(page);
  // Item 1, the query's anchor, moves to a season of its own: a partition of one item,
  // while the busiest partition, shown first, keeps three.
  await page.getByLabel('season of item 1').fill('FALL-2026');
  await page.getByLabel('season of item 1').press('Tab');
  // Yew draws the committed edit in a task after the Tab's event, so the input is
  // read until it shows it rather than once.
  await expect.poll(async () => (await shownInput(page)).ExpressionAttributeValues[':pk'].S)
    .toBe('SEASON#FALL-2026');
  await expect(page.getByTestId('preview-partition-note')).toContainText('SEASON#SPRING-2026');
  await expect(page.getByTestId('band-elsewhere')).toHaveText("It reads partition SEASON#FALL-2026. Show the query's partition");
  await expect(page.getByTestId('sorted-keys').getByTestId('bound')).toHaveCount(0);
  await page.getByRole('button', { name: "Show the query's partition" }).click();
  await expect(page.getByTestId('preview-partition-note')).toContainText('SEASON#FALL-2026');
  await expect(page.getByTestId('sorted-keys').getByTestId('bound')).toHaveCount(2);
  await expect(page.getByTestId('band-elsewhere')).toHaveCount(0);
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('sorted-keys').locator('li.match')).toHaveCount(1);
});

async function leaderboardWithABigScore(page) {
  await openFresh(page);
  await page.getByLabel('score of item 1').fill('25000');
  await page.getByLabel('score of item 1').press('Tab');
  await expect(page.getByTestId('sorted-keys').locator('li code').first()).toHaveText(/^9999974999#/);
  // Let the glide and the marks of that edit finish before the one under test.
  await expect(page.getByTestId('sorted-keys').locator('li.moved')).toHaveCount(0, { timeout: 5000 });
}

async function widthTo4(page) {
  const width = page.locator('#seg-0-width');
  await width.fill('4');
  await width.press('Tab');
}

test('a width change that re-sorts the leaderboard moves its rows, and marks them', async ({ page }) => {
  await leaderboardWithABigScore(page);
  const rows = page.getByTestId('sorted-keys').locator('li');
  const before = await rows.evaluateAll((es) => es.map((e) => e.dataset.row));
  // Every glide the page starts, with its duration: a glide is 250 ms, and sampling
  // running animations afterwards missed them on a loaded machine.
  await page.evaluate(() => {
    window.glides = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
      if (this.closest('[data-testid="sorted-keys"]')) window.glides.push(typeof options === 'number' ? options : options?.duration);
      return animate.call(this, frames, options);
    };
  });
  await widthTo4(page);
  // 25000 no longer fits in 4 digits: that item leaves, and every other key moves up.
  await expect(rows).toHaveCount(before.length - 1);
  await expect(page.getByTestId('sorted-keys').locator('li.moved')).toHaveCount(before.length - 1);
  const glides = await page.evaluate(() => window.glides);
  expect(glides.length).toBeGreaterThan(0);
  for (const duration of glides) expect(duration).toBeLessThanOrEqual(300);
  await expect(page.getByTestId('sorted-keys').locator('li.moved')).toHaveCount(0, { timeout: 5000 });
});

test('under prefers-reduced-motion the rows do not glide; the marks still say what moved', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await leaderboardWithABigScore(page);
  await widthTo4(page);
  await expect(page.getByTestId('sorted-keys').locator('li.moved')).toHaveCount(3);
  const animations = await page.getByTestId('sorted-keys').locator('li').evaluateAll((es) => es.map((e) => e.getAnimations().length));
  expect(animations).toEqual([0, 0, 0]);
});

test('focusing a key by keyboard marks its item, as pointing at it does', async ({ page }) => {
  await openFresh(page);
  const list = page.getByTestId('sorted-keys');
  await list.focus();
  await page.keyboard.press('ArrowDown');
  const first = await list.locator('li').first().getAttribute('data-row');
  await expect(list.locator('li').first()).toBeFocused();
  await expect(page.locator('tr.pointed')).toHaveCount(1);
  await expect(page.locator('tr.pointed')).toContainText(`${Number(first) + 1}`);
  await page.keyboard.press('ArrowDown');
  await expect(list.locator('li').nth(1)).toBeFocused();
  const second = await list.locator('li').nth(1).getAttribute('data-row');
  await expect(page.getByTestId(`key-${second}`).locator('xpath=ancestor::tr')).toHaveClass(/pointed/);
  await page.keyboard.press('Tab');
  await expect(page.locator('tr.pointed')).toHaveCount(0);
});

test('a width that makes the query impossible says so beside the keys', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('range');
  await page.getByLabel('score is').selectOption('between');
  for (const [label, value] of [['value', '9'], ['and', '2000']]) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel(label, { exact: true }).press('Tab');
  }
  await expect(page.getByTestId('query-bar-expression')).toHaveText('#pk = :pk AND #sk BETWEEN :lo AND :hi');
  await page.locator('#seg-0-width').fill('3');
  await expect(page.getByTestId('query-bar-error')).toContainText('The query cannot be built: ');
  await expect(page.getByTestId('query-bar-error')).toContainText('2000');
  await expect(page.getByTestId('query-bar-error')).toContainText(await page.getByTestId('query-error').textContent());
  await expect(page.getByTestId('query-bar')).toHaveCount(0);
  await page.locator('#seg-0-width').fill('4');
  await expect(page.getByTestId('query-bar-error')).toHaveCount(0);
  await expect(page.getByTestId('query-bar-expression')).toBeVisible();
});

test('the Number vs String view is named while closed and computed only once opened', async ({ page }) => {
  await openFresh(page);
  const summary = page.getByText('score as a Number key vs a String key');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('number-vs-string')).toHaveCount(0);
  await summary.click();
  await expect(page.getByTestId('number-vs-string').locator('ol').first().locator('li')).toHaveText(['9', '10', '240', '1500']);
  await summary.click();
  await expect(page.getByTestId('number-vs-string')).toHaveCount(0);
});

test('the anchor select keeps its width whatever its items hold', async ({ page }) => {
  // Sized to its longest option, the select made the browser measure its 500 option
  // texts in every layout of the page (10 ms after each edit at any size): its width is
  // set, the width of the same select with no options at all.
  await openFresh(page);
  await openView(page, 'Query');
  const anchor = page.locator('#query-anchor');
  const widths = await anchor.evaluate((s) => {
    // The same select, its id kept and its options left out, out of the flow (a flex
    // column would stretch it to the original's width).
    const empty = s.cloneNode(false);
    empty.style.position = 'absolute';
    s.after(empty);
    const both = [s.getBoundingClientRect().width, empty.getBoundingClientRect().width];
    empty.remove();
    return both;
  });
  expect(widths[0]).toBeGreaterThan(100);
  expect(widths[0]).toBe(widths[1]);
  // The whole of the chosen item is still said beside it.
  await expect(page.getByTestId('query-anchor-item')).toContainText('SPRING-2026');
});
