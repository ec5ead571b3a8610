// Designing from scratch: a blank design named by the user, new entities with their own
// partition and sort fields, renames that carry the literal, and random items.
import { test, expect, openFresh, loadPreset } from './fixtures.mjs';

test('a new blank design takes the table and entity names the user types', async ({ page }) => {
  await openFresh(page);
  await page.getByText('New blank design').click();
  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await expect(page.getByTestId('new-design-missing')).toHaveText("Create needs a table name and a first entity's name.");
  await page.getByLabel('table name', { exact: true }).first().fill('ab');
  await expect(page.getByTestId('new-table-problem')).toContainText('too short');
  await page.getByLabel('table name', { exact: true }).first().fill('my shop');
  await expect(page.getByTestId('new-table-problem')).toContainText("' ' cannot be in a DynamoDB table name");
  await page.getByLabel('table name', { exact: true }).first().fill('Shop');
  await expect(page.getByTestId('new-table-problem')).toHaveCount(0);
  await expect(create).toBeDisabled();
  await expect(page.getByTestId('new-design-missing')).toHaveText("Create needs a first entity's name.");
  await page.getByLabel('first entity').fill('Order');
  await page.getByLabel('first entity').press('Enter');
  await expect(page.getByTestId('new-design-done')).toContainText('Created table Shop with entity Order');
  await expect(page.locator('#entity-name')).toHaveValue('Order');
  await expect(page.getByRole('heading', { name: 'SK template of Order' })).toBeVisible();
  // Its first item has values, so a key is on screen at once.
  await expect(page.getByTestId('sorted-keys').locator('li code')).toHaveText(['ORDER#0000000001']);
  // Undo brings back the leaderboard; Redo the new design.
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(page.getByRole('heading', { name: 'SK template of Run' })).toBeVisible();
  await page.getByRole('button', { name: /Redo/ }).click();
  await expect(page.getByRole('heading', { name: 'SK template of Order' })).toBeVisible();
  await page.getByTestId('value-0-owner').fill('c-1');
  await page.getByTestId('value-0-id').fill('7');
  await expect(page.getByTestId('sorted-keys').locator('li code')).toHaveText(['ORDER#0000000007']);
  await expect(page.getByTestId('query-input')).toContainText('"TableName": "Shop"');
});

test('+ entity gives separate partition and sort fields; a rename offers to carry the literal', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('button', { name: '+ entity' }).click();
  await expect(page.locator('#entity-name')).toHaveValue('Entity1');
  await expect(page.getByTestId('template-shape')).toHaveText('ENTITY1#<id>');
  await page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { name: /^PK \(/ }).click();
  await expect(page.getByTestId('template-shape')).toHaveText('ENTITY1#<owner>');
  await page.locator('#entity-name').fill('Purchase');
  const offer = page.getByTestId('rename-literal-offer');
  await expect(offer).toContainText('The keys still start with ENTITY1.');
  await offer.getByRole('button', { name: 'Rename the literal to PURCHASE' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByTestId('template-shape')).toHaveText('PURCHASE#<owner>');
  await page.getByRole('tablist', { name: 'key attribute' }).getByRole('tab', { name: /^SK \(/ }).click();
  await expect(page.getByTestId('template-shape')).toHaveText('PURCHASE#<id>');
  // Declining keeps the literal and closes the offer.
  await page.locator('#entity-name').fill('Buy');
  await expect(offer).toContainText('PURCHASE');
  await offer.getByRole('button', { name: 'Keep PURCHASE' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByTestId('template-shape')).toHaveText('PURCHASE#<id>');
});

test('random items give a field in both keys a value per item: no two customers collide', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'orders');
  await page.getByRole('tablist', { name: 'entity' }).getByRole('tab', { name: 'Customer (1 item)' }).click();
  await page.getByLabel(/random Customer items/).fill('20');
  await page.getByRole('button', { name: 'Replace Customer items with random ones' }).click();
  await expect(page.getByTestId('samples-count')).toContainText('20 Customer item(s)');
  const keys = await page.locator('[data-testid^="key-"]').allTextContents();
  expect(new Set(keys).size).toBe(20);
  await expect(page.locator('table.samples').getByText('has the same table key')).toHaveCount(0);
});
