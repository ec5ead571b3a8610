// What the first load leaves out (issue 25): key code's runtimes, keylab's codec in five
// languages, are fetched when a view asks for one. The first screen works while they are
// held back; the Key code view and the exports that need one say they are loading, then
// work once it arrives; a file that fails, or is not this build's, is said, with a way
// to try again.
import fs from 'node:fs';
import { test as plain } from '@playwright/test';
import { test, expect, openFresh, openView } from './fixtures.mjs';

const section = (page) => page.locator('#keycode-panel');

/** Holds back every request matching `pattern` until the returned function is called;
 * `asked` collects their URLs. */
async function hold(page, pattern, asked = []) {
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(pattern, async (route) => { asked.push(route.request().url()); await held; await route.continue(); });
  return release;
}
const holdRuntimes = (page) => hold(page, '**/keycode/**');

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
  // The page says "loading" as it starts the fetch; the request event can come a moment later.
  await expect.poll(() => asked.map((u) => new URL(u).pathname)).toEqual(['/keycode/keys.ts']);
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
  const status = page.getByTestId('export-status');
  await expect(status).toContainText("Fetching keylab's TypeScript key code for the export…");
  release();
  await expect(status).toContainText('Downloaded Leaderboard.onetable.ts');
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  expect(text).toContain('export function encodeRunSk(');
  expect(text).toContain('Why a value or a key was refused');
});

// The second module (the JS API, the SDK code, the programs that write the items and
// the paste readers) is fetched after the first paint. Held back, the first screen works
// and every view that needs it says it is loading; once it comes, they work.
const secondModule = '**/keylab-js-*';

test('the first screen works while the second module is held back, and its views come with it', async ({ page }) => {
  const asked = [];
  const release = await hold(page, secondModule, asked);
  await openFresh(page);
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(4);
  await expect(page.getByTestId('query-bar-expression')).toContainText('#pk = :pk');
  // Asked for once the keys are drawn, not before; its script and its WebAssembly
  // together, not one after the other's round trip (openFresh loads the page twice).
  const files = () => [...new Set(asked.map((u) => new URL(u).pathname.replace(/^.*\/keylab-js-[0-9a-f]{16}/, '')))].sort();
  await expect.poll(files).toEqual(['.js', '_bg.wasm']);
  expect(await page.evaluate(() => typeof window.wasmBindings?.encodeItem)).toBe('undefined');
  // Edits still work: the design, the keys and the query band answer at once.
  await page.locator('#seg-0-width').fill('12');
  await page.locator('#seg-0-width').press('Enter');
  await expect(page.getByTestId('sorted-keys').locator('li code').first()).toHaveText(/^\d{12}#/);
  // Key code is written by the second module too: Rust's needs no runtime, only it.
  await openView(page, 'Key code');
  await section(page).locator('summary').click();
  await expect(page.getByTestId('keycode-loading')).toHaveText("Loading keylab's TypeScript runtime…");
  await section(page).getByRole('tab', { name: 'Rust', exact: true }).click();
  await expect(section(page).getByTestId('second-module-loading')).toHaveText('Loading the key code writer…');
  await openView(page, 'Code');
  await expect(page.locator('#snippet-panel').getByTestId('second-module-loading')).toHaveText('Loading the AWS CLI code…');
  await page.locator('#snippet-panel details.writes summary').click();
  await expect(page.locator('#snippet-panel details.writes').getByTestId('second-module-loading')).toHaveText('Loading the program that writes the items…');
  await openView(page, 'Paste an expression');
  await page.locator('#paste-input').fill('{"KeyConditionExpression": "#pk = :pk"}');
  await expect(page.locator('[aria-labelledby=paste-title]').getByTestId('second-module-loading')).toHaveText('Loading the reader of pasted queries…');
  release();
  await expect(page.getByTestId('keycode-text')).toContainText('pub fn encode_run_sk(');
  await expect(page.getByTestId('snippet-code')).toContainText('aws dynamodb query');
  await expect(page.getByTestId('writes-code')).toContainText('batch-write-item');
  await expect(page.getByTestId('paste-error')).toBeVisible();
  await expect(page.getByTestId('second-module-loading')).toHaveCount(0);
  expect(await page.evaluate(() => window.wasmBindings.sortKeys(['b', 'a']))).toEqual(['a', 'b']);
});

// A failed request is reported in the console, which the shared fixture counts as a page
// error: this test uses Playwright's own and checks the page's words instead.
plain('a second module that fails to load is said in each view that needs it, and Retry brings it', async ({ page }) => {
  await page.route(secondModule, (route) => route.fulfill({ status: 503, body: 'down for maintenance' }));
  await openFresh(page);
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(4);
  await openView(page, 'Code');
  const failed = page.locator('#snippet-panel').getByTestId('second-module-failed');
  await expect(failed).toContainText('keylab could not load the AWS CLI code: ');
  await expect(failed).toContainText('Check the connection, then retry');
  await openView(page, 'Paste an expression');
  await page.locator('#paste-input').fill('{"KeyConditionExpression": "#pk = :pk"}');
  await expect(page.locator('[aria-labelledby=paste-title]').getByTestId('second-module-failed')).toContainText('keylab could not load the reader of pasted queries');
  await page.unroute(secondModule);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('snippet-code')).toContainText('aws dynamodb query');
  await expect(page.getByTestId('paste-error')).toBeVisible();
  await expect(page.getByTestId('second-module-failed')).toHaveCount(0);
});

plain("a second module whose WebAssembly fails is said, and Retry brings it", async ({ page }) => {
  const wasm = '**/keylab-js-*_bg.wasm*';
  await page.route(wasm, (route) => route.fulfill({ status: 503, body: 'down for maintenance' }));
  await openFresh(page);
  await openView(page, 'Code');
  const failed = page.locator('#snippet-panel').getByTestId('second-module-failed');
  await expect(failed).toContainText('keylab could not load the AWS CLI code: its WebAssembly could not be fetched or compiled');
  await page.unroute(wasm);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('snippet-code')).toContainText('aws dynamodb query');
  expect(await page.evaluate(() => window.wasmBindings.sortKeys(['b', 'a']))).toEqual(['a', 'b']);
});

test('an import or pasted items asked for before the second module came are done once it is here', async ({ page }) => {
  const release = await hold(page, secondModule);
  await openFresh(page);
  await page.getByText('Import / export').click();
  await page.getByTestId('import-file').setInputFiles('cli/tests/fixtures/offices-workbench.json');
  await expect(page.getByTestId('import-status')).toContainText("Reading offices-workbench.json: keylab's importers are loading…");
  release();
  await expect(page.getByTestId('files-status')).toContainText('Imported offices-workbench.json, a NoSQL Workbench model: 3 entities, 8 items; 1 facet left out — see the notes.');
  await expect(page.getByTestId('import-status')).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'entity' }).getByRole('tab')).toHaveText(['Office (3 items)', 'Visit (3 items)', 'Employee (2 items)']);
});

test('items pasted before the reader came are added once it is here', async ({ page }) => {
  const release = await hold(page, secondModule);
  await openFresh(page);
  await page.getByText('Paste JSON lines or CSV').click();
  await page.locator('#paste-items').fill('{"season": "SPRING-2026", "score": 42, "at": 1719100800, "player": "late"}');
  await page.getByRole('button', { name: 'Add items' }).click();
  const status = page.getByTestId('paste-items-status');
  await expect(status).toHaveText("Reading the items: keylab's reader of pasted items is loading…");
  release();
  await expect(status).toHaveText('Added 1 item.');
  await expect(page.getByTestId('sorted-keys')).toContainText('late');
});
