// Multi-attribute GSI keys in the page: the preset that compares them with
// concatenated keys, a query built, pasted and simulated on such an index, the
// definitions to paste, and the JS API. No local engine implements the feature, so
// these hold the page to the documented rules (docs/schema.md), not to dynalite.
import { test, expect, apiReady, openFresh, loadPreset, openView } from './fixtures.mjs';

const column = (page, index) => page.getByTestId(`design-${index}`);

test('the preset shows both designs of one query: keys in the order each reads them, and what each cannot do', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'order-status');
  await openView(page, 'Two GSI designs');
  const multi = column(page, 'ByStatus');
  const concatenated = column(page, 'GSI1');
  await expect(multi.getByTestId('design-expression')).toHaveText('#pk = :pk AND #pk2 = :pk2 AND #sk >= :sk');
  await expect(concatenated.getByTestId('design-expression')).toHaveText('#pk = :pk AND #sk >= :sk');
  // The same three orders in the same order: −12.50 before 129.90 on one day, as
  // numbers in ByStatus and as encoded text in GSI1.
  await expect(multi.getByTestId('design-keys').locator('li')).toHaveText([
    /^2026-11-02T09:15:00\.000Z · -12\.5 item #2/,
    /^2026-11-02T09:15:00\.000Z · 129\.9 item #1/,
    /^2026-11-14T17:40:00\.000Z · 8 item #3/,
  ]);
  await expect(concatenated.getByTestId('design-keys').locator('li')).toHaveText([
    /^2026-11-02T09:15:00\.000Z#-99999987\.49 item #2/,
    /^2026-11-02T09:15:00\.000Z#000000129\.90 item #1/,
    /^2026-11-14T17:40:00\.000Z#000000008\.00 item #3/,
  ]);
  await expect(multi.getByTestId('design-cannot')).toContainText('begins_with on amount: amount is a Number, and begins_with takes only String keys.');
  await expect(multi.getByTestId('design-cannot')).toContainText('amount descending while date stays ascending');
  await expect(concatenated.getByTestId('design-cannot')).toContainText('amount values of any size: amount is padded to 8 digits');
  await expect(concatenated.getByTestId('design-cannot')).toContainText('an item whose status changes from open must rewrite its GSI1 key');
  // The query line reads the multi-attribute index: three items, the tuple order.
  await expect(page.getByTestId('query-bar-reading')).toContainText('3 returned');
});

