// Importing a design from another tool's file or a table's items, by mouse and by
// keyboard, over work that asks first, with hostile text that changes nothing.
import fs from 'node:fs';
import { test, expect, openFresh, openView } from './fixtures.mjs';

const MODEL = 'cli/tests/fixtures/offices-workbench.json';
const EXPORT = 'cli/tests/fixtures/shop-export.jsonl';
const ELECTRODB = 'cli/tests/fixtures/shop-electrodb.js';

const entityTabs = (page) => page.getByRole('tablist', { name: 'entity' }).getByRole('tab');

test('a NoSQL Workbench model opens as a design with its facets and keys', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Import / export').click();
  // A preset as it loaded is nobody's work: nothing is asked.
  await page.getByTestId('import-file').setInputFiles(MODEL);
  const status = page.getByTestId('files-status');
  await expect(status).toContainText('Imported offices-workbench.json, a NoSQL Workbench model: 3 entities, 8 items; 1 facet left out — see the notes.');
  await expect(status).toContainText('The design writes every key again, byte for byte.');
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('facet Parking is left out: it has no TableData of its own');
  await expect(report).toContainText('Visit (3 items): PK = OFFICE#<office>; SK = <State>#<Date>');
  await expect(report).toContainText('left out of the model\'s table settings: NonKeyAttributes, DataAccess, BillingMode');
  await expect(entityTabs(page)).toHaveText(['Office (3 items)', 'Visit (3 items)', 'Employee (2 items)']);
  // The start hint teaches the leaderboard, which is no longer on screen.
  await expect(page.getByTestId('start-hint')).toHaveCount(0);
  await entityTabs(page).nth(1).click();
  await expect(page.getByTestId('sorted-keys')).toContainText('OPEN#2020-04-24T14:40:00');
  await status.getByRole('button', { name: 'close the message' }).click();
  await expect(status).toHaveCount(0);
  // The import is the work now, and survives a reload.
  await page.reload();
  await expect(entityTabs(page)).toHaveText(['Office (3 items)', 'Visit (3 items)', 'Employee (2 items)']);
});

test('a pasted export over the person\'s work asks first, lists what it cannot write, and undoes', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  await page.getByText('Import / export').click();
  // By keyboard: the paste box, then its button.
  await page.getByTestId('import-paste').fill(fs.readFileSync(EXPORT, 'utf8'));
  await page.getByTestId('import-paste').press('Tab');
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: 'replace your work with the import?' });
  await expect(ask).toContainText('Replace your current design and items with the pasted text, DynamoDB JSON items (3 entities, 8 items)?');
  await ask.getByRole('button', { name: 'Keep my work' }).click();
  await expect(ask).toHaveCount(0);
  await expect(width).toHaveValue('12');

  await page.getByText('Import / export').click();
  await page.getByRole('button', { name: 'Import pasted text' }).click();
  await ask.getByRole('button', { name: 'Replace my work' }).click();
  const status = page.getByTestId('files-status');
  await expect(status).toContainText('Not exact: 1 item(s) have a key the design does not write again');
  await expect(page.getByTestId('import-report')).toContainText('item on line 9: SK "ORDER#2024-07-02T08:00+02:00#"');
  // A width read from samples that all have as many digits is said as a guess.
  await expect(page.getByTestId('import-report')).toContainText("guess: Item's <item> width 3 read from 3 samples that all have 3 digits: a larger value would need a wider key");
  await expect(entityTabs(page)).toHaveText(['Customer (2 items)', 'Order (3 items)', 'Item (3 items)']);
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(width).toHaveValue('12');
});

test('hostile files and pastes are refused with the place, and change nothing', async ({ page }) => {
  await openFresh(page);
  // Said beside the paste box, where the text can be fixed.
  const status = page.getByTestId('import-status');
  const tabs = await entityTabs(page).allTextContents();
  const menu = page.getByTestId('files-menu');
  const paste = async (text) => {
    // A refusal leaves the menu open, so the text can be fixed where it was typed.
    if (!(await menu.evaluate((d) => d.open))) await page.getByText('Import / export').click();
    await page.getByTestId('import-paste').fill(text);
    await page.getByRole('button', { name: 'Import pasted text' }).click();
  };
  await paste('');
  await expect(status).toContainText('the pasted text was not imported: it is empty. Your work is unchanged.');
  await paste('garbage\u0000 <script>');
  // Nothing marks its format: each was tried, and none is named as what it is.
  await expect(status).toContainText('nothing in it says which format it is in');
  await expect(status).toContainText('as DynamoDB JSON items: item on line 1: is not an item in DynamoDB JSON');
  await paste('{"ModelName": "M", "DataModel": [{"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK"}}, "TableFacets": [{"FacetName": "A", "TableData": [{"PK": 5}]}]}]}');
  await expect(status).toContainText('DataModel[0].TableFacets[0].TableData[0]');
  await paste('{"ModelName": "M", "DataModel": [{"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK"}}}]}');
  await expect(status).toContainText('holds no TableData');
  await paste('const Order = new Entity({\n  model: { entity: "order", service: "shop" },\n  attributes: { id: { type: "string" } ');
  await expect(status).toContainText('line 3, column 15: this object is never closed');
  await paste('new Entity({ model: { entity: "e", service: "s" }, attributes: { id: { type: "map" } }, indexes: { a: { pk: { field: "pk", composite: ["id"] } } } })');
  await expect(status).toContainText('id is of type the text "map", which cannot be a key\'s part');
  await expect(entityTabs(page)).toHaveText(tabs);
});

