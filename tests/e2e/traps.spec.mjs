// The traps a new user met, each done as a person does it on the built page: a
// pattern's name matches what its query returns, nothing needed hides behind hover,
// the design check knows what a person means, bad input gets the right message, state
// is kept, and the items leave the page as DynamoDB items.
import fs from 'node:fs';
import { test, expect, openFresh, loadPreset, pickAnchor, openView, openSegment } from './fixtures.mjs';

// The first page's items: the list goes on through every page a client reads.
const hits = (page) => page.getByTestId('query-hits').locator('li', { hasText: 'page 1' }).locator('.values');

test('Newest / top N returns the highest scores, and every box says the direction the query reads', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('top');
  await page.getByLabel('how many').fill('3');
  await page.getByLabel('how many').press('Tab');
  await expect(page.getByTestId('query-explanation')).toContainText('score highest first');
  // The first 3 are every item returned, not the first page of more.
  await expect(page.getByTestId('query-hits').locator('li .values')).toHaveText([/, 1500,/, /, 240,/, /, 10,/]);
  // Over a score stored inverted, the highest comes first reading forward.
  await expect(page.getByTestId('query-input')).toContainText('"ScanIndexForward": true');
  const box = page.locator('#query-forward');
  await expect(box).toBeChecked();
  await expect(box).toBeDisabled();
  await expect(page.getByTestId('query-bar-reading')).toContainText('forward');
  // SaaS: the query reads backward, and nothing on screen says otherwise.
  await loadPreset(page, 'saas');
  await expect(page.getByTestId('query-input')).toContainText('"ScanIndexForward": false');
  await expect(page.locator('#query-forward')).not.toBeChecked();
  await expect(page.getByTestId('query-bar-reading')).toContainText('backward');
  await expect(page.getByRole('checkbox', { name: /^ScanIndexForward/ })).toHaveCount(1);
});

test('the query is for an entity first, then one of its own items', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'iot');
  await page.getByLabel('access pattern').selectOption('top');
  // Item 1 of the Device is the device; the readings are numbered on their own.
  await expect(page.getByLabel('query for')).toHaveValue('0');
  await pickAnchor(page, 1, 'Reading');
  await expect(page.locator('label[for=query-anchor]')).toHaveText('like Reading item (of 12)');
  // The preset's Limit is 11, a page size; "how many" is 10 unless typed: the ten
  // newest readings, in one page.
  await expect(page.getByTestId('query-hits').locator('li code').first()).toHaveText('#READING#000012');
  await expect(page.getByTestId('query-hits').locator('li')).toHaveCount(10);
  await expect(page.getByTestId('query-explanation')).toContainText('Returns the first 10 Reading items');
  // By keyboard: the entity picker takes arrow keys.
  await page.getByLabel('query for').focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('query-explanation')).toContainText('Returns the first 10 Device items');
});

test('an item that cannot be written is an error where the keys are and in the design check', async ({ page }) => {
  await openFresh(page);
  await page.locator('#seg-0-width').fill('3');
  await page.locator('#seg-0-width').press('Tab');
  const refused = page.getByTestId('preview-refused');
  await expect(refused).toContainText('1 item(s) cannot be written');
  await expect(refused).toContainText('value "1500" has 4 digits but the width is 3');
  await expect(refused).toBeInViewport();
  await expect(page.getByTestId('lint-summary')).toHaveText('1 error(s) and 0 warning(s).');
  const l7 = page.getByTestId('lint-list').locator('li[data-rule=L7]');
  await expect(l7).toContainText('item #2: score "1500" has 4 digits but the width is 3');
  await expect(l7).toContainText('Fix: raise the width to at least 4');
  // Three values past width 1, of 2, 4 and 3 digits: the line shows the widest, whose
  // fix mends them all, and the design check counts them as one finding.
  await page.locator('#seg-0-width').fill('1');
  await page.locator('#seg-0-width').press('Tab');
  await expect(refused).toContainText('3 item(s) cannot be written');
  await expect(refused).toContainText('The widest value, item #2: Run.score in SK: value "1500" has 4 digits');
  await expect(refused).toContainText('raise the width to at least 4');
  await expect(page.getByTestId('lint-summary')).toHaveText('1 error(s) and 0 warning(s).');
  await expect(l7).toContainText('3 Run item(s) cannot be written');
  await expect(l7).toContainText('Fix: raise the width to at least 4');
  // A value past every width offers no width to raise to.
  await page.locator('#seg-0-width').fill('10');
  await page.locator('#seg-0-width').press('Tab');
  await page.getByTestId('value-0-score').fill('1e400');
  await page.getByTestId('value-0-score').press('Tab');
  await expect(refused).toContainText('has 401 digits but the width is 10, and no width can hold it');
  await expect(refused).not.toContainText('raise the width');
});

