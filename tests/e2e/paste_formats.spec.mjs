// The paste box reads the Query input as developers have it: JSON, a JavaScript object
// literal, a Python dict, DocumentClient plain values; and says which reading it used.
import { test, expect, openFresh, loadPreset, openView } from './fixtures.mjs';

const box = (page) => page.getByLabel('Query input as JSON');

test('a JavaScript object literal with DocumentClient values is read, and the reading is named', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Paste an expression');
  await box(page).fill(`const params = {
  TableName: 'Leaderboard',
  KeyConditionExpression: '#pk = :pk AND #sk < :top', // the best scores
  ExpressionAttributeNames: { '#pk': 'PK', '#sk': 'SK', },
  ExpressionAttributeValues: { ':pk': 'SEASON#SPRING-2026', ':top': '9999999900', },
};`);
  await expect(page.getByTestId('paste-ok')).toHaveText('DynamoDB would accept this query.');
  await expect(page.getByTestId('paste-read-as')).toHaveText([
    'Read as a JavaScript object literal.',
    /DocumentClient plain values: :pk = "SEASON#SPRING-2026" is \{"S":"SEASON#SPRING-2026"\}/,
  ]);
  await expect(page.getByTestId('paste-hits').locator('li')).toHaveCount(2);
});

test('a Python dict is read; plain JSON is read without a note', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Paste an expression');
  await box(page).fill(`{'TableName': 'Leaderboard', 'KeyConditionExpression': 'PK = :pk', 'ScanIndexForward': False,
  'ExpressionAttributeValues': {':pk': {'S': 'SEASON#SPRING-2026'}}}`);
  await expect(page.getByTestId('paste-ok')).toBeVisible();
  await expect(page.getByTestId('paste-read-as')).toHaveText(['Read as a Python dict.']);
  await expect(page.getByTestId('paste-hits').locator('li')).toHaveCount(4);
  await box(page).fill('{"TableName": "Leaderboard", "KeyConditionExpression": "PK = :pk", "ExpressionAttributeValues": {":pk": {"S": "SEASON#SPRING-2026"}}}');
  await expect(page.getByTestId('paste-ok')).toBeVisible();
  await expect(page.getByTestId('paste-read-as')).toHaveCount(0);
});

test('a condition on a field inside the sort key gets a hint naming the key and its template', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Paste an expression');
  await loadPreset(page, 'orders');
  await box(page).fill(`{TableName: 'Shop', KeyConditionExpression: 'PK = :pk AND id > :c',
    ExpressionAttributeValues: {':pk': 'CUSTOMER#C-42', ':c': '01J'}}`);
  await expect(page.getByTestId('paste-error')).toBeVisible();
  await expect(page.getByTestId('paste-hint')).toHaveText('id is part of SK (ORDER#<id>). Compare SK with a prefix or range built from it: the query builder above does that.');
});
