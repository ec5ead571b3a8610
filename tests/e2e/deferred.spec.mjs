// What the first load leaves out (issue 25): key code's runtimes, keylab's codec in five
// languages, are fetched when a view asks for one. The first screen works while they are
// held back; the Key code view and the exports that need one say they are loading, then
// work once it arrives; a file that fails, or is not this build's, is said, with a way
// to try again.
import fs from 'node:fs';
import { test as plain } from '@playwright/test';
import { test, expect, openFresh, openView } from './fixtures.mjs';

const section = (page) => page.locator('#keycode-panel');

/** Holds back every request for a runtime until the returned function is called. */
async function holdRuntimes(page) {
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/keycode/**', async (route) => { await held; await route.continue(); });
  return release;
}

test('the first screen works without the runtimes, and Key code says it is loading until they come', async ({ page }) => {
  const release = await holdRuntimes(page);
  const asked = [];
  page.on('request', (r) => { if (r.url().includes('/keycode/')) asked.push(r.url()); });
  await openFresh(page);
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(4);
  // The first screen is whole: the query's expression is there, and no runtime was asked for.
  await expect(page.getByTestId('query-bar-expression')).toContainText('#pk = :pk');
  expect(asked).toEqual([]);
  await openView(page, 'Key code');
  await section(page).locator('summary').click();
  await expect(page.getByTestId('keycode-loading')).toHaveText("Loading keylab's TypeScript runtime…");
  expect(asked.map((u) => new URL(u).pathname)).toEqual(['/keycode/keys.ts']);
  await expect(page.getByTestId('keycode-text')).toHaveCount(0);
  // Rust's module calls the keylab crate: it has no runtime to wait for.
  await section(page).getByRole('tab', { name: 'Rust', exact: true }).click();
  await expect(page.getByTestId('keycode-text')).toContainText('pub fn encode_run_sk(');
  await section(page).getByRole('tab', { name: 'TypeScript', exact: true }).click();
  release();
  const code = page.getByTestId('keycode-text');
  await expect(code).toContainText('export function encodeRunSk(v: RunSk): string');
  await expect(code).toContainText('Why a value or a key was refused');
  await section(page).getByRole('tab', { name: 'Go', exact: true }).click();
  await expect(code).toContainText('type KeyError struct');
});

/** A runtime answered badly at first: the view says why, and Retry brings the real one. */
async function refusedThenRetried(page, { file, tab, answer, said, code }) {
  await page.route(`**/keycode/${file}`, (route) => route.fulfill(answer));
  await openFresh(page);
  await openView(page, 'Key code');
  await section(page).locator('summary').click();
  await section(page).getByRole('tab', { name: tab, exact: true }).click();
  const error = page.getByTestId('keycode-error');
  await expect(error).toContainText(`keylab's ${tab} runtime could not be loaded: ${said}`);
  await page.unroute(`**/keycode/${file}`);
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('keycode-text')).toContainText(code);
}

test('a runtime that is not this build\'s is refused and said; Retry fetches it again', async ({ page }) => {
  await refusedThenRetried(page, {
    file: 'keys.py', tab: 'Python',
    answer: { status: 200, contentType: 'text/plain', body: 'class KeylabError(ValueError):\n    pass  # an older runtime\n' },
    said: "the file fetched is not this version's Python runtime",
    code: 'def encode_run_sk(v: RunSk) -> str:',
  });
  await expect(page.getByTestId('keycode-text')).toContainText('class KeylabError(ValueError):');
});

// The browser reports a failed request in the console, which the shared fixture counts
// as a page error: this test uses Playwright's own and checks the page's words instead.
plain('a runtime the server refuses is said with its status, and comes on retry', async ({ page }) => {
  await refusedThenRetried(page, {
    file: 'Keys.java', tab: 'Java',
    answer: { status: 503, body: 'down for maintenance' },
    said: 'keycode/Keys.java answered HTTP 503',
    code: 'public static String encodeRunSk(RunSk v) {',
  });
});

test('an export that needs the TypeScript runtime waits for it, then downloads', async ({ page }) => {
  const release = await holdRuntimes(page);
  await openFresh(page);
  await page.getByText('Import / export').click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'OneTable schema (TypeScript)' }).click();
  const status = page.getByTestId('files-status');
  await expect(status).toContainText("Fetching keylab's TypeScript key code for the export…");
  release();
  await expect(status).toContainText('Downloaded Leaderboard.onetable.ts');
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  expect(text).toContain('export function encodeRunSk(');
  expect(text).toContain('Why a value or a key was refused');
});
