import { test, expect, openFresh, pickAnchor, openView } from './fixtures.mjs';

const code = (page) => page.getByTestId('snippet-code');

test('one tab per SDK, the chosen one remembered across a reload', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Code');
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab')).toHaveText(['AWS CLI', 'boto3 client', 'boto3 resource', 'JS SDK v3', 'JS DocumentClient', 'Rust', 'Go']);
  await expect(code(page)).toContainText('aws dynamodb query');
  const expectations = {
    'boto3 client': 'client.query(',
    'boto3 resource': 'Key("PK").eq("SEASON#SPRING-2026")',
    'JS SDK v3': 'new QueryCommand(',
    'JS DocumentClient': '":pk": "SEASON#SPRING-2026"',
    Rust: '.key_condition_expression("#pk = :pk")',
    Go: 'KeyConditionExpression: aws.String("#pk = :pk")',
  };
  for (const [tab, text] of Object.entries(expectations)) {
    await page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(code(page)).toContainText(text);
  }
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: 'Go' })).toHaveAttribute('aria-selected', 'true');
  await expect(code(page)).toContainText('dynamodb.QueryInput');
});

test('snippets follow the query, the table name, the endpoint and the program switch', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Code');
  await page.getByLabel('access pattern').selectOption('range');
  await page.getByLabel('score is').selectOption('ge');
  await page.getByLabel('value', { exact: true }).fill('100');
  await page.getByLabel('value', { exact: true }).press('Tab');
  await expect(code(page)).toContainText("--key-condition-expression '#pk = :pk AND #sk <= :sk'");
  await page.locator('#snippet-table').fill('Prod-Leaderboard');
  await page.locator('#snippet-table').press('Tab');
  await page.getByLabel('endpoint (optional)').fill('http://127.0.0.1:8000');
  await page.getByLabel('endpoint (optional)').press('Tab');
  await expect(code(page)).toContainText("--table-name 'Prod-Leaderboard'");
  await expect(code(page)).toContainText("--endpoint-url 'http://127.0.0.1:8000'");
  await page.getByLabel('complete runnable program').check();
  await page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: 'JS DocumentClient' }).click();
  await expect(code(page)).toContainText('for await (const page of paginateQuery({ client }, input))');
  await expect(code(page)).toContainText('endpoint: "http://127.0.0.1:8000"');
});

test('Copy puts exactly the snippet on the clipboard and says Copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await openView(page, 'Code');
  await page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: 'boto3 client' }).click();
  await expect(code(page)).toContainText('client.query(');
  const shown = await code(page).textContent();
  await page.getByRole('button', { name: 'Copy the boto3 client code', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  await expect(page.getByRole('button', { name: 'Copy the boto3 client code', exact: true })).toBeVisible({ timeout: 5000 });
  // Every Copy on the page names what it copies.
  await page.getByText('Table definitions').click();
  const names = await page.locator('button.copy').evaluateAll((bs) => bs.map((b) => b.textContent));
  expect(names.length).toBeGreaterThan(3);
  expect(names.filter((n) => n === 'Copy')).toEqual([]);
});

test('Copy falls back when the Clipboard API is missing', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
  await openFresh(page);
  await openView(page, 'Code');
  await page.getByRole('button', { name: 'Copy the AWS CLI code', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Copied$|^Copy failed/ })).toBeVisible();
});

test('a hostile value is data in every tab', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Code');
  const hostile = 'q\'"\\$(touch /tmp/keylab-e2e)`id`${HOME}😀\u200F';
  const cell = page.getByTestId('value-1-player');
  await cell.fill(hostile);
  await cell.press('Tab');
  await page.getByLabel('access pattern').selectOption('exact');
  await pickAnchor(page, 2);
  const expectations = {
    'AWS CLI': "'\\''",
    'boto3 client': 'q\'\\"\\\\$(touch /tmp/keylab-e2e)`id`${HOME}😀\\u200f',
    'boto3 resource': 'q\'\\"\\\\$(touch /tmp/keylab-e2e)`id`${HOME}😀\\u200f',
    'JS SDK v3': 'q\'\\"\\\\$(touch /tmp/keylab-e2e)`id`${HOME}😀\\u200f',
    'JS DocumentClient': 'q\'\\"\\\\$(touch /tmp/keylab-e2e)`id`${HOME}😀\\u200f',
    Rust: 'q\'\\"\\\\$(touch /tmp/keylab-e2e)`id`${HOME}😀\\u{200f}',
    Go: 'q\'\\"\\\\$(touch /tmp/keylab-e2e)`id`${HOME}😀\\u200f',
  };
  for (const [tab, escaped] of Object.entries(expectations)) {
    // The click re-renders the code on the next frame: wait for the tab's own text before
    // reading it, or the read can see the previous tab's code.
    const chosen = page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: tab, exact: true });
    await chosen.click();
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await expect(code(page), tab).toContainText(escaped);
    expect(await code(page).textContent(), `${tab} shows no raw bidi mark`).not.toContain('\u200F');
  }
  // In the shell word the value's single quote is closed, escaped and reopened, and the
  // JSON inside escapes the double quote and backslash.
  await page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: 'AWS CLI' }).click();
  await expect(code(page)).toContainText(`q'\\''\\"\\\\$(touch /tmp/keylab-e2e)\`id\`\${HOME}😀\\u200f`);
});

test('a table name DynamoDB would refuse is named beside the field, and no code is shown for it', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Code');
  const table = page.locator('#snippet-table');
  await table.fill('my table');
  await expect(page.getByTestId('snippet-table-problem')).toContainText("' ' cannot be in a DynamoDB table name");
  await expect(page.getByTestId('snippet-code')).toHaveCount(0);
  await table.fill('My-Table.v2');
  await expect(page.getByTestId('snippet-table-problem')).toHaveCount(0);
  await expect(page.getByTestId('snippet-code')).toContainText('My-Table.v2');
});

test('opening another view keeps the open ones as they are: "Write these items" stays open', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Code');
  await page.locator('#snippet-panel details.writes summary').click();
  await expect(page.getByTestId('writes-code')).toContainText('batch-write-item');
  const panel = await page.locator('#snippet-panel').elementHandle();
  for (const view of ['Key code', 'Paste an expression', 'Table definitions']) {
    await openView(page, view);
    await expect(page.getByTestId('writes-code')).toContainText('batch-write-item');
  }
  // The same element: the view was kept, not built again.
  expect(await panel.evaluate((el) => el.isConnected)).toBe(true);
});
