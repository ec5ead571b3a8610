// The design check beside the design: each rule of docs/lint.md, found by doing what a
// person does in the page, and its finding on screen with the sample values and the fix.
import { test, expect, openFresh, loadPreset, openView, openSegment } from './fixtures.mjs';

/** The finding of one rule on screen. */
const finding = (page, rule) => page.getByTestId('lint-list').locator(`li.finding[data-rule="${rule}"]`);

test('L1: two items that write one table key are shown with the key and both items', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'tickets');
  await expect(finding(page, 'L1')).toHaveCount(0);
  // The table is keyed by the ticket id alone: a second ticket given an id already
  // taken replaces the first.
  await page.getByTestId('value-1-ticket').fill('KL-101');
  const l1 = finding(page, 'L1');
  await expect(l1).toHaveCount(1);
  await expect(l1).toContainText('L1 collision · error');
  await expect(l1).toContainText('Two Ticket items that differ in updatedAt write the same table key');
  await expect(l1.locator('.evidence li').first()).toHaveText('PK = "TICKET#KL-101"');
  await expect(l1.locator('.fix')).toContainText('to the partition key, the table having no sort key');
  await expect(l1.locator('.evidence')).toContainText('item #1 (Ticket)');
  await expect(l1.locator('.evidence')).toContainText('item #2 (Ticket)');
});

test('L2: a text field without a bound is reported, a maximum length bounds the key, too large a one is an error', async ({ page }) => {
  await openFresh(page);
  const l2 = finding(page, 'L2');
  await openSegment(page, 3);
  const max = page.getByLabel('max chars');
  // The preset bounds the player at 64 characters: 28 + 64 × 4 = 284 bytes at worst.
  await expect(page.getByTestId('lint-summary')).toHaveText('No findings: nothing in the design or its sample items breaks rules L1 to L8.');
  await expect(page.getByTestId('template-size')).toHaveText('Key size: at most 284 of the 1024 bytes a sort key may hold.');
  // Without a bound the key has none either.
  await max.fill('');
  await expect(l2.filter({ hasText: "Run's SK key has no size bound" })).toContainText('player may hold any length');
  await expect(l2.locator('.fix')).toContainText('Give player a maximum length of at most 249 character(s)');
  await expect(page.getByTestId('template-size')).toContainText('Key size: unbounded, because player has no max chars; the rest takes 28 of the 1024 bytes a sort key may hold.');
  await max.fill('64');
  // 28 + 64 × 4 = 284 bytes.
  await expect(page.getByTestId('template-size')).toHaveText('Key size: at most 284 of the 1024 bytes a sort key may hold.');
  await expect(l2.filter({ hasText: "Run's SK key" })).toHaveCount(0);
  await max.fill('250');
  await expect(page.getByTestId('template-size')).toHaveText('Key size: up to 1028 bytes, over the 1024-byte limit for a sort key.');
  const over = l2.filter({ hasText: "Run's SK key can reach 1028 bytes" });
  await expect(over).toContainText('L2 size · error');
  await expect(over.locator('.fix')).toContainText('Lower the maximum length of player');
  // A value longer than the bound is refused beside it, not truncated.
  await max.fill('3');
  await expect(page.locator('table.samples')).toContainText('has 6 characters, and the field allows at most 3');
  // A bound that is not a number stays typed, with its problem next to it.
  await max.fill('many');
  await expect(page.locator('#inspector')).toContainText('"many" is not a whole number from 1 to 2048');
});

test('L3: upper-casing two ids that differ only in case is proven with them', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('value-0-season').fill('aZ3kQ9pLmN');
  await page.getByTestId('value-1-season').fill('Az3kQ9pLmN');
  const l3 = finding(page, 'L3');
  await expect(l3).toContainText('Run.season is stored in upper case, which merges the distinct values "aZ3kQ9pLmN" and "Az3kQ9pLmN" into one key.');
  await expect(l3.locator('.fix')).toHaveText("Fix: Set season's case to preserve.");
  await page.getByRole('tab', { name: 'PK' }).click();
  await openSegment(page, 2);
  await page.locator('#seg-1-case').selectOption('preserve');
  await expect(l3).toHaveCount(0);
});

test('L4: a field that changes later, added to the table key, is an error with the fix', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'tickets');
  await expect(finding(page, 'L4')).toHaveCount(0);
  await page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { name: /^PK / }).click();
  await page.getByLabel('+ existing field').selectOption('updatedAt');
  await expect(page.getByTestId('template-shape')).toHaveText('TICKET#<ticket>#<updatedAt>');
  const l4 = finding(page, 'L4');
  await expect(l4).toContainText('L4 mutable key · error');
  await expect(l4).toContainText("Ticket.updatedAt changes after an item is created, but it is part of the table's key PK");
  await expect(l4.locator('.evidence')).toContainText('PK moves from "TICKET#KL-101#2026-11-02T09:15:00.000Z" to');
  await expect(l4.locator('.fix')).toContainText("Move updatedAt to a GSI's key");
  // Unmarking it says the value never changes: nothing to report.
  await page.getByLabel('changes later').last().uncheck();
  await expect(l4).toHaveCount(0);
});

test('L5: an expected write rate over what one partition takes suggests shards and the fan-out', async ({ page }) => {
  await openFresh(page);
  await expect(finding(page, 'L5')).toHaveCount(0);
  await page.getByLabel('writes/s').fill('2500');
  const l5 = finding(page, 'L5');
  // Every sample shares one season: 2,500 writes/s on one PK value.
  await expect(l5).toContainText("Run's items would take 2500 writes/s per value against 1000 a partition serves on the table's partition key PK");
  await expect(l5.locator('.evidence')).toContainText('1 distinct PK value(s) in');
  await expect(l5.locator('.fix')).toContainText('Shard it 4 ways');
  await expect(l5.locator('.fix')).toContainText('fans out to 4 queries');
  // Stating 10 seasons spreads it to 250 writes/s each.
  await page.getByLabel('partition-key values').fill('10');
  await expect(l5).toHaveCount(0);
  await page.getByLabel('partition-key values').fill('1.5');
  await expect(page.locator('#lint-panel')).toContainText('"1.5" is not a whole number above 0');
  // The rates are part of the work: they survive a reload.
  await page.getByLabel('partition-key values').fill('');
  await expect(l5).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('writes/s')).toHaveValue('2500');
  await expect(finding(page, 'L5')).toHaveCount(1);
});

test('L6: a pasted begins_with that ends inside a segment shows the keys it also returns', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Paste an expression');
  await page.getByLabel('Query input as JSON').fill(JSON.stringify({
    TableName: 'Leaderboard',
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': { S: 'SEASON#SPRING-2026' }, ':p': { S: '99999999' } },
  }));
  const l6 = finding(page, 'L6');
  await expect(l6).toContainText('begins_with(SK, "99999999") ends inside a segment');
  await expect(l6.locator('.evidence li').first()).toContainText('matches "99999999');
  await expect(l6.locator('.fix')).toContainText('End the prefix at a segment');
});
