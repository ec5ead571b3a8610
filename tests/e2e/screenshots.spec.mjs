// The README's screenshots are taken here, from the real page, so they stay current.
import { test, expect, openFresh, loadPreset, openView } from './fixtures.mjs';

for (const scheme of ['light', 'dark']) {
  test(`README screenshot, ${scheme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    // The first screen a person sees, the keys grown to 24 so the workbench has work.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openFresh(page);
    await page.getByLabel('random Run items').fill('24');
    await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
    await expect(page.getByTestId('sorted-keys').locator('> li')).toHaveCount(24);
    await expect(page.getByTestId('sorted-keys').locator('li.moved')).toHaveCount(0, { timeout: 5000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `docs/screenshot-${scheme}.png` });
  });
}

test('README screenshot of a preset: the SaaS item collection', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFresh(page);
  await loadPreset(page, 'saas');
  await openView(page, 'Item collections');
  await expect(page.getByTestId('collection-forward').locator('li')).toHaveCount(8);
  await page.getByRole('heading', { name: 'Item collections' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshot-collection.png' });
});

test('README before/after pair: the score width from 10 to 3', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page);
  await page.getByTestId('start-hint').getByRole('button', { name: 'Got it' }).click();
  // A range query, so the band shows what the width change does to it too.
  await page.getByLabel('access pattern').selectOption('range');
  await page.getByLabel('score is').selectOption('between');
  for (const [label, value] of [['value', '9'], ['and', '500']]) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel(label, { exact: true }).press('Tab');
  }
  await expect(page.getByTestId('sorted-keys').locator('li.match')).toHaveCount(3);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'docs/screenshot-width-before.png' });
  await page.locator('#seg-0-width').fill('3');
  // 1500 no longer fits: its key leaves the list and the field says why.
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('sorted-keys').locator('li.moved')).toHaveCount(0, { timeout: 5000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'docs/screenshot-width-after.png' });
});

test('README screenshot: a multi-attribute GSI beside a concatenated one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page);
  await loadPreset(page, 'order-status');
  await openView(page, 'Two GSI designs');
  await expect(page.getByTestId('design-ByStatus').getByTestId('design-keys').locator('li')).toHaveCount(3);
  await page.locator('#side-by-side').scrollIntoViewIfNeeded();
  await page.locator('#side-by-side').screenshot({ path: 'docs/screenshot-side-by-side.png' });
});

test('README screenshot: a table export brought in, its report beside its keys', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page);
  await page.getByTestId('start-hint').getByRole('button', { name: 'Got it' }).click();
  await page.getByText('Import / export').click();
  await page.getByTestId('import-file').setInputFiles('cli/tests/fixtures/shop-export.jsonl');
  await expect(page.getByTestId('files-status')).toContainText('Imported shop-export.jsonl');
  await expect(page.getByTestId('import-report')).toContainText('item on line 9');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'docs/screenshot-import.png' });
});
