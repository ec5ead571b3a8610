// Designing the whole schema in the page: entities, every key attribute's template,
// GSIs, the schema as JSON, and generated items at 100,000 rows.
import { test, expect, openFresh, loadPreset, openView } from './fixtures.mjs';

test('entities are picked, added and removed, and the table follows the picked one', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'saas');
  await expect(page.getByTestId('samples-count')).toContainText('1 Org item(s), and 7 item(s) of other entities');
  await page.getByRole('tablist', { name: 'entity' }).getByRole('tab', { name: 'Team (3 items)' }).click();
  await expect(page.getByRole('heading', { name: 'SK template of Team' })).toBeVisible();
  await expect(page.getByTestId('template-shape')).toHaveText('#TEAM#<team>');
  await expect(page.locator('table.samples tbody tr')).toHaveCount(3);
  await page.getByLabel('entity name').fill('Squad');
  await page.getByLabel('entity name').press('Tab');
  await expect(page.getByRole('tablist', { name: 'entity' }).getByRole('tab', { selected: true })).toHaveText('Squad (3 items)');
  await page.getByRole('button', { name: '+ entity' }).click();
  await expect(page.getByRole('tablist', { name: 'entity' }).getByRole('tab', { selected: true })).toHaveText('Entity1 (1 item)');
  await expect(page.getByTestId('template-shape')).toHaveText('ENTITY1#<id>');
  await page.getByTestId('value-8-id').fill('7');
  await page.getByTestId('value-8-id').press('Tab');
  await expect(page.getByTestId('key-8')).toHaveText('ENTITY1#0000000007');
  await page.getByRole('button', { name: 'Remove entity' }).click();
  await expect(page.getByRole('tablist', { name: 'entity' }).getByRole('tab')).toHaveCount(3);
});

test('every key attribute has a template, a GSI is added, and the query can use it', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { name: /^PK \(/ }).click();
  await expect(page.getByTestId('template-shape')).toHaveText('SEASON#<season>');
  await page.getByRole('button', { name: '+ GSI' }).click();
  await expect(page.getByRole('heading', { name: 'GSI1SK template of Run' })).toBeVisible();
  await page.getByRole('button', { name: 'Give Run a GSI1SK template' }).click();
  await page.getByRole('button', { name: '+ field segment' }).click();
  await page.locator('#seg-1-name').fill('day');
  await page.locator('#seg-1-name').press('Tab');
  await page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { name: /^GSI1PK \(/ }).click();
  await page.getByRole('button', { name: 'Give Run a GSI1PK template' }).click();
  // Every run lands in the one GSI1 partition, keyed RUN, sorted by the new field.
  await openView(page, 'Item collections');
  await expect(page.getByRole('heading', { name: 'Item collections of index GSI1' })).toBeVisible();
  await page.getByLabel('index', { exact: true }).selectOption('GSI1');
  await expect(page.getByTestId('query-input')).toContainText('"IndexName": "GSI1"');
  // The whole collection, not the preset's first 3: all four runs are in the index.
  await page.getByLabel('access pattern').selectOption('collection');
  await expect(page.getByTestId('query-hits').locator('li')).toHaveCount(4);
  await page.getByRole('button', { name: 'Leave Run out of this index' }).click();
  await expect(page.getByRole('button', { name: 'Give Run a GSI1PK template' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove index GSI1' }).click();
  await expect(page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab')).toHaveCount(2);
});

test('the schema as JSON: errors name the JSON path, a valid edit applies', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Schema as JSON').click();
  const area = page.getByLabel('Edit and apply');
  await area.fill('{"version": 1, "separator": "#", "table": {"name": "T"}}');
  await page.getByRole('button', { name: 'Apply schema' }).click();
  await expect(page.locator('.schema-editor [role=alert]').first()).toContainText('$.table');
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(4);
  const text = (await page.evaluate(() => localStorage.getItem('keylab.work')));
  const schema = JSON.parse(text).schema;
  schema.table.name = 'Scores';
  schema.separator = '|';
  await area.fill(JSON.stringify(schema, null, 2));
  await page.getByRole('button', { name: 'Apply schema' }).click();
  await expect(page.getByTestId('sorted-keys').locator('li code').first()).toHaveText(/^9999998499\|/);
  await expect(page.getByLabel('separator')).toHaveValue('|');
});

test('100,000 generated items: the table draws only what is in view and every view stays correct', async ({ page }) => {
  test.setTimeout(120_000);
  await openFresh(page);
  await page.getByLabel(/random Run items/).fill('100000');
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await expect(page.getByTestId('samples-count')).toContainText('100000 Run item(s)', { timeout: 60000 });
  const drawn = page.locator('table.samples tbody tr:not(.spacer)');
  expect(await drawn.count()).toBeLessThan(60);
  await page.getByTestId('samples-scroll').evaluate((e) => { e.scrollTop = e.scrollHeight; });
  await expect(drawn.last().locator('th')).toHaveText('100000');
  // One partition of the 100,000, the busiest, as a Query would read it.
  const note = page.getByTestId('preview-partition-note');
  await expect(note).toContainText('a Query reads one partition');
  const [, shownCount, inPartition] = (await note.textContent()).match(/(\d+) of (\d+) item\(s\) in partition/);
  expect(shownCount).toBe(inPartition);
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(Math.min(500, Number(inPartition)));
  const busiest = Number((await page.getByLabel(/^partition to show/).locator('option').first().textContent()).match(/\((\d+) items\)/)[1]);
  expect(busiest).toBe(Number(inPartition));
  // The keys shown are in byte order, whatever the values.
  const shown = await page.getByTestId('sorted-keys').locator('li code').allTextContents();
  const bytes = (s) => Buffer.from(s, 'utf8');
  for (let i = 1; i < shown.length; i++) expect(Buffer.compare(bytes(shown[i - 1]), bytes(shown[i]))).toBeLessThanOrEqual(0);
  await page.locator('#seg-0-width').fill('12');
  await page.locator('#seg-0-width').press('Enter');
  await expect(page.getByTestId('sorted-keys').locator('li code').first()).toHaveText(/^\d{12}#/, { timeout: 60000 });
  await page.getByLabel(/random Run items/).fill('100001');
  await expect(page.getByRole('alert').filter({ hasText: 'not a count from 1 to 100000' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace Run items with random ones' })).toBeDisabled();
});

test('two items with the same table key: the page says DynamoDB keeps only the last', async ({ page }) => {
  await openFresh(page);
  // Item 1 becomes the same run as item 2: score 1500 at the same time by the same player.
  for (const [field, value] of [['score', '1500'], ['player', 'p_8842']]) {
    await page.getByTestId(`value-0-${field}`).fill(value);
    await page.getByTestId(`value-0-${field}`).press('Tab');
  }
  await expect(page.locator('tr', { has: page.getByTestId('key-0') }).locator('.warning')).toContainText('Item #2 has the same table key');
  await expect(page.getByTestId('sorted-keys').locator('li[data-row="0"] .badge')).toHaveText('overwritten by #2');
  await expect(page.getByTestId('query-hits').locator('li')).toHaveCount(3);
});