test('a field whose name says it changes is asked about, and the fix is one undoable click', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'tickets');
  // The Ticket tracker has no sort key: the page gives it one.
  await page.getByRole('button', { name: '+ sort key for the table' }).click();
  await expect(page.getByRole('heading', { name: 'SK template of Ticket' })).toBeVisible();
  await expect(page.getByTestId('template-shape')).toHaveText('TICKET');
  // updatedAt into the table's sort key: it is marked as changing, so L4 is an error.
  await page.getByLabel('+ existing field').selectOption('updatedAt');
  const l4 = page.getByTestId('lint-list').locator('li[data-rule=L4]');
  await expect(l4).toContainText('error');
  // The fix asks what the index groups: by project, GSI1 already orders each
  // project's tickets by updatedAt, so no index is added.
  const group = l4.getByLabel('group the index by');
  await expect(group.locator('option:checked')).toHaveText('project (GSI1 does)');
  await l4.getByRole('button', { name: "Take updatedAt out of the table's key: GSI1 already orders it" }).click();
  await expect(l4).toHaveCount(0);
  await expect(page.getByTestId('lint-summary')).not.toContainText('error');
  const tabs = page.getByRole('tablist', { name: 'key attribute' });
  await expect(tabs.getByRole('tab', { name: /^GSI2SK / })).toHaveCount(0);
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(l4).toHaveCount(1);
  // Said never to change, by keyboard: the finding goes.
  await l4.getByRole('button', { name: 'It never changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(l4).toHaveCount(0);
});

test('an updatedAt the person never marked is asked about: it changes later, or it never does', async ({ page }) => {
  await openFresh(page);
  await openSegment(page, 3);
  await page.locator('#seg-2-name').fill('lastLogin');
  await page.locator('#seg-2-name').press('Tab');
  const l4 = page.getByTestId('lint-list').locator('li[data-rule=L4]');
  await expect(l4).toContainText('likely changes');
  await expect(l4).toContainText('warning');
  await l4.getByRole('button', { name: 'It changes later' }).click();
  await expect(l4).toContainText('error');
  await expect(page.locator('#seg-2-mutable')).toBeChecked();
});

