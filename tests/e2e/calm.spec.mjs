// A calm page: the files menu closes like any menu, a message sits beside what it
// concerns and goes with the next action, an import keeps the Code panel's settings,
// correct presets carry no case warning, and an opened key warning stays in its box.
import fs from 'node:fs';
import { test, expect, openFresh, openView, loadPreset } from './fixtures.mjs';

const menuOpen = (page) => page.getByTestId('files-menu').evaluate((d) => d.open);
const menuButton = (page) => page.getByTestId('files-menu').locator('summary');

for (const preset of ['saas', 'iot']) {
  test(`the ${preset} preset's keys carry no case warning`, async ({ page }) => {
    await openFresh(page);
    await loadPreset(page, preset);
    await expect(page.getByTestId('sorted-keys').locator('li').first()).toBeVisible();
    await expect(page.getByTestId('sorted-keys').locator('.badge.warn')).toHaveCount(0);
    await expect(page.getByTestId('shared-warnings')).toHaveCount(0);
  });
}
