import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, openFresh } from './fixtures.mjs';

test('the theme toggle cycles auto, light and dark, and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openFresh(page);
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveText('Theme: auto');
  const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const light = await bg();
  await toggle.click();
  await expect(toggle).toHaveText('Theme: light');
  await toggle.click();
  await expect(toggle).toHaveText('Theme: dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await bg()).not.toBe(light);
  await page.reload();
  await expect(page.getByTestId('theme-toggle')).toHaveText('Theme: dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a first visit shows the start-here hint; it can be dismissed', async ({ page }) => {
  await openFresh(page);
  const hint = page.getByTestId('start-hint');
  await expect(hint).toContainText('Start here.');
  await hint.getByRole('button', { name: 'Got it' }).click();
  await expect(hint).toHaveCount(0);
});

test('export and import round trip, and a bad file changes nothing', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  // Import and export live in one menu of the header.
  await page.getByText('Import / export').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export schema and items' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('keylab-design.json');
  const file = await download.path();
  const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(exported.schema.entities[0].fields.score).toEqual({ kind: 'uint', width: 12, order: 'desc' });

  await width.fill('4');
  await width.press('Enter');
  await page.getByTestId('import-file').setInputFiles(file);
  // The edited width is work of the person's own: the import asks first.
  await page.getByRole('button', { name: 'Replace my work' }).click();
  await expect(page.getByTestId('files-status')).toContainText('Imported');
  await expect(width).toHaveValue('12');
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(width).toHaveValue('4');

  const bad = path.join(os.tmpdir(), `keylab-bad-${process.pid}.json`);
  fs.writeFileSync(bad, '{"version": 99, "separator": "#"}');
  // The import closed the menu; a refusal is said in it, beside the import.
  await page.getByText('Import / export').click();
  await page.getByTestId('import-file').setInputFiles(bad);
  await expect(page.getByTestId('import-status')).toContainText('was not imported');
  await expect(page.getByTestId('import-status')).toContainText('version 99');
  await expect(width).toHaveValue('4');

  // The refusal left the menu open, where it is said.
  const [schemaDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export schema', exact: true }).click(),
  ]);
  const schema = JSON.parse(fs.readFileSync(await schemaDownload.path(), 'utf8'));
  expect(schema.version).toBe(1);
  expect(schema.schema).toBeUndefined();
});
