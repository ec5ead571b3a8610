import { test, expect, openFresh } from './fixtures.mjs';

test('corrupted storage falls back to the last copy that loaded, and keeps the damaged one', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  await width.fill('7');
  await width.press('Enter');
  await page.reload(); // this load succeeds, so it becomes the backup
  await expect(width).toHaveValue('7');
  await page.evaluate(() => localStorage.setItem('keylab.work', '{"schema": {"version": 1, "separator": "#"'));
  await page.reload();
  await expect(page.getByRole('status')).toContainText('the last copy that loaded was restored');
  await expect(width).toHaveValue('7');
  expect(await page.evaluate(() => localStorage.getItem('keylab.unreadable'))).toBe('{"schema": {"version": 1, "separator": "#"');
});
