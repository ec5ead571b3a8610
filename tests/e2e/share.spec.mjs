import zlib from 'node:zlib';
import { test, expect, openFresh } from './fixtures.mjs';

async function shareLinkAfter(page, context, edit) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await edit();
  await page.getByRole('button', { name: 'Copy share link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/index\.html#s=[A-Za-z0-9_-]+$/);
  return url;
}

async function setWidth(page, width) {
  const input = page.locator('#seg-0-width');
  await input.fill(String(width));
  await input.press('Enter');
}

test('a share link carries the whole design to a browser with no saved work', async ({ page, context, browser }) => {
  const url = await shareLinkAfter(page, context, () => setWidth(page, 12));
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(url);
  await expect(fresh.getByTestId('sorted-keys').locator('code').first()).toHaveText('999999998499#0000001719100800#p_8842');
  await expect(fresh.getByRole('alertdialog')).toHaveCount(0);
  expect(new URL(fresh.url()).hash, 'the link is dropped from the address bar once read').toBe('');
  await other.close();
});

test('a link never replaces different saved work without asking', async ({ page, context }) => {
  const url = await shareLinkAfter(page, context, () => setWidth(page, 12));
  await setWidth(page, 7); // the saved work now differs from the link
  await page.goto(url);
  const prompt = page.getByRole('alertdialog');
  await expect(prompt).toContainText('differs from your saved work');
  await expect(page.locator('#seg-0-width')).toHaveValue('7');
  await prompt.getByRole('button', { name: 'Keep my work' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.locator('#seg-0-width')).toHaveValue('7');

  // Escape is "Keep my work", as any question's "no" is.
  await page.goto(url);
  await expect(prompt).toBeInViewport();
  // The keyboard starts on the question's "no".
  await expect(prompt.getByRole('button', { name: 'Keep my work' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);
  await expect(page.locator('#seg-0-width')).toHaveValue('7');

  await page.goto(url);
  await page.getByRole('button', { name: 'Open the linked design' }).click();
  await expect(page.locator('#seg-0-width')).toHaveValue('12');
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(page.locator('#seg-0-width')).toHaveValue('7');
});

test('malformed, truncated and newer-version links leave the work as it was', async ({ page }) => {
  await openFresh(page);
  await setWidth(page, 9);
  for (const [fragment, message] of [
    ['#s=!!!not-a-link', "it holds '!' at character 1, which a keylab link never has"],
    ['#s=eJyrVkrLz1eyUkpKLFKqBQApCgVs', 'copy it again, all of it'],
    [`#s=${'A'.repeat(600 * 1024)}`, 'more than'],
  ]) {
    await page.goto(`/index.html${fragment}`);
    await expect(page.getByRole('status')).toContainText('This link could not be opened');
    await expect(page.getByRole('status')).toContainText(message);
    await expect(page.locator('#seg-0-width')).toHaveValue('9');
  }
});

test('a link whose saved query is damaged opens, and says the query was reset', async ({ page, context, browser }) => {
  const url = await shareLinkAfter(page, context, () => setWidth(page, 12));
  const [base, data] = url.split('#s=');
  const work = JSON.parse(zlib.inflateRawSync(Buffer.from(data, 'base64url')).toString());
  work.query = { limit: 10 };
  const damaged = `${base}#s=${zlib.deflateRawSync(Buffer.from(JSON.stringify(work))).toString('base64url')}`;
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(damaged);
  await expect(fresh.getByTestId('sorted-keys').locator('code').first()).toHaveText('999999998499#0000001719100800#p_8842');
  await expect(fresh.getByText("The link's work opened, but the saved query")).toBeVisible();
  await other.close();
  // Over different saved work, the prompt says it before anything is opened.
  await setWidth(page, 7);
  await page.goto(damaged);
  await expect(page.getByTestId('link-notes')).toContainText('would be reset: the saved query');
  await page.getByRole('button', { name: 'Open the linked design' }).click();
  await expect(page.locator('#seg-0-width')).toHaveValue('12');
});
