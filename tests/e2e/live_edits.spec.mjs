// Edits apply as they are typed; what cannot apply stays in its field, is named beside
// it and above the empty preview, and survives a reload.
import { test, expect, openFresh, loadPreset, openView, openSegment } from './fixtures.mjs';

const firstKey = (page) => page.getByTestId('sorted-keys').locator('li code').first();

test('a width applies while typing, without Enter or leaving the field', async ({ page }) => {
  await openFresh(page);
  await expect(firstKey(page)).toHaveText(/^\d{10}#/);
  const width = page.locator('#seg-0-width');
  await width.focus();
  await width.fill('4');
  await expect(firstKey(page)).toHaveText(/^\d{4}#/);
  await expect(width).toBeFocused();
  // Typed further, still without Enter: the keys follow.
  await width.press('ControlOrMeta+a');
  await width.pressSequentially('12');
  await expect(width).toHaveValue('12');
  await expect(page.getByTestId('seg-0-width-problem')).toHaveCount(0);
  await expect(firstKey(page)).toHaveText(/^\d{12}#/);
});

for (const [typed, why] of [['-3', 'whole number'], ['', 'whole number'], ['2.5', 'whole number'], ['0', 'whole number']]) {
  test(`a width of ${JSON.stringify(typed)} is an error beside the field and the empty preview names it`, async ({ page }) => {
    await openFresh(page);
    await openView(page, 'Item collections');
    const width = page.locator('#seg-0-width');
    await width.fill(typed);
    const problem = page.getByTestId('seg-0-width-problem');
    await expect(problem).toContainText(why);
    await expect(problem).toContainText('1');
    await expect(problem).toContainText('38');
    await expect(width).toHaveAttribute('aria-invalid', 'true');
    await expect(width).toHaveValue(typed);
    const blocked = page.getByTestId('preview-blocked');
    await expect(blocked).toContainText('Nothing to show until the width of score is fixed');
    await expect(blocked).toHaveCount(1);
    await expect(page.getByTestId('sorted-keys')).toHaveCount(0);
    await expect(page.getByTestId('collection-blocked')).toContainText('width of score');
    await expect(page.getByTestId('query-error')).toContainText('width of score');
    // Leaving the field keeps what was typed: it is not reverted without a word.
    await width.press('Tab');
    await expect(width).toHaveValue(typed);
    // Putting back the applied width is one click.
    await page.getByTestId('seg-0-width-put-back').click();
    await expect(width).toHaveValue('10');
    await expect(problem).toHaveCount(0);
    await expect(firstKey(page)).toHaveText(/^\d{10}#/);
    await width.fill('6');
    await expect(problem).toHaveCount(0);
    await expect(firstKey(page)).toHaveText(/^\d{6}#/);
  });
}

test('a value typed but never committed survives a reload, and so does one that cannot apply', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  await width.fill('7');
  await expect(firstKey(page)).toHaveText(/^\d{7}#/);
  const warn = page.locator('#seg-0-warn');
  await warn.fill('250');
  await expect(page.getByTestId('seg-0-warn-problem')).toBeVisible();
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(width).toHaveValue('7');
  await expect(warn).toHaveValue('250');
  await expect(page.getByTestId('seg-0-warn-problem')).toContainText('"250"');
  await expect(page.getByTestId('preview-blocked')).toContainText('warning threshold of score');
});

test('a sample value applies while typing', async ({ page }) => {
  await openFresh(page);
  const cell = page.getByTestId('value-0-score');
  await cell.fill('77');
  await expect(page.getByTestId('sorted-keys').locator('li .values').filter({ hasText: ', 77,' })).toHaveCount(1);
  await expect(cell).toBeFocused();
});

test('the paste box checks what is typed without leaving it', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Paste an expression');
  const box = page.locator('#paste-input');
  await box.fill('{not json');
  await expect(page.getByTestId('paste-error')).toContainText('not valid JSON');
  await expect(box).toBeFocused();
  await box.fill('{"TableName": "Leaderboard", "KeyConditionExpression": "#pk = :pk", "ExpressionAttributeNames": {"#pk": "PK"}, "ExpressionAttributeValues": {":pk": {"S": "SEASON#SPRING-2026"}}}');
  await expect(page.getByTestId('paste-error')).toHaveCount(0);
});

test('clearing the entity name is an error beside it; names are capped at 255 characters', async ({ page }) => {
  await openFresh(page);
  const name = page.locator('#entity-name');
  const before = await name.inputValue();
  await name.fill('');
  await expect(page.getByTestId('entity-name-problem')).toContainText('name');
  await name.press('Tab');
  await expect(name).toHaveValue('');
  await expect(page.getByTestId('entity-name-problem')).toBeVisible();
  await name.fill(before);
  await expect(page.getByTestId('entity-name-problem')).toHaveCount(0);
  await name.fill('E'.repeat(300));
  await name.press('Tab');
  expect((await name.inputValue()).length).toBeLessThanOrEqual(255);
  await expect(page.locator('body')).not.toContainText('E'.repeat(256));
});

test('the preview shows the one partition of a shared design, with an entity filter and a legend', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'orders');
  await page.getByLabel('access pattern').selectOption('entity');
  const note = page.getByTestId('preview-partition-note');
  await expect(note).toContainText('10 of 10 item(s) in partition CUSTOMER#C-42');
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(10);
  // Order and OrderLine share the partition: the filter keeps one entity.
  await page.getByLabel('entity to show').selectOption('OrderLine');
  await expect(page.getByTestId('sorted-keys').locator('li code')).toHaveText([/^ORDERLINE#/, /^ORDERLINE#/, /^ORDERLINE#/]);
  await expect(page.getByTestId('naive-keys').locator('li')).toHaveCount(3);
  await expect(note).toContainText('3 of 10 item(s)');
  await page.getByLabel('entity to show').selectOption('');
  await expect(page.getByTestId('query-bar-reading')).toContainText('4 returned');
  // The highlighted rows are the query's hits: the four orders.
  await expect(page.getByTestId('sorted-keys').locator('li.match code')).toHaveText([/^ORDER#/, /^ORDER#/, /^ORDER#/, /^ORDER#/]);
});

test('with many partitions the busiest is shown first, another can be picked, and out-of-order rows are counted', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel(/random Run items/).fill('300');
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  const picker = page.getByLabel(/^partition to show/);
  await expect(picker).toBeVisible();
  const options = await picker.locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  const counts = options.map((o) => Number(o.match(/\((\d+) items\)/)[1]));
  expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  await expect(picker).toHaveValue('0');
  const keys = page.getByTestId('sorted-keys').locator('li');
  await expect(keys).toHaveCount(counts[0]);
  await expect(page.getByTestId('preview-partition-note')).toContainText(`${counts[0]} of ${counts[0]} item(s) in partition ${options[0].replace(/ \(.*/, '')}`);
  await picker.selectOption('1');
  await expect(keys).toHaveCount(counts[1]);
  await expect(page.getByTestId('preview-partition-note')).toContainText(options[1].replace(/ \(.*/, ''));
  // Most unpadded keys land in the wrong place: one count, not a badge per row.
  await expect(page.getByTestId('out-of-order-count')).toContainText(/\d+ of \d+ out of order/);
  await expect(page.getByTestId('naive-keys').locator('.badge')).toHaveCount(0);
  // The two columns hold the same items, row for row.
  await expect(page.getByTestId('naive-keys').locator('li')).toHaveCount(counts[1]);
});

test('a problem of the design is said once above the items, not on every row', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Schema as JSON').click();
  const area = page.getByLabel('Edit and apply');
  const schema = JSON.parse(await area.inputValue());
  schema.table.attributes.GSK = 'N';
  schema.table.indexes = [{ name: 'BYSCORE', partition: 'PK', sort: 'GSK' }];
  schema.entities[0].keys.GSK = [{ field: 'score' }];
  await area.fill(JSON.stringify(schema, null, 2));
  await page.getByRole('button', { name: 'Apply schema' }).click();
  await page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { name: /^GSK \(/ }).click();
  // A text field cannot be a Number key: true of every item, so said once.
  await page.locator('#seg-0-kind').selectOption('text');
  const once = page.getByTestId('samples-design-errors');
  await expect(once).toHaveCount(1);
  await expect(once.getByRole('alert')).toHaveText(['Every item: Run.score in GSK: a text field cannot be a Number key. Fix: make the attribute type S.']);
  await expect(page.locator('table.samples').getByText('cannot be a Number key')).toHaveCount(0);
  await page.locator('#seg-0-kind').selectOption('uint');
  await expect(once).toHaveCount(0);
});

test('skip links reach the keys, the query and the code; the code tabs move with the arrow keys', async ({ page }) => {
  await openFresh(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the code' });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#snippet-panel')).toBeFocused();
  expect(await page.evaluate(() => location.hash)).toBe('');
  // One Tab into the tab list, then arrows.
  await page.keyboard.press('Tab');
  const selected = page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { selected: true });
  await expect(selected).toBeFocused();
  const first = await selected.textContent();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { selected: true })).not.toHaveText(first);
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { selected: true })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { selected: true })).toHaveText(first);
  await page.keyboard.press('End');
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
  // Then Tab leaves the list for the code's controls: the Copy button is close.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tablist', { name: 'SDK' }).getByRole('tab', { selected: true })).not.toBeFocused();
  await page.getByRole('link', { name: 'Skip to the query' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#query-panel')).toBeFocused();
});

