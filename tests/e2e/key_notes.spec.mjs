// What each key means, beside it and without hover (touch and keyboard have none): its
// item's values with the time a ULID, a KSUID or an epoch holds, never cut to an
// ellipsis; and a segment stored inverted marked so, with the value or the instant it
// stands for, since "7975-93-76T99:99:99.999Z" reads like a broken date.
import { test, expect, openFresh, loadPreset, openSegment } from './fixtures.mjs';

const rows = (page) => page.getByTestId('sorted-keys').locator('> li');

/** Each shown note of the keys list (values and inverted marks) whose box starts
 * inside the viewport: its text, whether all of it is seen, and where it is. */
async function notes(page) {
  return page.getByTestId('sorted-keys').evaluate((ol) => {
    const box = ol.getBoundingClientRect();
    // A list that scrolls sideways fades at its right edge: a note ends before the fade.
    const fade = ol.parentElement.classList.contains('overflows') ? parseFloat(getComputedStyle(ol.parentElement, '::after').width) : 0;
    return [...ol.querySelectorAll(':scope > li > .values, :scope > li > .inverted-note')]
      .filter((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })
      .map((e) => {
        const r = e.getBoundingClientRect();
        const style = getComputedStyle(e);
        return {
          text: e.textContent,
          // All of its text is in its box, in the list's box, on one screen row or wrapped.
          whole: e.scrollWidth <= e.clientWidth + 0.5 && style.textOverflow !== 'ellipsis'
            && !e.querySelector('.elision') && r.left >= box.left - 0.5 && r.right <= box.right - fade + 0.5,
          title: e.getAttribute('title'),
        };
      });
  });
}

async function growLeaderboard(page, n) {
  await page.getByLabel('random Run items').fill(String(n));
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await expect(rows(page)).toHaveCount(n);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width}×800`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every key says its values and times in full beside it, with no hover', async ({ page }) => {
      await openFresh(page);
      await loadPreset(page, 'orders');
      await page.getByTestId('sorted-keys').scrollIntoViewIfNeeded();
      const seen = await notes(page);
      expect(seen.length).toBeGreaterThan(3);
      for (const n of seen) {
        expect(n.whole, `cut: ${n.text}`).toBe(true);
        expect(n.title, 'said in full, not in a title').toBeNull();
      }
      // A ULID's time to the millisecond, a KSUID's to the second: written out.
      const text = seen.map((n) => n.text).join('\n');
      expect(text).toMatch(/01J[0-9A-Z]{23} \(20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\)/);
      expect(text).toMatch(/[0-9A-Za-z]{27} \(20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ\)/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });

    test('forty random keys: each one\'s values whole under it, the lists aligned', async ({ page }) => {
      await openFresh(page);
      await growLeaderboard(page, 40);
      await page.getByTestId('sorted-keys').scrollIntoViewIfNeeded();
      const seen = await notes(page);
      expect(seen.length).toBeGreaterThan(4);
      for (const n of seen) expect(n.whole, `cut: ${n.text}`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (width >= 700) {
        // Side by side, a key whose values wrap keeps the naive key at its place.
        const tops = (id) => page.getByTestId(id).locator('> li').evaluateAll((es) => es.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(await tops('naive-keys')).toEqual(await tops('sorted-keys'));
      }
    });

    test('an inverted ISO timestamp is marked inverted, with the instant it stands for', async ({ page }) => {
      await openFresh(page);
      await openSegment(page, 2);
      await page.locator('#seg-1-unit').selectOption('iso');
      await page.locator('#seg-1-order').selectOption('desc');
      // The top score's key, 1500 at 2024-06-23T00:00:00Z: its digits mirrored.
      const first = rows(page).first();
      await expect(first.locator('code')).toHaveText('9999998499#7975-93-76T99:99:99.999Z#p_8842');
      const marks = first.getByTestId('inverted-note');
      await expect(marks).toHaveCount(2);
      const at = first.locator('[data-testid=inverted-note][data-seg="1"]');
      await expect(at).toHaveText('<at> inverted · 2024-06-23T00:00:00.000Z');
      await expect(first.locator('[data-testid=inverted-note][data-seg="0"]')).toHaveText('<score> inverted · 1500');
      // Seen, not hovered: on screen in the list's box, its number that of the chip.
      await at.scrollIntoViewIfNeeded();
      await expect(at).toBeVisible();
      const inBox = await at.evaluate((e) => {
        const ol = e.closest('ol');
        const box = ol.getBoundingClientRect();
        const fade = ol.parentElement.classList.contains('overflows') ? parseFloat(getComputedStyle(ol.parentElement, '::after').width) : 0;
        const r = e.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right - fade + 0.5 && e.scrollWidth <= e.clientWidth;
      });
      expect(inBox).toBe(true);
      expect(await at.evaluate((e) => getComputedStyle(e, '::before').content)).toBe('"2"');
      // Read back from the key: with a zone and whole seconds, the field's own spelling.
      await page.locator('#seg-1-precision').selectOption('second');
      await page.locator('#seg-1-zone').selectOption('+05:30');
      await expect(at).toHaveText('<at> inverted · 2024-06-23T05:30:00+05:30');
      // Ascending again: nothing to explain, no mark.
      await page.locator('#seg-1-order').selectOption('asc');
      await expect(first.locator('[data-testid=inverted-note][data-seg="1"]')).toHaveCount(0);
      await expect(marks).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
  });
}

test('an inverted epoch timestamp and an inverted number say what they stand for', async ({ page }) => {
  await openFresh(page);
  await openSegment(page, 2);
  await page.locator('#seg-1-order').selectOption('desc');
  const first = rows(page).first();
  await expect(first.locator('[data-testid=inverted-note][data-seg="1"]')).toHaveText('<at> inverted · 2024-06-23T00:00:00Z');
  // Every key with an inverted score says its score, the value the stored digits mirror.
  const scores = await rows(page).locator('[data-testid=inverted-note][data-seg="0"]').allTextContents();
  expect(scores).toEqual(['<score> inverted · 1500', '<score> inverted · 240', '<score> inverted · 10', '<score> inverted · 9']);
});
