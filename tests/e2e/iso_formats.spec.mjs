// An ISO timestamp is written in the spelling a table already holds: its precision and
// its zone are chosen beside the keys, the keys follow, and a value finer than the
// precision is refused where the keys are, never cut.
import { test, expect, openFresh, openSegment } from './fixtures.mjs';

const keys = (page) => page.getByTestId('sorted-keys').locator('li code');

test('precision and zone of an ISO timestamp, by mouse and by keyboard', async ({ page }) => {
  await openFresh(page);
  await openSegment(page, 2);
  await page.locator('#seg-1-unit').selectOption('iso');
  // The default format: milliseconds in UTC, as before.
  await expect(keys(page).first()).toHaveText(/^\d{10}#2024-06-2\dT00:00:00\.000Z#p_\d+$/);

  // By mouse: whole seconds with no zone, as NoSQL Workbench's samples write them.
  await page.locator('#seg-1-precision').selectOption('second');
  await page.locator('#seg-1-zone').selectOption('none');
  await expect(keys(page).first()).toHaveText(/^\d{10}#2024-06-2\dT00:00:00#p_\d+$/);
  await expect(page.locator('#seg-1-precision option:checked')).toHaveText('YYYY-MM-DDTHH:MM:SS');

  // By keyboard: the zone list moves to an offset; the wall time there is written.
  await page.locator('#seg-1-zone').focus();
  await page.locator('#seg-1-zone').selectOption('+05:30');
  await expect(keys(page).first()).toHaveText(/^\d{10}#2024-06-2\dT05:30:00\+05:30#p_\d+$/);

  // Dates only, at +05:30: the samples are midnight UTC, which is 05:30 there, a time
  // of day the field cannot keep. Each item says so where the keys are.
  await page.locator('#seg-1-precision').selectOption('date');
  const refused = page.getByTestId('preview-refused');
  await expect(refused).toContainText('cannot be written');
  await expect(refused).toContainText('it has a time of day, but the field keeps dates only');
  // In UTC the same dates are whole days, and every key is written again.
  await page.locator('#seg-1-zone').selectOption('Z');
  await expect(refused).toHaveCount(0);
  await expect(keys(page).first()).toHaveText(/^\d{10}#2024-06-2\d#p_\d+$/);

  // The format is part of the saved design: a reload keeps it.
  await page.reload();
  await openSegment(page, 2);
  await expect(page.locator('#seg-1-precision')).toHaveValue('date');
  await expect(page.locator('#seg-1-zone')).toHaveValue('Z');
  await expect(keys(page).first()).toHaveText(/^\d{10}#2024-06-2\d#p_\d+$/);
});
