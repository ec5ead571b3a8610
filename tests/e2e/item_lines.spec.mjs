// The items paste box reads keylab's own item lines, {"entity": ..., "values": {...}}, as
// the CLI prints and reads them (import --items; encode, sort and lint): each line's item
// joins the entity it names, and each bad line is said with its number and its fix.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { resolve } from 'node:path';
import { test, expect, openFresh, loadPreset } from './fixtures.mjs';

const EXPORT = 'cli/tests/fixtures/shop-export.jsonl';

async function paste(page, text) {
  const details = page.locator('details.paste-items');
  if (!(await details.evaluate((d) => d.open))) await page.getByText('Paste JSON lines or CSV').click();
  await page.getByLabel('Items as JSON lines or CSV').fill(text);
  await page.getByRole('button', { name: 'Add items' }).click();
}

test('item lines join the entity each names; bad lines are each said, and nothing is added', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'iot');
  // The box is the readings' (the entity picked); a line may name the device.
  const count = page.getByTestId('samples-count');
  await expect(count).toHaveText('12 Reading item(s), and 1 item(s) of other entities (pick the entity in the template panel).');
  await paste(page, [
    '{"entity": "Reading", "values": {"device": "thermo-7", "seq": 42}}',
    '{"entity": "Device", "values": {"device": "probe-2", "colour": "red"}}',
  ].join('\n'));
  const status = page.getByTestId('paste-items-status');
  await expect(status).toHaveText('Added 2 items (1 Reading, 1 Device). Note: ignored fields Device does not have: colour.');
  await expect(count).toHaveText('13 Reading item(s), and 2 item(s) of other entities (pick the entity in the template panel).');
  await expect(page.getByTestId('value-13-seq')).toHaveValue('42');

  await paste(page, [
    '{"entity": "Readng", "values": {"seq": 1}}',
    '{"entity": "Reading", "values": "thermo-7"}',
    '{"device": "fine-1"}',
    '{"values": {"device": "x"}}',
  ].join('\n'));
  await expect(status).toContainText('Nothing was added: these lines cannot be read. Fix them and add the items again:');
  await expect(status.locator('li')).toHaveText([
    'line 1 names entity "Readng", which the design does not define (did you mean Reading?): write one of Device, Reading',
    'line 2: "values" is a string, not an object of field values: write "values": {...} with Reading\'s fields',
    'line 4 has "values" but no "entity" saying whose they are: add "entity" naming one of Device, Reading',
  ]);
  await expect(count).toHaveText('13 Reading item(s), and 2 item(s) of other entities (pick the entity in the template panel).');
  // The lines stay in the box to be fixed.
  await expect(page.getByLabel('Items as JSON lines or CSV')).toHaveValue(/Readng/);
});

// The CLI is built before the page is opened, with a time of its own: a build waiting for
// cargo's lock (make test builds it first) must not eat the test's 30 seconds.
test.beforeAll(() => {
  test.setTimeout(600_000);
  const built = spawnSync('cargo', ['build', '-q', '-p', 'keylab-cli'], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
});

test('the lines keylab import --items prints are added to the design the page read from the same export', async ({ page }) => {
  const lines = spawnSync(resolve('target/debug/keylab'), ['import', '--from', 'export', EXPORT, '--items'], { encoding: 'utf8' });
  // 5: one item of the export is not written again (the page leaves it out too).
  expect(lines.status, lines.stderr).toBe(5);
  expect(lines.stdout.trim().split('\n')).toHaveLength(8);
  expect(JSON.parse(lines.stdout.split('\n')[0])).toMatchObject({ entity: 'Customer', values: { customerId: 'c-1' } });

  await openFresh(page);
  await page.getByText('Import / export').click();
  await page.getByTestId('import-paste').fill(fs.readFileSync(EXPORT, 'utf8'));
  // A preset as it loaded is nobody's work: the import does not ask.
  await page.getByRole('button', { name: 'Import pasted text' }).click();
  const tabs = page.getByRole('tablist', { name: 'entity' }).getByRole('tab');
  await expect(tabs).toHaveText(['Customer (2 items)', 'Order (3 items)', 'Item (3 items)']);
  await paste(page, lines.stdout);
  await expect(page.getByTestId('paste-items-status')).toHaveText('Added 8 items (2 Customer, 3 Order, 3 Item).');
  await expect(tabs).toHaveText(['Customer (4 items)', 'Order (6 items)', 'Item (6 items)']);
  // Each item came back whole: the same keys as the imported ones, so DynamoDB would
  // keep one of each pair (the later write), and the page says so beside it.
  await expect(page.getByTestId('key-8')).toHaveText(await page.getByTestId('key-0').textContent());
});