test('U+10FFFF in a query bound shows as an escape in the JSON view, and the JSON reads back to it', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('access pattern').selectOption('range');
  await page.getByLabel('equal to it on').selectOption({ label: 'score, at' });
  await page.getByLabel('value', { exact: true }).fill('p_5');
  await page.getByLabel('player is').selectOption('gt');
  const input = page.getByTestId('query-input');
  await expect(input).toContainText('#\\udbff\\udfff"');
  const text = await input.textContent();
  expect(text).not.toContain('\u{10FFFF}');
  expect(JSON.parse(text).ExpressionAttributeValues[':hi'].S.endsWith('#\u{10FFFF}')).toBe(true);
});

test('a long value is shown cut in the middle, whole on demand, and never stretches the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page);
  // Long, but inside the 1,024 bytes a sort key may hold, once the player's
  // 64-character bound is lifted.
  await openSegment(page, 3);
  await page.getByLabel('max chars').fill('');
  const long = 'p_' + 'x'.repeat(900) + '_end';
  await page.getByTestId('value-1-player').fill(long);
  const row = page.getByTestId('sorted-keys').locator('li', { hasText: '_end' }).first();
  const more = row.locator('code').getByRole('button', { name: 'show all' });
  await expect(more).toHaveText(/^\+\d+ characters$/);
  await expect(row.locator('code')).toContainText('…');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const naive = await page.getByTestId('naive-keys').boundingBox();
  expect(naive.height).toBeLessThan(2000);
  await more.click();
  await expect(row.locator('code .whole-text')).toHaveText(/_end$/);
  expect(await row.locator('code .whole-text').textContent()).toMatch(new RegExp(`^\\d{10}#\\d{16}#${long}$`));
  await row.locator('code').getByRole('button', { name: 'show less' }).click();
  await expect(row.locator('code .whole-text')).toHaveCount(0);
  // Past the key size limit the error quotes the value, cut the same way.
  await page.getByTestId('value-1-player').fill('p_' + 'y'.repeat(200000) + '_end');
  const error = page.getByTestId('key-1').locator('..').getByRole('alert');
  await expect(error).toContainText('a sort key may be at most 1024 bytes');
  expect((await error.textContent()).length).toBeLessThan(1000);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});

