// The README's screenshots are taken here, from the real page, so they stay current.
import { test, expect, openFresh, loadPreset } from './fixtures.mjs';

for (const scheme of ['light', 'dark']) {
  test(`README screenshot, ${scheme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openFresh(page);
    await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(4);
    await page.screenshot({ path: `docs/screenshot-${scheme}.png`, fullPage: true });
  });
}

test('README screenshot of a preset: the SaaS item collection', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFresh(page);
  await loadPreset(page, 'saas');
  await expect(page.getByTestId('collection-forward').locator('li')).toHaveCount(8);
  await page.getByRole('heading', { name: 'Item collections' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshot-collection.png' });
});
