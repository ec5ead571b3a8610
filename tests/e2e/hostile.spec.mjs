import { test, expect, openFresh, loadPreset } from './fixtures.mjs';
// Hostile input in the fields this round added, at phone width: messages, no crash, the
// work kept across a reload, and no sideways page scroll.
test('megabyte names, invisible characters and broken literals in the new fields, at 375 px', async ({ page }) => {
  test.setTimeout(90000);
  await page.setViewportSize({ width: 375, height: 800 });
  await openFresh(page);
  const big = 'x\u{10FFFF}\u202E#'.repeat(100000);
  await page.getByText('New blank design').click();
  await page.locator('#new-table').fill(big);
  await page.locator('#new-entity').fill(big);
  await expect(page.getByTestId('new-table-problem')).toBeVisible();
  await page.locator('#paste-input').fill("{TableName: 'x', KeyConditionExpression: '" + big + "'}");
  await expect(page.getByTestId('paste-error')).toBeVisible();
  await page.locator('#paste-input').fill("{'a': True, b: [1,2,], /* c */ 'd': \"\\ud83d\"}");
  await page.locator('#seg-0-width').fill('99999999999999999999');
  await expect(page.getByTestId('seg-0-width-problem')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.locator('#separator').fill('');
  await page.locator('#separator').fill('\u{10FFFF}');
  await page.locator('.chip').first().focus();
  await page.keyboard.press('Tab');
  await page.locator('#entity-name').fill('');
  await page.getByTestId('value-0-player').fill(big.slice(0, 5000));
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'keylab', exact: true })).toBeVisible();
  await expect(page.locator('#entity-name')).toHaveValue('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
