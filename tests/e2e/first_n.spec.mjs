// "N means N": a pattern that promises N items shows N and writes code that stops at N.
// Limit is DynamoDB's page size, so the Leaderboard's top 3 once showed, and printed,
// all four runs over two pages.
import { test, expect, openFresh, openView } from './fixtures.mjs';

const hitValues = (page) => page.getByTestId('query-hits').locator('li .values');

test('the Leaderboard reads the first 3: the line says so, 3 rows, and the copied code stops at 3', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await expect(page.getByLabel('access pattern')).toHaveValue('top');
  await expect(page.getByLabel('how many')).toHaveValue('3');
  await expect(page.getByTestId('query-bar-reading')).toHaveText('the first 3 · 3 returned · 1 page(s) · forward · Limit 3');
  await expect(hitValues(page)).toHaveText([/, 1500,/, /, 240,/, /, 10,/]);
  // The fourth run (score 9) is in the partition but not returned.
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(4);
  await expect(page.getByTestId('sorted-keys').locator('li.match')).toHaveCount(3);
  await expect(page.getByTestId('sorted-keys').getByTestId('bound').last()).toHaveText('■ stops after the first 3');
  await expect(page.getByTestId('query-explanation')).toContainText('Returns the first 3 Run items');
  await expect(page.getByTestId('query-input')).toContainText('"Limit": 3');
  // The line's Copy gives the chosen SDK's code: the AWS CLI, which stops at three.
  await page.getByTestId('query-bar').getByRole('button', { name: 'Copy AWS CLI code' }).click();
  await expect(page.getByTestId('query-bar').getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('--page-size 3');
  expect(copied).toContain('--max-items 3');
});

test('a page size apart from N pages the first N and still stops at N, in the list and in every program', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('Limit', { exact: true }).fill('2');
  await page.getByLabel('Limit', { exact: true }).press('Tab');
  await expect(page.getByTestId('query-bar-reading')).toHaveText('the first 3 · 3 returned · 2 page(s) · forward · Limit 2');
  await expect(page.getByTestId('query-hits').locator('li .page')).toHaveText(['page 1', 'page 1', 'page 2']);
  await expect(page.getByTestId('query-input')).toContainText('"Limit": 2');
  await openView(page, 'Code');
  await page.getByLabel('complete runnable program').check();
  const code = page.getByTestId('snippet-code');
  await expect(code).toContainText('--page-size 2');
  await expect(code).toContainText('--max-items 3');
  const stops = {
    'boto3 client': 'max_items = 3',
    'boto3 resource': 'if printed == max_items or "LastEvaluatedKey" not in page:',
    'JS SDK v3': '} while (ExclusiveStartKey && printed < maxItems);',
    'JS DocumentClient': 'if (printed === maxItems) break pages;',
    Rust: 'if printed == max_items {',
    Go: 'for printed < maxItems && paginator.HasMorePages() {',
  };
  for (const [tab, text] of Object.entries(stops)) {
    await page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: tab, exact: true }).click();
    await expect(code).toContainText(text);
    await expect(code).toContainText('The pattern promises the first 3 items');
  }
  // How many: ten asks for more than the partition holds, so all four come back.
  await page.getByLabel('how many').fill('10');
  await page.getByLabel('how many').press('Tab');
  await expect(page.getByTestId('query-bar-reading')).toHaveText('the first 10 · 4 returned · 2 page(s) · forward · Limit 2');
  await page.getByLabel('how many').fill('0');
  await page.getByLabel('how many').press('Tab');
  await expect(page.getByTestId('query-error')).toHaveText('how many: "0" is not a whole number from 1 up');
});

test('a top query saved before "how many" keeps its Limit as the page size', async ({ page }) => {
  await openFresh(page);
  // Saved work from before: the top shape with only a Limit of 3, as the issue had it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('keylab.work'))).not.toBeNull();
  await page.evaluate(() => {
    const work = JSON.parse(localStorage.getItem('keylab.work'));
    work.query = { shape: 'top', limit: '3' };
    localStorage.setItem('keylab.work', JSON.stringify(work));
  });
  await page.reload();
  await expect(page.getByLabel('how many')).toHaveValue('');
  // What it showed then: all four runs, three a page; N is the 10 its box showed.
  await expect(page.getByTestId('query-bar-reading')).toHaveText('the first 10 · 4 returned · 2 page(s) · forward · Limit 3');
  await expect(page.getByRole('status').filter({ hasText: 'saved query' })).toHaveCount(0);
});
