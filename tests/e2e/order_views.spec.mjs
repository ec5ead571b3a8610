import { test, expect, openFresh } from './fixtures.mjs';

test('the byte view marks the first differing byte and says why', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Byte view: why each key sorts before the next').click();
  const pairs = page.getByTestId('byte-view').locator('li');
  await expect(pairs).toHaveCount(3);
  await expect(pairs.first().locator('mark')).toHaveText(['38', '39']);
  await expect(pairs.first()).toContainText("because at byte 6 '8' (0x38) is below '9' (0x39)");
});

test('the warning threshold can be changed, and an impossible one is an error beside it', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  await width.fill('4');
  await width.press('Enter');
  const warn = page.locator('#seg-0-warn');
  await expect(warn).toHaveValue('80');
  await warn.fill('10');
  await warn.press('Enter');
  const cell = page.getByTestId('value-1-score').locator('..');
  await expect(cell).toContainText("uses 15.0% of the width's capacity (warning at 10%)");
  await expect(page.getByTestId('segment-0').getByTestId('width-plan')).toHaveClass(/near/);
  await warn.fill('0');
  await warn.press('Enter');
  await expect(page.getByTestId('seg-0-warn-problem')).toContainText('"0" is not a percentage above 0 and at most 100');
  // The typed value stays in the field, and the preview names the setting that stops it.
  await expect(warn).toHaveValue('0');
  await expect(warn).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('preview-blocked')).toContainText('is fixed: "0" is not a percentage');
});

test('the preview lists from the end on request; Number and String key orders side by side', async ({ page }) => {
  await openFresh(page);
  const keys = page.getByTestId('sorted-keys').locator('li .values');
  await expect(keys.first()).toContainText(', 1500,');
  await page.getByLabel('list from the end').check();
  // The list's view, not the query: its input still reads forward.
  await expect(page.getByTestId('query-input')).toContainText('"ScanIndexForward": true');
  await expect(keys.first()).toContainText(', 9,');
  await page.getByText('score as a Number key vs a String key').click();
  const view = page.getByTestId('number-vs-string');
  await expect(view.locator('ol').first().locator('li')).toHaveText(['9', '10', '240', '1500']);
  await expect(view.locator('ol').last().locator('li')).toHaveText(['10', '1500', '240', '9']);
});

test('an expected maximum drives the suggested width, and is kept', async ({ page }) => {
  await openFresh(page);
  const expected = page.locator('#seg-0-expected');
  await expected.fill('99999999999');
  await expected.press('Enter');
  const plan = page.getByTestId('segment-0').getByTestId('width-plan');
  await expect(plan).toContainText('largest value 99999999999 uses');
  await expect(plan).toContainText('suggested width 13');
  await expect(plan).toHaveClass(/overflow/);
  await page.reload();
  await expect(page.locator('#seg-0-expected')).toHaveValue('99999999999');
});
