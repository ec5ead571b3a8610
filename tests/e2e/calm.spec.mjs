// A calm page: the files menu closes like any menu, a message sits beside what it
// concerns and goes with the next action, an import keeps the Code panel's settings,
// correct presets carry no case warning, and an opened key warning stays in its box.
import fs from 'node:fs';
import { test, expect, openFresh, openView, loadPreset } from './fixtures.mjs';

const menuOpen = (page) => page.getByTestId('files-menu').evaluate((d) => d.open);
const menuButton = (page) => page.getByTestId('files-menu').locator('summary');

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
