// Every preset from the seed articles, loaded through the page's picker: what it
// teaches is on screen, its query returns what the lesson says, and axe finds no
// serious or critical violation in it.
import { test, expect, openFresh, loadPreset, violations, openView, openSegment } from './fixtures.mjs';

const keys = (page, testid) => page.getByTestId(testid).locator('li code');

const checks = {
  leaderboard: async (page) => {
    await expect(keys(page, 'sorted-keys')).toHaveText([/^9999998499#/, /^9999999759#/, /^9999999989#/, /^9999999990#/]);
    await expect(keys(page, 'naive-keys')).toHaveText([/^10#/, /^1500#/, /^240#/, /^9#/]);
    // The top 3: three of the four runs, the highest scores.
    await expect(keys(page, 'query-hits')).toHaveText([/^9999998499#/, /^9999999759#/, /^9999999989#/]);
    await expect(page.getByTestId('query-bar-reading')).toContainText('the first 3 · 3 returned');
  },
  iot: async (page) => {
    // One backward query: the device, then its newest readings.
    await expect(keys(page, 'query-hits').first()).toHaveText('DEVICE#THERMO-7');
    await expect(keys(page, 'query-hits').nth(1)).toHaveText('#READING#000012');
    await expect(page.getByTestId('query-input')).toContainText('"ScanIndexForward": false');
    // Unpadded, READING#10 sorts before READING#2.
    await expect(keys(page, 'naive-keys').nth(1)).toHaveText('#READING#10');
    await expect(page.getByTestId('collection-summary')).toContainText('12 item(s) before it');
    await expect(page.getByTestId('collection-backward').locator('li').first()).toContainText('parent');
  },
  saas: async (page) => {
    await expect(keys(page, 'query-hits')).toHaveText(['ORG#ACME', '#TEAM#PLATFORM', '#TEAM#DESIGN', '#TEAM#BILLING']);
    await expect(page.getByTestId('query-expression')).toHaveText('#pk = :pk AND #sk <= :sk');
    await page.getByLabel('access pattern').selectOption('after');
    await expect(keys(page, 'query-hits')).toHaveText(['ORG#ACME', 'USER#ALICE', 'USER#BOB', 'USER#CAROL', 'USER#DAVE']);
    await expect(page.getByTestId('query-expression')).toHaveText('#pk = :pk AND #sk >= :sk');
    await expect(page.getByTestId('collection-summary')).toContainText('3 item(s) before it (Team) and 4 after it (User)');
  },
  tickets: async (page) => {
    await expect(page.getByRole('heading', { name: 'GSI1SK in query order' })).toBeVisible();
    await expect(page.getByTestId('query-input')).toContainText('"IndexName": "GSI1"');
    await expect(page.getByTestId('query-hits').locator('li .values').first()).toContainText('KL-104');
    await expect(page.getByTestId('preset-lesson')).toContainText('delete plus a create');
  },
  orders: async (page) => {
    await expect(page.getByTestId('query-expression')).toHaveText('#pk = :pk AND #sk BETWEEN :lo AND :hi');
    await expect(keys(page, 'query-hits')).toHaveText(['ORDER#01JM4A1B2C3D4E5F6G7H8J9K0M', 'ORDER#01JQZZZZZZ0000000000000000']);
    await expect(page.getByTestId('query-explanation')).toContainText('between');
    // The instant each id holds is shown beside it: the time reference for the range.
    await expect(page.getByTestId('query-hits').locator('li .values').first()).toContainText('(2025-02-15T08:01:42.476Z)');
  },
  casing: async (page) => {
    await expect(keys(page, 'sorted-keys')).toHaveText(['AUTHOR#DeBrie', 'AUTHOR#Dean', 'AUTHOR#Zed', 'AUTHOR#alex', 'AUTHOR#dana']);
    await openSegment(page, 2);
    await page.locator('#seg-1-case').selectOption('upper');
    await expect(keys(page, 'sorted-keys')).toHaveText(['AUTHOR#ALEX', 'AUTHOR#DANA', 'AUTHOR#DEAN', 'AUTHOR#DEBRIE', 'AUTHOR#ZED']);
  },
  migration: async (page) => {
    await expect(page.getByRole('alert').filter({ hasText: '12345678901' }).first()).toBeVisible();
    await expect(keys(page, 'collection-forward')).toHaveText([
      'INV#0000000500', 'INV#0000001000', 'INV#000042', 'INV#000900', 'INV#9999999998',
    ]);
  },
};

for (const [id, check] of Object.entries(checks)) {
  test(`preset ${id}: its lesson shows on screen and holds`, async ({ page }) => {
    await openFresh(page);
    await loadPreset(page, id);
    await openView(page, 'Item collections');
    await check(page);
    expect(await violations(page)).toEqual([]);
  });
}

test('one preset picker, in the header; loading one over changed work asks first', async ({ page }) => {
  await openFresh(page);
  const hint = page.getByTestId('start-hint');
  // The start hint points at the header's picker rather than offering a second one.
  await expect(page.getByLabel('preset', { exact: true })).toHaveCount(1);
  await expect(hint).toContainText('under preset, at the top');
  await page.locator('#header-preset-select').selectOption('saas');
  await page.locator('.toolbar').getByRole('button', { name: 'Load preset' }).click();
  // The untouched leaderboard is replaced without a question, and the hint closes.
  await expect(page.getByTestId('preset-lesson')).toContainText('SaaS organisation');
  await expect(hint).toHaveCount(0);
  await page.getByRole('tablist', { name: 'entity' }).getByRole('tab', { name: 'User (4 items)' }).click();
  await page.getByTestId('value-4-user').fill('zed');
  await page.getByTestId('value-4-user').press('Tab');
  await page.locator('#header-preset-select').selectOption('iot');
  await page.locator('.toolbar').getByRole('button', { name: 'Load preset' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Replace your current design');
  await page.getByRole('button', { name: 'Keep my work' }).click();
  await expect(page.getByTestId('value-4-user')).toHaveValue('zed');
  // "No" leaves the picker naming the design on screen, not the preset refused.
  await expect(page.locator('#header-preset-select')).toHaveValue('saas');
  await page.locator('#header-preset-select').selectOption('iot');
  await page.locator('.toolbar').getByRole('button', { name: 'Load preset' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.locator('#header-preset-select')).toHaveValue('saas');
  await page.locator('#header-preset-select').selectOption('iot');
  await page.locator('.toolbar').getByRole('button', { name: 'Load preset' }).click();
  await page.getByRole('button', { name: 'Replace my work' }).click();
  await expect(page.getByTestId('preset-lesson')).toContainText('IoT');
  await expect(page.locator('#header-preset-select')).toHaveValue('iot');
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(page.getByTestId('value-4-user')).toHaveValue('zed');
  // The header names the design on screen, not the one last loaded.
  await expect(page.locator('#header-preset-select')).toHaveValue('saas');
});
