// The Key code section: the design as a module in six languages, written from the
// design on screen, following an edit, with the design's hash in its header; a design
// with an error says why instead.
import { test, expect, openFresh, openView } from './fixtures.mjs';

const section = (page) => page.locator('#keycode-panel');

test('each language writes the leaderboard keys with the design hash, and an edit rewrites them', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Key code');
  await section(page).locator('summary').click();
  const code = page.getByTestId('keycode-text');
  await expect(code).toContainText('export function encodeRunSk(v: RunSk): string');
  await expect(code).toContainText('uint(whole(v.score, "Run.score"), 10, true, "Run.score")');
  const hash = (await code.textContent()).match(/design ([0-9a-f]{16})/)[1];
  for (const [tab, text] of [
    ['Python', 'def encode_run_sk(v: RunSk) -> str:'],
    ['Go', 'func EncodeRunSk(v RunSk) (key string, err error) {'],
    ['Java', 'public static String encodeRunSk(RunSk v) {'],
    ['C#', 'public static string EncodeRunSk(RunSk v)'],
    ['Rust', 'pub fn encode_run_sk(v: &RunSk) -> Result<KeyValue, Error> {'],
  ]) {
    await section(page).getByRole('tab', { name: tab, exact: true }).click();
    await expect(code).toContainText(text);
    await expect(code).toContainText(`design ${hash}`);
  }
  // The arrow keys move between languages, as every tab list does.
  await section(page).getByRole('tab', { name: 'Rust' }).press('ArrowLeft');
  await expect(section(page).getByRole('tab', { name: 'C#' })).toHaveAttribute('aria-selected', 'true');
  await expect(code).toContainText('public static class Keys');
  // A width change is a new design: a new hash and the new width in the code.
  await page.locator('#seg-0-width').fill('12');
  await expect(code).toContainText('Uint(v.Score, 12, true, "Run.score")');
  await expect(code).not.toContainText(`design ${hash}`);
  const download = page.waitForEvent('download');
  await section(page).getByRole('button', { name: 'Download Keys.cs' }).click();
  expect((await download).suggestedFilename()).toBe('Keys.cs');
});

test('a hostile entity name is quoted, not pasted into the code', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Key code');
  await section(page).locator('summary').click();
  await page.getByLabel('entity name').fill('Run"); evil("\\u000a');
  const code = page.getByTestId('keycode-text');
  // The name reaches the code only as identifiers' letters and as escaped strings.
  await expect(code).toContainText('export function encodeRunEvilU000aSk(');
  await expect(code).toContainText('"Run\\"); evil(\\"\\\\u000a.SK"');
  await section(page).getByRole('tab', { name: 'Java', exact: true }).click();
  await expect(code).toContainText('public static String encodeRunEvilU000aSk(');
});
