import { test, expect, apiReady, openFresh, sortedValues } from './fixtures.mjs';

test('the leaderboard preview sorts top scores first, with the naive order beside it', async ({ page }) => {
  await openFresh(page);
  const keys = page.getByTestId('sorted-keys').locator('code');
  await expect(keys).toHaveText([
    '9999998499#0000001719100800#p_8842',
    '9999999759#0000001719187200#p_2051',
    '9999999989#0000001719100800#p_1003',
    '9999999990#0000001719273600#p_0417',
  ]);
  // Unpadded, the naive design sorts "10" before "1500" before "240" before "9".
  await expect(page.getByTestId('naive-keys').locator('code')).toHaveText([
    '10#1719100800#p_1003', '1500#1719100800#p_8842', '240#1719187200#p_2051', '9#1719273600#p_0417',
  ]);
  await expect(page.getByTestId('naive-keys').locator('li.misplaced')).toHaveCount(3);
  // 9 is last in both orders; the other three are out of place in the naive one.
  await expect(page.getByTestId('naive-keys').locator('li').last()).not.toHaveClass(/misplaced/);
});

test('changing a width and a value reorders the preview on screen', async ({ page }) => {
  await openFresh(page);
  // Ascending order first, so the width matters to the naive comparison.
  await page.getByLabel('order', { exact: true }).first().selectOption('asc');
  await expect(page.getByTestId('sorted-keys').locator('li .values')).toHaveText([
    /^SPRING-2026, 9,/, /^SPRING-2026, 10,/, /^SPRING-2026, 240,/, /^SPRING-2026, 1500,/,
  ]);

  // A width too narrow for 1500: the error shows next to that value and the row drops out.
  const width = page.locator('#seg-0-width');
  await width.fill('3');
  await width.press('Enter');
  const cell = page.getByTestId('value-1-score').locator('..');
  await expect(cell.getByRole('alert')).toContainText('has 4 digits but the width is 3');
  await expect(cell.getByRole('alert')).toContainText('raise the width to at least 4');
  expect(await sortedValues(page)).toEqual([
    expect.stringMatching(/, 9,/), expect.stringMatching(/, 10,/), expect.stringMatching(/, 240,/),
  ]);
  await expect(page.getByTestId('sorted-keys').locator('code').first()).toHaveText('009#0000001719273600#p_0417');
  await expect(page.getByTestId('width-plan').first()).toContainText('capacity 999');

  // Widen again and change a value: 9 becomes 5000 and moves to the end.
  await width.fill('5');
  await width.press('Enter');
  const nine = page.getByTestId('value-3-score');
  await nine.fill('5000');
  await nine.press('Enter');
  await expect(page.getByTestId('sorted-keys').locator('code')).toHaveText([
    '00010#0000001719100800#p_1003',
    '00240#0000001719187200#p_2051',
    '01500#0000001719100800#p_8842',
    '05000#0000001719273600#p_0417',
  ]);
});

test('the work survives a reload', async ({ page }) => {
  await openFresh(page);
  const nine = page.getByTestId('value-3-score');
  await nine.fill('777');
  await nine.press('Enter');
  await page.reload();
  await expect(page.getByTestId('value-3-score')).toHaveValue('777');
});

test('unreadable saved work is set aside with a message, not lost', async ({ page }) => {
  await page.goto('/index.html');
  // Wait for the app's first autosave, or it could overwrite the damage written here.
  await expect(page.getByRole('heading', { name: 'keylab', exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('keylab.work', '{"schema": {"version": 99}}'));
  await page.reload();
  await expect(page.getByRole('status')).toContainText('could not be read');
  expect(await page.evaluate(() => localStorage.getItem('keylab.unreadable'))).toBe('{"schema": {"version": 99}}');
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(4);
});

test('the JS API is on window.wasmBindings and sorts by UTF-8 bytes', async ({ page }) => {
  await openFresh(page);
  await apiReady(page);
  const result = await page.evaluate(() => {
    const api = window.wasmBindings;
    const schema = {
      version: 1, separator: '#',
      table: { name: 'T', attributes: { PK: 'S', SK: 'S' }, primary: { partition: 'PK', sort: 'SK' } },
      entities: [{ name: 'Run', fields: { score: { kind: 'uint', width: 10 } },
        keys: { PK: [{ literal: 'P' }], SK: [{ field: 'score' }] } }],
    };
    let thrown = null;
    try { api.encodeItem(schema, 'Run', { score: -1 }); } catch (e) { thrown = e instanceof Error ? e.message : 'not an Error'; }
    return {
      item: api.encodeItem(schema, 'Run', { score: 1500 }),
      back: api.decodeKey(schema, 'Run', 'SK', '0000001500'),
      sorted: api.sortKeys(['\u{FF5E}', '\u{1F600}', 'b', 'B']),
      thrown,
    };
  });
  expect(result.item).toEqual({ PK: 'P', SK: '0000001500' });
  expect(result.back).toEqual({ score: 1500 });
  expect(result.sorted).toEqual(['B', 'b', '\u{FF5E}', '\u{1F600}']);
  expect(result.thrown).toContain('is negative');
});