test('the design leaves as a NoSQL Workbench model and comes back whole', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Import / export').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'NoSQL Workbench model' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.workbench\.json$/);
  const file = await download.path();
  const model = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(model.ModelMetadata.Version).toBe('3.0');
  expect(model.ModelMetadata.DateCreated).toMatch(/^[A-Z][a-z]{2} \d\d, \d{4}, \d{1,2}:\d\d [AP]M$/);
  const run = model.DataModel[0].TableFacets[0];
  expect(run.FacetName).toBe('Run');
  expect(run.TableData.map((i) => i.SK.S)).toContain('9999998499#0000001719100800#p_8842');
  await expect(page.getByTestId('export-status')).toContainText('open it in NoSQL Workbench');

  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  await page.getByText('Import / export').click();
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByRole('button', { name: 'Replace my work' }).click();
  await expect(page.getByTestId('import-report')).toContainText('used as it is');
  await expect(width).toHaveValue('10');
});

test('ElectroDB entities open as the design ElectroDB writes, with drawn items', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Import / export').click();
  await page.getByTestId('import-file').setInputFiles(ELECTRODB);
  const status = page.getByTestId('files-status');
  await expect(status).toContainText('Imported shop-electrodb.js, ElectroDB entities: 2 entities, 12 items.');
  await expect(status).toContainText('The file states the design and holds no items: 12 random items show its keys.');
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('entity order: pk = $shop#orderid_<orderId> (ElectroDB\'s own format, lower case by its default)');
  await expect(report).toContainText("entity customer: tier's `set` (the code `(v) => v`) is not run");
  await expect(entityTabs(page)).toHaveText(['order (6 items)', 'customer (6 items)']);
  await expect(page.getByTestId('sorted-keys')).toContainText('$order_1#seq_');
  await expect(report).toContainText('entity customer: pk = customer#<customerId> (its template, lower case by ElectroDB\'s default)');
});

test('a pasted OneTable schema opens as its models, by keyboard', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Import / export').click();
  await page.getByTestId('import-paste').fill(fs.readFileSync('cli/tests/fixtures/crm-onetable.js', 'utf8'));
  await page.getByTestId('import-paste').press('Tab');
  await page.keyboard.press('Enter');
  const status = page.getByTestId('files-status');
  await expect(status).toContainText('Imported the pasted text, a OneTable schema: 3 entities, 18 items.');
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('model User: gs1sk = User#<rank>#<email>');
  await expect(report).toContainText('model Invoice: sk = Invoice#<issued>#<number>');
  await expect(entityTabs(page)).toHaveText(['Account (6 items)', 'User (6 items)', 'Invoice (6 items)']);
  // A schema whose only model cannot be written is refused, and the work stays.
  await page.getByText('Import / export').click();
  await page.getByTestId('import-paste').fill("{ format: 'onetable:1.1.0', indexes: { primary: { hash: 'pk' } }, models: { A: { pk: { type: String, value: '${a}${b}' }, a: { type: String }, b: { type: String } } } }");
  await page.getByRole('button', { name: 'Import pasted text' }).click();
  const refused = page.getByTestId('import-status');
  await expect(refused).toContainText('no model could be read');
  await expect(refused).toContainText('model A is left out: keylab cannot write its table keys as OneTable does: pk: "" stands between two values');
  await expect(entityTabs(page)).toHaveText(['Account (6 items)', 'User (6 items)', 'Invoice (6 items)']);
});