test('a 1 MB paste into a name is cut with a word beside the field, and widens nothing', async ({ page }) => {
  await openFresh(page);
  const name = page.locator('#entity-name');
  await name.focus();
  await page.evaluate(() => {
    const input = document.querySelector('#entity-name');
    input.value = 'N'.repeat(1_048_576);
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
  });
  await name.press('Tab');
  await expect(page.getByTestId('entity-name-cut')).toHaveText('kept the first 255 of 1,048,576 characters: a name holds at most 255');
  await expect(name).toHaveValue('N'.repeat(255));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('loading a preset keeps the code settings, and a blank design is named as no preset', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Code');
  await page.getByLabel('endpoint (optional)').fill('http://127.0.0.1:8000');
  await page.getByLabel('endpoint (optional)').press('Tab');
  await page.getByLabel('complete runnable program').check();
  await loadPreset(page, 'orders');
  await expect(page.getByLabel('endpoint (optional)')).toHaveValue('http://127.0.0.1:8000');
  await expect(page.getByLabel('complete runnable program')).toBeChecked();
  await page.getByText('New blank design').click();
  await page.getByLabel('table name', { exact: true }).first().fill('Shop');
  await page.getByLabel('first entity').fill('Order');
  await page.getByLabel('first entity').press('Enter');
  await expect(page.locator('#header-preset-select')).toHaveValue('');
  await expect(page.locator('#header-preset-select option:checked')).toHaveText(/your own design/);
  await expect(page.getByLabel('endpoint (optional)')).toHaveValue('http://127.0.0.1:8000');
});

test('the items leave the page as DynamoDB items, and a program writes them', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Import / export').click();
  const [lines] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Items as DynamoDB JSON (export lines)' }).click(),
  ]);
  expect(lines.suggestedFilename()).toBe('keylab-items.json');
  const items = fs.readFileSync(await lines.path(), 'utf8').trim().split('\n').map((l) => JSON.parse(l).Item);
  expect(items).toHaveLength(4);
  expect(items[1]).toMatchObject({ PK: { S: 'SEASON#SPRING-2026' }, SK: { S: '9999998499#0000001719100800#p_8842' }, score: { N: '1500' } });
  await expect(page.getByTestId('export-status')).toContainText('4 items, the lines of a DynamoDB export to S3');
  const [batches] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Items as batch-write-item requests' }).click(),
  ]);
  const requests = fs.readFileSync(await batches.path(), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(requests).toHaveLength(1);
  expect(requests[0].Leaderboard).toHaveLength(4);
  await expect(page.getByTestId('export-status')).toContainText('aws dynamodb batch-write-item --request-items');
  // The Code section writes them too, for the chosen SDK.
  await openView(page, 'Code');
  await page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { name: 'boto3 client' }).click();
  await page.getByText('Write these items').click();
  await expect(page.getByTestId('writes-code')).toContainText('client.batch_write_item(RequestItems=request)');
  await page.getByLabel('complete runnable program').check();
  await expect(page.getByTestId('writes-code')).toContainText('client.create_table(');
  await expect(page.getByRole('button', { name: 'Copy the boto3 client program that writes the items' })).toBeVisible();
});

test('undo still works after a reload: the steps of this tab are kept with the work', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  for (const w of ['12', '14']) {
    await width.fill(w);
    await width.press('Tab');
  }
  await page.reload();
  await expect(width).toHaveValue('14');
  const undo = page.getByRole('button', { name: /Undo/ });
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(width).toHaveValue('12');
  await undo.click();
  await expect(width).toHaveValue('10');
  await expect(undo).toBeDisabled();
});

test('every list of keys is numbered from 1, whatever was shown before', async ({ page }) => {
  await openFresh(page);
  // Rows leaving a list left Chromium drawing "4." beside the one key of a partition.
  await loadPreset(page, 'tickets');
  await page.getByRole('button', { name: '+ sort key for the table' }).click();
  await page.getByLabel('+ existing field').selectOption('updatedAt');
  await loadPreset(page, 'casing');
  await openView(page, 'Item collections');
  for (const id of ['sorted-keys', 'naive-keys', 'query-hits', 'collection-forward']) {
    const numbers = await page.getByTestId(id).locator(':scope > li').evaluateAll((lis) => lis.map((li) => li.value));
    expect(numbers.length, id).toBeGreaterThan(0);
    expect(numbers, id).toEqual(numbers.map((_, i) => i + 1));
  }
});

test('the paste box reads ExclusiveStartKey and ConsistentRead as DynamoDB does', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Paste an expression');
  const box = page.getByLabel('Query input as JSON');
  const input = (extra) => JSON.stringify({
    TableName: 'Leaderboard', KeyConditionExpression: 'PK = :p',
    ExpressionAttributeValues: { ':p': { S: 'SEASON#SPRING-2026' } }, ...extra,
  });
  await box.fill(input({ ExclusiveStartKey: { PK: { S: 'SEASON#SPRING-2026' } } }));
  await box.press('Tab');
  await expect(page.getByTestId('paste-error')).toContainText('The provided starting key is invalid');
  await box.fill(input({ ExclusiveStartKey: { PK: { S: 'SEASON#SPRING-2026' }, SK: { S: '9999998499#0000001719100800#p_8842' } } }));
  await box.press('Tab');
  // Read from after the top score: the other three.
  await expect(page.getByTestId('paste-hits').locator('li')).toHaveCount(3);
  await box.fill(input({ ConsistentRead: false }));
  await box.press('Tab');
  await expect(page.getByTestId('paste-hits').locator('li')).toHaveCount(4);
});
