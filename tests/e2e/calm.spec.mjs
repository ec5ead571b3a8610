// A calm page: the files menu closes like any menu, a message sits beside what it
// concerns and goes with the next action, an import keeps the Code panel's settings,
// correct presets carry no case warning, and an opened key warning stays in its box.
import fs from 'node:fs';
import { test, expect, openFresh, openView, loadPreset } from './fixtures.mjs';

const menuOpen = (page) => page.getByTestId('files-menu').evaluate((d) => d.open);
const menuButton = (page) => page.getByTestId('files-menu').locator('summary');

test('the files menu closes on Escape, its button focused again, and on a click outside', async ({ page }) => {
  await openFresh(page);
  await menuButton(page).click();
  expect(await menuOpen(page)).toBe(true);
  // Into the menu by keyboard, then out with Escape: the focus is back on its button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Export schema', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  expect(await menuOpen(page)).toBe(false);
  await expect(menuButton(page)).toBeFocused();
  // A click inside keeps it open; a click outside closes it.
  await menuButton(page).click();
  await page.getByTestId('import-paste').click();
  expect(await menuOpen(page)).toBe(true);
  await page.getByRole('heading', { name: 'keylab', exact: true }).click();
  expect(await menuOpen(page)).toBe(false);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 375, height: 800 } });

  test('a tap outside the files menu closes it', async ({ page }) => {
    await openFresh(page);
    await menuButton(page).tap();
    expect(await menuOpen(page)).toBe(true);
    // A tap where the menu is not: beside its floating items, on the page.
    const items = await page.getByTestId('files-menu').locator('.menu-items').boundingBox();
    const y = Math.min(items.y + items.height + 20, 790);
    await page.touchscreen.tap(items.x + items.width + 5 < 370 ? items.x + items.width + 5 : 5, y);
    expect(await menuOpen(page)).toBe(false);
  });
});

test('an import changes the design and items, not the Code panel\'s endpoint and program switch', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Code');
  await page.getByLabel('endpoint (optional)').fill('http://127.0.0.1:8000');
  await page.getByLabel('endpoint (optional)').press('Tab');
  await page.getByLabel('complete runnable program').check();
  await menuButton(page).click();
  await page.getByTestId('import-file').setInputFiles('cli/tests/fixtures/offices-workbench.json');
  await expect(page.getByTestId('files-status')).toContainText('Imported offices-workbench.json');
  await expect(page.getByRole('tablist', { name: 'entity' }).getByRole('tab')).toHaveText(['Office (3 items)', 'Visit (3 items)', 'Employee (2 items)']);
  await expect(page.getByLabel('endpoint (optional)')).toHaveValue('http://127.0.0.1:8000');
  await expect(page.getByLabel('complete runnable program')).toBeChecked();
  // A keylab file too, though it carries settings of its own.
  const design = JSON.parse(fs.readFileSync('presets/saas.json', 'utf8'));
  await menuButton(page).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'saas.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(design)) });
  await page.getByRole('button', { name: 'Replace my work' }).click();
  await expect(page.getByTestId('files-status')).toContainText('Imported saas.json');
  await expect(page.getByLabel('endpoint (optional)')).toHaveValue('http://127.0.0.1:8000');
  await expect(page.getByLabel('complete runnable program')).toBeChecked();
});

for (const preset of ['saas', 'iot']) {
  test(`the ${preset} preset's keys carry no case warning`, async ({ page }) => {
    await openFresh(page);
    await loadPreset(page, preset);
    await expect(page.getByTestId('sorted-keys').locator('li').first()).toBeVisible();
    await expect(page.getByTestId('sorted-keys').locator('.badge.warn')).toHaveCount(0);
    await expect(page.getByTestId('shared-warnings')).toHaveCount(0);
  });
}