test('a pattern that breaks a rule of multi-attribute keys names it; a valid one updates both columns', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'order-status');
  await openView(page, 'Two GSI designs');
  // Date fixed to item 1's, and a range on amount: the next attribute.
  await page.getByLabel('equal to it on').selectOption({ label: 'date' });
  await page.getByLabel('amount is').selectOption('ge');
  await page.locator('#query-value').fill('0');
  const multi = column(page, 'ByStatus');
  await expect(multi.getByTestId('design-expression')).toHaveText('#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 >= :sk2');
  await expect(multi.getByTestId('design-keys').locator('li')).toHaveText([/129\.9 item #1/]);
  await expect(page.getByTestId('query-input')).toContainText('"#sk2": "amount"');
  await expect(page.getByTestId('query-input')).toContainText('":sk2": {');
  // Pasted: a range on date before an equality on amount breaks the left-to-right rule.
  await openView(page, 'Paste an expression');
  await page.getByLabel('Query input as JSON').fill(JSON.stringify({
    TableName: 'Shop', IndexName: 'ByStatus',
    KeyConditionExpression: '#c = :c AND #s = :s AND #d < :d AND #a = :a',
    ExpressionAttributeNames: { '#c': 'customer', '#s': 'status', '#d': 'date', '#a': 'amount' },
    ExpressionAttributeValues: { ':c': { S: 'c-17' }, ':s': { S: 'OPEN' }, ':d': { S: '2026-12-01' }, ':a': { N: '8' } },
  }));
  await expect(page.getByTestId('paste-error')).toContainText('only the last sort key attribute given may have a range condition; date comes before amount');
  await page.getByLabel('Query input as JSON').fill(JSON.stringify({
    TableName: 'Shop', IndexName: 'ByStatus',
    KeyConditionExpression: '#c = :c AND #s = :s AND #d < :d',
    ExpressionAttributeNames: { '#c': 'customer', '#s': 'status', '#d': 'date' },
    ExpressionAttributeValues: { ':c': { S: 'c-17' }, ':s': { S: 'OPEN' }, ':d': { S: '2026-11-10' } },
    ScanIndexForward: false,
  }));
  await expect(page.getByTestId('paste-ok')).toBeVisible();
  // Read backward through the tuple: Nov 2 at 129.90, then −12.50, then Oct 30.
  await expect(page.getByTestId('paste-hits').locator('li')).toHaveText([/item #1:/, /item #2:/, /item #5:/]);
});

test('the definitions to paste list HASH before RANGE, and the JS API gives the same', async ({ page }) => {
  await openFresh(page);
  await apiReady(page);
  await loadPreset(page, 'order-status');
  await page.getByText('Table definitions').click();
  const add = JSON.parse(await page.getByTestId('definition-add-ByStatus').textContent());
  expect(add.GlobalSecondaryIndexUpdates[0].Create.KeySchema).toEqual([
    { AttributeName: 'customer', KeyType: 'HASH' },
    { AttributeName: 'status', KeyType: 'HASH' },
    { AttributeName: 'date', KeyType: 'RANGE' },
    { AttributeName: 'amount', KeyType: 'RANGE' },
  ]);
  const cfn = JSON.parse(await page.getByTestId('definition-cloudformation').textContent());
  expect(cfn.Type).toBe('AWS::DynamoDB::Table');
  const schema = JSON.parse(await page.locator('#schema-json').inputValue());
  const fromApi = await page.evaluate((s) => window.wasmBindings.tableDefinitions(s), schema);
  expect(fromApi.addIndex.ByStatus).toEqual(add);
  expect(fromApi.cloudFormation).toEqual(cfn);
  // And the query API on the same index: built, validated and simulated.
  const out = await page.evaluate((s) => {
    const { input } = window.wasmBindings.buildQuery(s, {
      entity: 'Order', index: 'ByStatus', partition: { customer: 'c-17', status: 'open' },
      sort: { range: { field: 'date', op: 'begins_with', value: '2026-11' } },
    });
    const items = [
      { customer: { S: 'c-17' }, status: { S: 'OPEN' }, date: { S: '2026-11-02T09:15:00.000Z' }, amount: { N: '5' }, PK: { S: 'a' }, SK: { S: '1' } },
      { customer: { S: 'c-17' }, date: { S: '2026-11-03T00:00:00.000Z' }, amount: { N: '1' }, PK: { S: 'a' }, SK: { S: '2' } },
    ];
    return { expression: input.KeyConditionExpression, count: window.wasmBindings.simulateQuery(s, items, input).Count };
  }, schema);
  expect(out).toEqual({ expression: '#pk = :pk AND #pk2 = :pk2 AND begins_with(#sk, :sk)', count: 1 });
});

test('a multi-attribute GSI is designed in the page from the entity fields, and wrong names are said', async ({ page }) => {
  await openFresh(page);
  await page.getByText('+ multi-attribute GSI').click();
  await page.getByLabel('partition fields').fill('season');
  await page.getByLabel('sort fields').fill('score, sesaon');
  await expect(page.getByTestId('multi-index-problem')).toHaveText('Run has no field "sesaon": pick from season, score, at, player');
  await page.getByLabel('sort fields').fill('score, at');
  await expect(page.getByTestId('multi-index-problem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create GSI' }).click();
  // Each field is now an attribute of its own, numbers as N, and the new index's
  // first sort attribute is the one being designed.
  const tabs = page.getByRole('tablist', { name: 'key attribute' });
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText('score (N, GSI1 sort key)');
  await expect(tabs.getByRole('tab', { name: /^season / })).toHaveText('season (S, GSI1 partition key)');
  await expect(page.getByTestId('template-shape')).toHaveText('<score>');
  // Queried in the page: every Run of the season, ordered by (score, at) as numbers
  // (the whole collection, not the preset's first 3).
  await page.getByLabel('index', { exact: true }).selectOption('GSI1');
  await page.getByLabel('access pattern').selectOption('collection');
  await expect(page.getByTestId('query-input')).toContainText('"KeyConditionExpression": "#pk = :pk"');
  await expect(page.getByTestId('query-hits').locator('li')).toHaveText([/item #4:/, /item #1/, /item #3/, /item #2/]);
  // Removing it takes its attributes along.
  await page.getByRole('button', { name: 'Remove index GSI1' }).click();
  await expect(tabs.getByRole('tab')).toHaveCount(2);
});

test('shapes that read through a concatenated key are marked on a multi-attribute index, and not on a concatenated one', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'order-status');
  const shape = page.getByLabel('access pattern');
  const before = shape.locator('option[value="before"]');
  await expect(before).toHaveText('The item and everything before it (needs a concatenated sort key)');
  await expect(shape.locator('option[value="after"]')).toContainText('(needs a concatenated sort key)');
  await expect(shape.locator('option[value="range"]')).toHaveText('Range on a field');
  // Chosen anyway, the builder's reason and fix are beside the field.
  await shape.selectOption('before');
  await expect(page.getByTestId('query-error')).toContainText('compares its attributes one by one');
  // No children-only box for a key without a concatenated prefix.
  await shape.selectOption('prefix');
  await expect(page.getByLabel('children only (leave out the parent)')).toHaveCount(0);
  await page.getByLabel('index', { exact: true }).selectOption('GSI1');
  await expect(before).toHaveText('The item and everything before it');
  await expect(page.getByLabel('children only (leave out the parent)')).toHaveCount(1);
});

test('a multi-attribute partition is its tuple: the picker lists each, and the query reads the one it names', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'order-status');
  // ByStatus's sort key: its order means something within one (customer, status).
  await page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { name: /^date \(/ }).click();
  const picker = page.locator('#preview-partition');
  // Before: "c-17 (5 items)" and "c-42 (1 item)", c-17's shipped order among its open ones.
  await expect(picker.locator('option')).toHaveText([
    'customer c-17 · status OPEN (4 items)',
    'customer c-17 · status SHIPPED (1 item)',
    'customer c-42 · status OPEN (1 item)',
  ]);
  await expect(page.getByTestId('preview-partition-note')).toContainText('4 of 4 item(s) in partition customer c-17 · status OPEN');
  const values = page.getByTestId('sorted-keys').locator('li .values');
  await expect(values).toHaveCount(4);
  await expect(values.filter({ hasText: 'shipped' })).toHaveCount(0);
  // The query fixes (c-17, OPEN): it is drawn on this partition.
  await expect(page.getByTestId('query-bar-reading')).toContainText('3 returned');
  // Another partition: the line names the one the query reads, and goes back to it.
  await picker.selectOption({ label: 'customer c-17 · status SHIPPED (1 item)' });
  await expect(values).toHaveCount(1);
  await expect(values).toContainText('shipped');
  await expect(page.getByTestId('band-elsewhere')).toContainText('It reads partition customer c-17 · status OPEN.');
  await page.getByRole('button', { name: "Show the query's partition" }).click();
  await expect(picker.locator('option:checked')).toHaveText('customer c-17 · status OPEN (4 items)');
  await expect(page.getByTestId('query-bar-reading')).toContainText('3 returned');
  // At 375 px the long partition goes under its label, and the page is no wider.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.scrollingElement.scrollWidth)).toBeLessThanOrEqual(375);
  const label = await page.locator('label[for=preview-partition]').boundingBox();
  expect(label.height).toBeLessThan(40);
});