test('a value the partition key refuses is said beside its cell while the sort key is designed', async ({ page }) => {
  await openFresh(page);
  // The leaderboard opens on SK; season is written only by PK.
  await expect(page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { selected: true })).toHaveText(/^SK \(/);
  const season = page.getByTestId('value-0-season');
  const cell = page.locator('td', { has: season });
  const long = 'x'.repeat(40);
  await season.fill(long);
  // Before, this was said only in the query panel (the query's item is item 1).
  await expect(cell.getByRole('alert')).toHaveText(`Run.season in PK: value "${long}" has 40 characters, and the field allows at most 32. Fix: shorten it to 32 characters, or raise the field's maximum length.`);
  await expect(season).toHaveAttribute('aria-invalid', 'true');
  // The score's cell says nothing of it: the message is beside the field that has it.
  await expect(page.locator('td', { has: page.getByTestId('value-0-score') }).getByRole('alert')).toHaveCount(0);
  await season.fill('SPRING-2026');
  await expect(cell.getByRole('alert')).toHaveCount(0);
  await expect(season).toHaveAttribute('aria-invalid', 'false');
});

test('opening a view never takes the focus from a field the person already clicked into', async ({ page }) => {
  await openFresh(page);
  // The rail's click, then a click into the view's field before the page's next task:
  // what a busy machine does to a quick person.
  const focused = await page.evaluate(async () => {
    const rail = document.querySelector('nav[aria-label="views of the design"]');
    const button = [...rail.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Paste an expression');
    button.focus();
    button.click();
    for (let i = 0; i < 20 && !document.getElementById('paste-input'); i++) await Promise.resolve();
    document.getElementById('paste-input')?.focus();
    await new Promise((r) => setTimeout(r, 100));
    return document.activeElement?.id;
  });
  expect(focused).toBe('paste-input');
});

test('a decimal\'s width that leaves its scale no room is an error beside the box, and the keys stay', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'order-status');
  await page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { name: /^GSI1SK \(/ }).click();
  await openSegment(page, 2);
  const width = page.locator('#seg-1-width');
  const before = await width.inputValue();
  const keys = page.getByTestId('sorted-keys').locator('> li');
  await expect(keys.first()).toBeVisible();
  const shown = await keys.count();
  await width.fill('37');
  const problem = page.getByTestId('seg-1-width-problem');
  await expect(problem).toContainText('"37" is not a whole number from 1 to 36');
  await expect(problem).toContainText("width and scale hold at most 38 digits together, and its scale is 2");
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  // Nothing was applied: the preview waits for the box, as for any unsettled setting,
  // and a width that fits brings back every item's key.
  await expect(page.getByTestId('preview-blocked')).toContainText('width of amount');
  await width.fill('36');
  await expect(problem).toHaveCount(0);
  await expect(keys).toHaveCount(shown);
  await width.fill(before);
  await expect(keys).toHaveCount(shown);
});
