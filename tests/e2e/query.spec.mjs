import { test, expect, openFresh, loadPreset, pickAnchor, openView } from './fixtures.mjs';

const hitValues = (page, id) => page.getByTestId(id).locator('li .values');

test('a range on the score builds a BETWEEN, explains it, and lists the matches in order', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('range');
  await page.getByLabel('score is').selectOption('between');
  await page.getByLabel('value', { exact: true }).fill('200');
  await page.getByLabel('value', { exact: true }).press('Tab');
  await page.getByLabel('and', { exact: true }).fill('2000');
  await page.getByLabel('and', { exact: true }).press('Tab');
  await expect(page.getByTestId('query-expression')).toHaveText('#pk = :pk AND #sk BETWEEN :lo AND :hi');
  await expect(page.getByTestId('query-explanation')).toContainText('whose score is between 200 and 2000');
  // score is stored inverted, so 2000 gives the lower bound and 200 the upper.
  await expect(page.getByTestId('query-input')).toContainText('"S": "9999997999"');
  await expect(hitValues(page, 'query-hits')).toHaveText([/item #2: SPRING-2026, 1500,/, /item #3: SPRING-2026, 240,/]);
  await expect(page.getByTestId('sorted-keys').locator('li.match')).toHaveCount(2);

  // Limit 1: two pages, marked.
  await page.getByLabel('Limit').fill('1');
  await page.getByLabel('Limit').press('Tab');
  await expect(page.getByTestId('query-hits').locator('li .page')).toHaveText(['page 1', 'page 2']);
  await expect(page.getByTestId('query-input')).toContainText('"Limit": 1');

  // Backward: the order flips.
  await page.getByLabel('ScanIndexForward', { exact: true }).uncheck();
  await expect(hitValues(page, 'query-hits')).toHaveText([/item #3:/, /item #2:/]);
  await expect(page.getByTestId('query-input')).toContainText('"ScanIndexForward": false');
});

test('a range chosen from the start hint starts at the anchor item and is drawn at once', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('range');
  // Item #1's score: a query that runs, not an empty value's error.
  await expect(page.getByLabel('value', { exact: true })).toHaveValue('10');
  await expect(page.getByTestId('query-error')).toHaveCount(0);
  await expect(page.getByTestId('query-bar-expression')).toHaveText('#pk = :pk AND #sk <= :sk');
  await expect(page.getByTestId('query-bar-reading')).toContainText('3 returned');
  // Cleared, the message says what to type, beside the field.
  await page.getByLabel('value', { exact: true }).fill('');
  await page.getByLabel('value', { exact: true }).press('Tab');
  await expect(page.getByTestId('query-error')).toHaveText('type a value for score: the range compares score with it');
});

test('an impossible range says why instead of building a query', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('range');
  await page.getByLabel('score is').selectOption('gt');
  await page.getByLabel('value', { exact: true }).fill('lots');
  await page.getByLabel('value', { exact: true }).press('Tab');
  await expect(page.getByTestId('query-error')).toContainText('Run.score: value "lots" is not a whole number');
});

test('exact key and prefix patterns', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('exact');
  await pickAnchor(page, 3);
  await expect(page.getByTestId('query-expression')).toHaveText('#pk = :pk AND #sk = :sk');
  await expect(hitValues(page, 'query-hits')).toHaveText([/item #3:/]);
  await page.getByLabel('access pattern').selectOption('prefix');
  await page.getByLabel('equal to it on').selectOption({ label: 'score: everything under <score>#' });
  await expect(page.getByTestId('query-expression')).toHaveText('#pk = :pk AND begins_with(#sk, :sk)');
  await expect(page.getByTestId('query-input')).toContainText('"S": "9999999759#"');
});

test('the paste box validates and runs any expression, and points at the offending token', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Paste an expression');
  const box = page.getByLabel('Query input as JSON');
  await box.fill(JSON.stringify({
    TableName: 'Leaderboard',
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': { S: 'SEASON#SPRING-2026' }, ':p': { S: '99999999' } },
  }));
  await box.press('Tab');
  await expect(page.getByTestId('paste-ok')).toBeVisible();
  await expect(hitValues(page, 'paste-hits')).toHaveText([/item #1:/, /item #4:/]);

  await box.fill(JSON.stringify({
    TableName: 'Leaderboard',
    KeyConditionExpression: 'PK = :pk AND status = :p',
    ExpressionAttributeValues: { ':pk': { S: 'SEASON#SPRING-2026' }, ':p': { S: 'x' } },
  }));
  await box.press('Tab');
  await expect(page.getByTestId('paste-error')).toContainText('Attribute name is a reserved keyword; reserved keyword: status');
  await expect(page.getByTestId('paste-pointer').locator('mark')).toHaveText('status');

  await box.fill('{"KeyConditionExpression": "PK = :pk OR SK = :s", "ExpressionAttributeValues": {":pk": {"S": "a"}, ":s": {"S": "b"}}}');
  await box.press('Tab');
  await expect(page.getByTestId('paste-error')).toContainText('Invalid operator used in KeyConditionExpression: OR');
  await expect(page.getByTestId('paste-pointer').locator('mark')).toHaveText('OR');

  await box.fill('{not json');
  await box.press('Tab');
  await expect(page.getByTestId('paste-error')).toContainText('not valid JSON');
});

test('in a shared partition, every query for one entity reads under its literal and the separator', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'orders');
  const keys = page.getByTestId('query-hits').locator('li code');
  await pickAnchor(page, 1, 'Order');
  const orders = ['ORDER#01JG9QX8M0ABCDEFGHJKMNPQRS', 'ORDER#01JM4A1B2C3D4E5F6G7H8J9K0M', 'ORDER#01JQZZZZZZ0000000000000000', 'ORDER#01JWR7T3G5XYZ0123456789ABC'];
  // All items of this entity: ORDER#, never ORDERLINE#.
  await page.getByLabel('access pattern').selectOption('entity');
  await expect(page.getByTestId('query-expression')).toHaveText('#pk = :pk AND begins_with(#sk, :sk)');
  await expect(page.getByTestId('query-input')).toContainText('"S": "ORDER#"');
  await expect(keys).toHaveText(orders);
  await expect(page.getByTestId('query-also-returns')).toHaveCount(0);
  // Newest first: the newest order, not an order line.
  await page.getByLabel('access pattern').selectOption('top');
  await expect(keys).toHaveText([...orders].reverse());
  // Everything under the literal alone is a choice, and the one offered first.
  await page.getByLabel('access pattern').selectOption('prefix');
  await expect(page.getByLabel('equal to it on')).toHaveValue('0');
  await expect(page.getByLabel('equal to it on').locator('option')).toHaveText(['none: everything under ORDER#']);
  await expect(keys).toHaveText(orders);
  // The lines have their own literal, and their own prefix choices.
  const lines = ['ORDERLINE#01JM4A1B2C3D4E5F6G7H8J9K0M#001', 'ORDERLINE#01JM4A1B2C3D4E5F6G7H8J9K0M#002', 'ORDERLINE#01JM4A1B2C3D4E5F6G7H8J9K0M#003'];
  await pickAnchor(page, 1, 'OrderLine');
  await expect(page.getByLabel('equal to it on').locator('option')).toHaveText(['none: everything under ORDERLINE#', 'order: everything under ORDERLINE#<order>#']);
  await expect(keys).toHaveText(lines);
  await page.getByLabel('equal to it on').selectOption('1');
  await expect(page.getByTestId('query-input')).toContainText('"S": "ORDERLINE#01JM4A1B2C3D4E5F6G7H8J9K0M#"');
  await expect(keys).toHaveText(lines);
});

test('begins_with is offered only for text fields', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('range');
  await expect(page.getByLabel('score is').locator('option')).toHaveText(['=', '<', '<=', '>', '>=', 'between']);
  await page.getByLabel('equal to it on').selectOption({ label: 'score, at' });
  await expect(page.getByLabel('player is').locator('option')).toHaveText(['=', '<', '<=', '>', '>=', 'between', 'begins with']);
  await page.getByLabel('player is').selectOption('begins_with');
  // Moving the range back to a number replaces the operator rather than refusing it later.
  await page.getByLabel('equal to it on').selectOption({ label: 'none' });
  await expect(page.getByLabel('score is')).toHaveValue('ge');
  await page.getByLabel('value', { exact: true }).fill('1000');
  await page.getByLabel('value', { exact: true }).press('Tab');
  await expect(page.getByTestId('query-expression')).toHaveText('#pk = :pk AND #sk <= :sk');
});
