// axe-core, run inside the real page: no serious or critical violations, in light and
// dark mode, with every panel showing content (errors and the byte view included).
import { test, expect, openFresh, violations, openView } from './fixtures.mjs';

for (const scheme of ['light', 'dark']) {
  test(`no serious or critical accessibility violations, ${scheme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openFresh(page);
    // Show errors, warnings, query results, the byte view and a pasted expression too.
    const width = page.locator('#seg-0-width');
    await width.fill('3');
    await width.press('Enter');
    await page.getByLabel('access pattern').selectOption('range');
    await page.getByText('Byte view: why each key sorts before the next').click();
    for (const view of ['Item collections', 'Paste an expression', 'Code', 'Key code', 'Table definitions', 'Compare versions']) await openView(page, view);
    await page.getByLabel('Query input as JSON').fill('{"KeyConditionExpression": "PK = :p OR SK = :s"}');
    await page.getByLabel('Query input as JSON').press('Tab');
    expect(await violations(page)).toEqual([]);
  });
}

test('no horizontal scroll at 375 px except inside code blocks', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('range');
  await expect(page.getByLabel('score is')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('at 1920 px the segment settings sit beside the template and the keys, with no horizontal scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openFresh(page);
  const template = await page.getByRole('heading', { name: /template of Run/ }).boundingBox();
  const order = await page.getByRole('heading', { name: 'SK in query order' }).boundingBox();
  const settings = await page.locator('#inspector').boundingBox();
  // The chips above the keys, the open segment's settings beside both.
  expect(Math.abs(template.x - order.x)).toBeLessThan(2);
  expect(order.y).toBeGreaterThan(template.y);
  expect(Math.abs(settings.y - template.y)).toBeLessThan(40);
  expect(settings.x).toBeGreaterThan(order.x + 800);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
