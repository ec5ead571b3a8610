// The keys are the hero: on the first screen at 1280×800 a dozen whole keys, the query's
// line with its Copy button and the template share the screen with the start hint; at
// 375 the keys scroll sideways in their own box, with a cue, never the page.
import { test, expect, openFresh, openView, openSegment } from './fixtures.mjs';

/** Whether the element's box lies wholly inside the viewport. */
async function onScreen(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });
}

/** Keys of a list wholly on screen and wholly inside their list's box: not cut anywhere. */
async function wholeKeysOnScreen(page, testid) {
  return page.getByTestId(testid).evaluate((ol) => {
    const box = ol.getBoundingClientRect();
    return [...ol.querySelectorAll(':scope > li > code')].filter((code) => {
      const r = code.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && r.left >= box.left && r.right <= box.right + 0.5
        && !code.querySelector('[data-testid=segment-cut], .elision');
    }).map((code) => code.textContent);
  });
}

async function growLeaderboard(page, n) {
  await page.getByLabel('random Run items').fill(String(n));
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await expect(page.getByTestId('sorted-keys').locator('> li')).toHaveCount(n);
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a dozen whole keys, the query line and the template on the first screen', async ({ page }) => {
    await openFresh(page);
    await expect(page.getByTestId('start-hint')).toBeVisible();
    await growLeaderboard(page, 40);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await expect(page.getByTestId('start-hint')).toBeVisible();
    expect(await onScreen(page.getByTestId('start-hint'))).toBe(true);
    expect(await onScreen(page.getByTestId('template-shape'))).toBe(true);
    expect(await onScreen(page.getByTestId('query-bar-expression'))).toBe(true);
    expect(await onScreen(page.getByTestId('query-bar').getByRole('button', { name: /^Copy .* code$/ }))).toBe(true);
    const whole = await wholeKeysOnScreen(page, 'sorted-keys');
    expect(whole.length, `whole keys on screen: ${whole.join(' ')}`).toBeGreaterThanOrEqual(12);
    // Every one is all of a leaderboard key: score, timestamp and the player id.
    for (const key of whole) expect(key).toMatch(/^\d{10}#\d{16}#[a-z]+\d+$/);
    // And each says what it means in full, beside it: the inverted score's value and
    // the item's values with the time, wrapped in the list's box, never cut.
    const notes = await page.getByTestId('sorted-keys').evaluate((ol, n) => {
      const box = ol.getBoundingClientRect();
      return [...ol.querySelectorAll(':scope > li')].slice(0, n).map((li) => {
        const values = li.querySelector(':scope > .values');
        const r = values.getBoundingClientRect();
        return {
          inverted: li.querySelector(':scope > [data-testid=inverted-note]')?.textContent,
          values: values.textContent,
          whole: values.scrollWidth <= values.clientWidth && r.left >= box.left && r.right <= box.right + 0.5
            && getComputedStyle(values).textOverflow !== 'ellipsis' && !values.querySelector('.elision'),
        };
      });
    }, whole.length);
    for (const n of notes) {
      expect(n.inverted).toMatch(/^<score> inverted · \d+$/);
      expect(n.values).toMatch(/, \d+, \d+ \(20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ\), [a-z]+\d+$/);
      expect(n.whole, n.values).toBe(true);
    }
    // No key anywhere in the list is cut, and nothing says the list must scroll.
    await expect(page.getByTestId('sorted-keys').getByTestId('segment-cut')).toHaveCount(0);
    await expect(page.getByTestId('keys-scroll-cue')).toHaveCount(0);
    // The naive order beside them, uncut and aligned row for row.
    const naive = await wholeKeysOnScreen(page, 'naive-keys');
    expect(naive.length).toBeGreaterThanOrEqual(12);
    const tops = (id) => page.getByTestId(id).locator('> li').evaluateAll((es) => es.slice(0, 12).map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(await tops('naive-keys')).toEqual(await tops('sorted-keys'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
  });

  test("a chip opens its segment's settings beside the keys; a width edit re-sorts them in view", async ({ page }) => {
    await openFresh(page);
    const inspector = page.locator('#inspector');
    await expect(inspector.locator('h2')).toHaveText('Segment 1 of 3: <score>');
    // By mouse: the second chip opens the timestamp's settings (its unit is there).
    await openSegment(page, 2);
    await expect(inspector.locator('h2')).toHaveText('Segment 2 of 3: <at>');
    await expect(page.locator('#seg-1-unit')).toBeVisible();
    // By keyboard: the arrows walk the chips, and the open one follows the focus.
    await page.getByTestId('template-shape').locator('.chip').nth(1).focus();
    await page.keyboard.press('ArrowRight');
    await expect(inspector.locator('h2')).toHaveText('Segment 3 of 3: <player>');
    await expect(page.getByTestId('template-shape').locator('.chip').nth(2)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(inspector.locator('h2')).toHaveText('Segment 1 of 3: <score>');
    // The width is typed beside the keys, and the keys change without a scroll.
    const width = page.locator('#seg-0-width');
    expect(await onScreen(width)).toBe(true);
    await width.fill('3');
    await width.press('Tab');
    await expect(page.getByTestId('preview-refused')).toContainText('1500');
    expect(await onScreen(page.getByTestId('preview-refused'))).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    // Hostile: a width that is not a number is refused beside the field, keys unchanged.
    await width.fill('ten');
    await width.press('Tab');
    await expect(page.getByTestId('seg-0-width-problem')).toContainText('"ten" is not a whole number');
  });

  test('a segment added opens at once, and a moved one keeps its settings open', async ({ page }) => {
    await openFresh(page);
    await page.getByRole('button', { name: '+ literal segment' }).click();
    await expect(page.locator('#inspector h2')).toHaveText('Segment 4 of 4: TYPE');
    await page.getByRole('button', { name: 'move segment 4 up' }).click();
    await expect(page.locator('#inspector h2')).toHaveText('Segment 3 of 4: TYPE');
    await page.getByRole('button', { name: 'remove segment 3' }).click();
    await expect(page.locator('#inspector h2')).toHaveText('Segment 3 of 3: <player>');
  });

  test('each view opens in one click, in view, and closes on its own button', async ({ page }) => {
    await openFresh(page);
    const rail = page.getByRole('navigation', { name: 'views of the design' });
    // The items and the query are open at first; the rest open on the rail.
    await expect(rail.locator('[aria-expanded=true]')).toHaveText(['Query', 'Items']);
    for (const [name, heading] of [['Code', /code/i], ['Key code', /key code/i], ['Table definitions', /table/i], ['Paste an expression', /paste/i], ['Item collections', /item collections/i]]) {
      await openView(page, name);
      const box = page.locator(`#${await rail.getByRole('button', { name, exact: true }).getAttribute('aria-controls')}`);
      await expect(box.getByRole('heading').first()).toHaveText(heading);
      // It opens in sight: its top is on screen, under the rail.
      await expect.poll(() => box.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(760);
      await expect.poll(() => box.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);
    }
    await page.getByRole('button', { name: 'close Code', exact: true }).click();
    await expect(rail.getByRole('button', { name: 'Code', exact: true })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#snippet-panel')).toHaveCount(0);
    // The query line's pattern link brings the Query view into sight, fragment untouched.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('query-bar-pattern').click();
    await expect.poll(() => page.locator('#query-panel').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(400);
    await expect(page).toHaveURL(/index\.html$/);
  });
});

test.describe('at 375×800', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the keys scroll sideways in their own box with a cue, never the page', async ({ page }) => {
    await openFresh(page);
    await growLeaderboard(page, 40);
    const keys = page.getByTestId('sorted-keys');
    await keys.scrollIntoViewIfNeeded();
    expect(await keys.evaluate((ol) => ol.scrollWidth > ol.clientWidth)).toBe(true);
    await expect(page.getByTestId('keys-scroll-cue')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    // Scrolled, the whole key is there: nothing is cut, only out of the box's view.
    const first = await keys.locator('> li > code').first().textContent();
    expect(first).toMatch(/^\d{10}#\d{16}#[a-z]+\d+$/);
    await keys.evaluate((ol) => { ol.scrollLeft = ol.scrollWidth; });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });
});

test('a key longer than its room is cut by segment, each cut marked and counted', async ({ page }) => {
  await openFresh(page);
  const player = page.getByTestId('value-0-player');
  // As long as the field's max chars (64) allows: the key, 92 characters, passes its room.
  const long = 'p_' + 'x'.repeat(62);
  await player.fill(long);
  await player.press('Tab');
  const rows = page.getByTestId('sorted-keys').locator('> li');
  await expect(rows.filter({ has: page.getByTestId('key-cut-note') })).toHaveCount(1);
  // The row by its place, which stays when the cut is opened.
  const at = await rows.evaluateAll((lis) => lis.findIndex((li) => li.querySelector('[data-testid=key-cut-note]')));
  const row = rows.nth(at);
  await expect(row.getByTestId('segment-cut')).toHaveCount(1);
  // Only the long segment is cut: the score and the timestamp stay whole.
  await expect(row.locator('.seg-0')).toHaveText(/^\d{10}$/);
  await expect(row.locator('.seg-1')).toHaveText(/^\d{16}$/);
  await expect(row.getByTestId('key-cut-note')).toHaveText('cut by segment');
  const more = row.getByRole('button', { name: /show all/ });
  const [, hidden, total] = (await more.getAttribute('aria-label')).match(/^\+(\d+) characters: show all (\d+)$/).map(Number);
  expect(total).toBe(10 + 1 + 16 + 1 + long.length);
  const shown = await row.locator('.seg-2').textContent();
  expect(shown.length - 1 + hidden).toBe(long.length);
  // All of it is one click away, and one more puts the cut back.
  await more.click();
  await expect(row.locator('.whole-text')).toHaveText(new RegExp(`#${long}$`));
  await row.getByRole('button', { name: 'show less' }).click();
  await expect(row.getByTestId('segment-cut')).toHaveCount(1);
});

test.describe('at 375×800, by touch', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a chip's settings open right under the chips, before the keys", async ({ page }) => {
    await openFresh(page);
    await openSegment(page, 2);
    const [chips, settings, keys] = await Promise.all(['#template-panel', '#inspector', '#preview-panel']
      .map((id) => page.locator(id).evaluate((el) => el.getBoundingClientRect().top)));
    expect(chips).toBeLessThan(settings);
    expect(settings).toBeLessThan(keys);
    await expect(page.locator('#seg-1-unit')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });
});

test('a view opened or closed is remembered as the click is handled, before the page redraws', async ({ page }) => {
  await openFresh(page);
  // The click and the read in one task: no drawing, no effect has run in between.
  const remembered = await page.evaluate(() => {
    const rail = [...document.querySelectorAll('.view-rail button')];
    rail.find((b) => b.textContent === 'Code').click();
    const opened = JSON.parse(localStorage.getItem('keylab.views'));
    document.querySelector('[aria-label="close Items"]').click();
    return [opened, JSON.parse(localStorage.getItem('keylab.views'))];
  });
  expect(remembered).toEqual([[0, 1, 4], [0, 4]]);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'views of the design' }).locator('[aria-expanded=true]')).toHaveText(['Query', 'Code']);
});

test('the open views come back after a reload; a damaged record of them opens the first ones', async ({ page }) => {
  await openFresh(page);
  const rail = page.getByRole('navigation', { name: 'views of the design' });
  await openView(page, 'Code');
  await page.getByRole('button', { name: 'close Items', exact: true }).click();
  await page.reload();
  await expect(rail.locator('[aria-expanded=true]')).toHaveText(['Query', 'Code']);
  for (const damaged of ['[99]', 'not json', '{"a":1}', '[-1]']) {
    await page.evaluate((v) => localStorage.setItem('keylab.views', v), damaged);
    await page.reload();
    await expect(rail.locator('[aria-expanded=true]'), damaged).toHaveText(['Query', 'Items']);
  }
});

test('a 255-character field name wraps in its chip and its settings, widening nothing', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openFresh(page);
  const name = 'n'.repeat(255);
  await page.locator('#seg-0-name').fill(name);
  await page.locator('#seg-0-name').press('Tab');
  await expect(page.getByTestId('template-shape').locator('.chip').first()).toHaveText(`<${name}>`);
  await expect(page.locator('#inspector h2')).toContainText(name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
});