test('an MCP data model opens with its items, and its Query patterns are checked', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Import / export').click();
  await page.getByTestId('import-file').setInputFiles('cli/tests/fixtures/library-mcp.json');
  const status = page.getByTestId('files-status');
  await expect(status).toContainText('Imported library-mcp.json, an AWS DynamoDB MCP data model: 3 entities, 7 items.');
  await expect(status).toContainText('The design writes every key again, byte for byte.');
  const report = page.getByTestId('import-report');
  await expect(report).toContainText("pattern 2 (A member's loans, newest first): #pk = :pk AND begins_with(#sk, :loan): DynamoDB accepts it; it returns 2 of the model's items");
  await expect(report).toContainText('pattern 5 (Loans due, filtered on the sort key): #sk = :sk: refused: Query condition missed key schema element: PK');
  await expect(report).toContainText('pattern 6 (Search books by words in the title) is listed only: full-text search belongs in OpenSearch');
  await expect(entityTabs(page)).toHaveText(['Member (2 items)', 'Loan (3 items)', 'Book (2 items)']);
  await expect(report).toContainText('Query pattern(s) are saved access patterns: Paste an expression lists them');

  // Its Query patterns are saved access patterns: one click puts one in the paste box, which runs it.
  await openView(page, 'Paste an expression');
  const saved = page.getByTestId('saved-patterns');
  await saved.getByRole('button', { name: 'Who borrowed a book, in date order (pattern 3)', exact: true }).click();
  await expect(page.locator('#paste-input')).toHaveValue(/"KeyConditionExpression": "#pk = :book"/);
  await expect(page.getByTestId('paste-ok')).toBeVisible();
  await expect(page.getByTestId('paste-hits').locator('li')).toHaveCount(2);
  // The refused one says why, pointing at the expression.
  await saved.getByRole('button', { name: /^Loans due, .*pattern 5\)$/ }).click();
  await expect(page.getByTestId('paste-error')).toContainText('missed key schema element: PK');

  // Saving by keyboard: an empty name is said beside the field, a taken one too; then it is kept across a reload.
  const name = page.locator('#pattern-name');
  await name.focus();
  await name.press('Enter');
  await expect(page.getByTestId('pattern-name-problem')).toContainText('name the access pattern first');
  await name.fill('Who borrowed a book, in date order (pattern 3)');
  await name.press('Enter');
  await expect(page.getByTestId('pattern-name-problem')).toContainText('already named');
  await name.fill('Loans due <script>alert(1)</script>');
  await name.press('Enter');
  await expect(saved.getByRole('button', { name: 'Loans due <script>alert(1)</script>', exact: true })).toBeVisible();
  await expect(name).toHaveValue('');
  await page.reload();
  await openView(page, 'Paste an expression');
  const kept = page.getByTestId('saved-patterns');
  await expect(kept.getByRole('button', { name: 'Loans due <script>alert(1)</script>', exact: true })).toBeVisible();
  await kept.getByRole('button', { name: 'Remove Loans due <script>alert(1)</script>' }).click();
  await expect(kept.getByRole('button', { name: /script/ })).toHaveCount(0);
  await expect(kept.getByRole('button', { name: /pattern 3\)$/ })).toHaveCount(2);
});

const declaredExports = [
  {
    tool: 'ElectroDB entities', button: 'ElectroDB entities (TypeScript)', file: 'Leaderboard.electrodb.ts',
    holds: ['pk: { field: "PK", composite: ["season"], template: "SEASON#${season}", casing: "upper" }', 'export function encodeRunSk('],
  },
  {
    tool: 'a OneTable schema', button: 'OneTable schema (TypeScript)', file: 'Leaderboard.onetable.ts',
    holds: ['"SK": { type: String, value: true }', 'export function value(', 'export function encodeRunSk('],
  },
];

for (const { tool, button, file, holds } of declaredExports) {
  test(`the design leaves as ${tool} and comes back whole`, async ({ page }) => {
    await openFresh(page);
    await page.getByText('Import / export').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(file);
    const text = fs.readFileSync(await download.path(), 'utf8');
    for (const part of holds) expect(text).toContain(part);
    const status = page.getByTestId('export-status');
    await expect(status).toContainText(`Downloaded ${file}`);
    await expect(status).toContainText('Run.SK: score is stored inverted (desc)');

    const width = page.locator('#seg-0-width');
    await width.fill('12');
    await width.press('Enter');
    await page.getByText('Import / export').click();
    await page.getByTestId('import-file').setInputFiles({ name: file, mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.getByRole('button', { name: 'Replace my work' }).click();
    await expect(page.getByTestId('import-report')).toContainText('used as it is');
    await expect(width).toHaveValue('10');
  });
}
