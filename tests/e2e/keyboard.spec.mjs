// The main flow with the keyboard alone: pick a preset from the header, change a
// width, and copy the query's code. Every stop shows a visible focus ring.
import fs from 'node:fs';
import { test, expect, openFresh } from './fixtures.mjs';

/** Presses Tab until an element matching `selector` (and holding `text`) has focus. */
async function tabTo(page, selector, text = '') {
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(([s, t]) => {
      const el = document.activeElement;
      return !!el?.matches(s) && el.textContent.includes(t);
    }, [selector, text]);
    if (here) {
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
      expect(outline, `${selector} shows its focus`).not.toBe('none');
      return;
    }
  }
  throw new Error(`${selector} cannot be reached with Tab`);
}

test('keyboard only: pick a preset, change a width, copy a working query', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await tabTo(page, '#header-preset-select');
  // The picker shows the design on screen (the leaderboard); one down is IoT.
  await expect(page.locator('#header-preset-select')).toHaveValue('leaderboard');
  await page.keyboard.press('ArrowDown');
  await tabTo(page, '.toolbar .preset-picker > button', 'Load preset');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('preset-lesson')).toContainText('IoT device');

  // The chips are one Tab stop; the arrow opens the second segment's settings.
  await tabTo(page, '.chip[aria-selected=true]');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#inspector h2')).toContainText('Segment 2 of');
  await tabTo(page, '#seg-1-width');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await tabTo(page, '.rail-item', 'Item collections');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('collection-forward').locator('li code').first()).toHaveText('#READING#00000001');
  await tabTo(page, '.rail-item', 'Code');
  await page.keyboard.press('Enter');

  // The code tabs are one Tab stop; the arrow keys pick within them (ARIA tabs).
  await tabTo(page, '[role=tab][aria-selected=true]', 'AWS CLI');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: 'boto3 client' })).toBeFocused();
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: 'boto3 client' })).toHaveAttribute('aria-selected', 'true');
  // The code is written a task after the tab is chosen; the Copy button is the code's own.
  await expect(page.getByTestId('snippet-code')).toContainText('KeyConditionExpression="#pk = :pk"');
  await tabTo(page, '.snippet-actions button', 'Copy the boto3 client code');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('KeyConditionExpression="#pk = :pk"');
  expect(copied).toContain('DEVICE#THERMO-7');
});

test('Escape closes New blank design and answers each replace question "no", the focus back where it was', async ({ page }) => {
  await openFresh(page);
  // New blank design opens over the page like the files menu, and closes like it.
  const summary = page.getByTestId('new-design').locator('summary');
  const table = page.locator('#new-table');
  await summary.click();
  await table.fill('Shop');
  await page.keyboard.press('Escape');
  await expect(table).toBeHidden();
  await expect(summary).toBeFocused();
  await expect(page.getByRole('heading', { name: 'SK template of Run' })).toBeVisible();
  await summary.click();
  await expect(table).toBeVisible();
  await page.getByRole('heading', { name: 'keylab', exact: true }).click();
  await expect(table).toBeHidden();

  // Work that is the person's: loading a preset asks first; Escape keeps the work.
  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  await page.locator('#header-preset-select').selectOption('iot');
  const load = page.locator('.toolbar .preset-picker > button');
  await load.click();
  const ask = page.getByRole('alertdialog', { name: 'replace your work?' });
  await expect(ask).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Replace my work' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(load).toBeFocused();
  await expect(width).toHaveValue('12');

  // The import's question too: the focus goes back to the files menu's button.
  const files = page.getByTestId('files-menu').locator('summary');
  await files.click();
  await page.getByTestId('import-paste').fill(fs.readFileSync('cli/tests/fixtures/shop-export.jsonl', 'utf8'));
  await page.getByRole('button', { name: 'Import pasted text' }).click();
  const importing = page.getByRole('alertdialog', { name: 'replace your work with the import?' });
  await expect(importing).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(importing).toHaveCount(0);
  await expect(files).toBeFocused();
  await expect(width).toHaveValue('12');
  await expect(page.getByRole('tablist', { name: 'entity' }).getByRole('tab')).toHaveText(['Run (4 items)']);
});
