// Keys drawn segment by segment in their template chips' colours; a chip hovered or
// focused marks its segment in every key.
import { test, expect, openFresh, loadPreset, openView } from './fixtures.mjs';

const color = (locator) => locator.evaluate((e) => getComputedStyle(e).color);
const background = (locator) => locator.evaluate((e) => getComputedStyle(e).backgroundColor);

for (const scheme of ['light', 'dark']) {
  test(`the nth segment of every key has the nth chip's colour and its own underline, ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openFresh(page);
    const chips = page.getByTestId('template-shape').locator('.chip');
    await expect(chips).toHaveCount(3);
    await expect(page.getByTestId('template-shape')).toHaveText('<score>#<at>#<player>');
    const keys = page.getByTestId('sorted-keys').locator('li code');
    await expect(keys).toHaveCount(4);
    const chipColours = [];
    for (let i = 0; i < 3; i++) chipColours.push(await color(chips.nth(i)));
    expect(new Set(chipColours).size).toBe(3);
    for (let k = 0; k < 4; k++) {
      const segs = keys.nth(k).locator('.seg');
      await expect(segs).toHaveCount(3);
      for (let i = 0; i < 3; i++) expect(await color(segs.nth(i))).toBe(chipColours[i]);
    }
    // Colour is not the only cue: each position has its own underline style.
    const styles = await keys.first().locator('.seg').evaluateAll((es) => es.map((e) => getComputedStyle(e).textDecorationStyle));
    expect(new Set(styles).size).toBe(3);
    // The key's text is unchanged by the drawing.
    await expect(keys.first()).toHaveText(/^\d{10}#\d{16}#p_\d{4}$/);
  });
}

test('hovering or focusing a chip marks its segment in every key, and only that one', async ({ page }) => {
  await openFresh(page);
  const keys = page.getByTestId('sorted-keys').locator('li code');
  const at = keys.first().locator('.seg-1');
  const score = keys.first().locator('.seg-0');
  const plain = await background(at);
  await page.getByTestId('template-shape').locator('.chip.seg-1').hover();
  await expect.poll(() => background(at)).not.toBe(plain);
  expect(await background(score)).toBe(plain);
  for (let k = 0; k < 4; k++) expect(await background(keys.nth(k).locator('.seg-1'))).not.toBe(plain);
  await page.mouse.move(0, 0);
  await expect.poll(() => background(at)).toBe(plain);
  // By keyboard: the chips are focusable.
  await page.getByTestId('template-shape').locator('.chip.seg-2').focus();
  await expect.poll(() => background(keys.first().locator('.seg-2'))).not.toBe(plain);
});

test('keys of several entities are drawn by their own templates', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'orders');
  const line = page.getByTestId('sorted-keys').locator('li code', { hasText: /^ORDERLINE#/ }).first();
  await expect(line.locator('.seg')).toHaveText(['ORDERLINE', /^01J/, /^\d{3}$/]);
  const order = page.getByTestId('sorted-keys').locator('li code', { hasText: /^ORDER#/ }).first();
  await expect(order.locator('.seg')).toHaveText(['ORDER', /^01J/]);
});

test('keys line up segment by segment, whatever each segment holds', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'orders');
  // CUSTOMER, INVOICE, ORDER and ORDERLINE are literals of different lengths: the
  // segments after them still start in one column.
  const second = page.getByTestId('sorted-keys').locator('li code .seg-1');
  await expect(second).toHaveCount(10);
  const lefts = await second.evaluateAll((es) => es.map((e) => Math.round(e.getBoundingClientRect().left)));
  expect(new Set(lefts).size, JSON.stringify(lefts)).toBe(1);
  const firsts = await page.getByTestId('sorted-keys').locator('li code .seg-0').evaluateAll((es) => es.map((e) => e.textContent));
  expect(new Set(firsts.map((t) => t.length)).size).toBeGreaterThan(1);
});

test('an inverted segment says what it stands for, and a warning opens from a badge on its key', async ({ page }) => {
  await openFresh(page);
  const first = page.getByTestId('sorted-keys').locator('li').first();
  // Said beside the key, not in a title: touch and keyboard have no hover.
  await expect(first.getByTestId('inverted-note')).toHaveText(['<score> inverted · 1500']);
  await expect(first.getByTestId('inverted-note')).toHaveAttribute('data-seg', '0');
  await page.locator('#seg-0-width').fill('4');
  await page.locator('#seg-0-warn').fill('10');
  const warned = page.getByTestId('sorted-keys').locator('li', { has: page.locator('.badge.warn') });
  await expect(warned).toHaveCount(1);
  await expect(warned.locator('.badge.warn')).toHaveText('1 warning(s)');
  // Its text is a disclosure, opened by a click or the keyboard, not a tooltip.
  const text = warned.getByTestId('row-warnings').locator('.row-warning');
  await expect(text).toBeHidden();
  await warned.locator('.badge.warn').focus();
  await page.keyboard.press('Enter');
  await expect(text).toBeVisible();
  await expect(text).toHaveText(/Run.score in SK: value "1500" uses 15\.0% of the width's capacity/);
  await expect(warned.getByTestId('inverted-note')).toHaveText('<score> inverted · 1500');
  await expect(warned.locator('.seg-0')).toHaveText('8499');
});

test("pointing at a key marks its item's row in the items table", async ({ page }) => {
  await openFresh(page);
  const key = page.getByTestId('sorted-keys').locator('li').first();
  const row = Number(await key.getAttribute('data-row'));
  await key.hover();
  const marked = page.locator('table.samples tbody tr.pointed');
  await expect(marked).toHaveCount(1);
  await expect(marked.locator('th')).toHaveText(String(row + 1));
  await page.getByRole('heading', { name: 'keylab', exact: true }).hover();
  await expect(marked).toHaveCount(0);
});

test('at 1280×800 the template, the first 12 keys and the query expression share one screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page);
  await page.getByTestId('start-hint').getByRole('button', { name: 'Got it' }).click();
  await page.getByLabel(/random Run items/).fill('300');
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(await page.getByTestId('sorted-keys').locator('li').count());
  expect(await page.getByTestId('sorted-keys').locator('li').count()).toBeGreaterThanOrEqual(12);
  await page.evaluate(() => window.scrollTo(0, 0));
  const inView = async (locator) => {
    const b = await locator.boundingBox();
    return b !== null && b.y >= 0 && b.y + b.height <= 800 && b.x >= 0 && b.x + b.width <= 1280;
  };
  expect(await inView(page.getByTestId('template-shape'))).toBe(true);
  for (let i = 0; i < 12; i++) expect(await inView(page.getByTestId('sorted-keys').locator('li code').nth(i)), `key ${i + 1}`).toBe(true);
  const bar = page.getByTestId('query-bar-expression');
  expect(await inView(bar)).toBe(true);
  // The bar is the query panel's expression, and follows it.
  await expect(bar).toHaveText(await page.getByTestId('query-expression').textContent());
  const pattern = await page.getByTestId('query-bar-pattern').textContent();
  // Another pattern than the preset's "Newest / top N".
  await page.getByLabel('access pattern').selectOption('collection');
  // Read the panel's expression once the page is redrawn, so the bar is compared with the new one.
  await expect(page.getByTestId('query-bar-pattern')).not.toHaveText(pattern);
  await expect(bar).toHaveText(await page.getByTestId('query-expression').textContent());
  await expect(page.getByTestId('query-bar').getByRole('button', { name: 'Copy AWS CLI code' })).toBeVisible();
});

// The settings of a segment open beside the keys (keys_first.spec.mjs), so nothing
// needs the keys to stick while the design scrolls; the views below are their own boxes.
test('a view opened below the workbench is never covered by it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page);
  for (const [view, id] of [['Paste an expression', '#paste-input'], ['Compare versions', '#version-paste']]) {
    await openView(page, view);
    await page.locator(id).focus();
    const top = await page.locator(id).evaluate((e) => {
      const r = e.getBoundingClientRect();
      return [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4]].map(([x, y]) => document.elementFromPoint(x, y) === e);
    });
    expect(top, id).toEqual([true, true]);
  }
});

for (const width of [1280, 375]) {
  test(`no key breaks across lines, in the keys, the collections or the query's rows, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openFresh(page);
    await openView(page, 'Item collections');
    for (const list of ['[data-testid=sorted-keys] li code', '.hits ol.keys li > code', '[data-testid=collection-forward] li code', '[data-testid=collection-backward] li code']) {
      const keys = page.locator(list);
      const lines = await keys.evaluateAll((es) => es.map((e) => e.getClientRects().length));
      expect(lines.length, list).toBeGreaterThan(0);
      expect(lines.every((n) => n === 1), `${list}: ${lines}`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
