import { test, expect, openFresh } from './fixtures.mjs';

test('corrupted storage falls back to the last copy that loaded, and keeps the damaged one', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  await width.fill('7');
  await width.press('Enter');
  await page.reload(); // this load succeeds, so it becomes the backup
  await expect(width).toHaveValue('7');
  await page.evaluate(() => localStorage.setItem('keylab.work', '{"schema": {"version": 1, "separator": "#"'));
  await page.reload();
  await expect(page.getByRole('status')).toContainText('the last copy that loaded was restored');
  await expect(width).toHaveValue('7');
  expect(await page.evaluate(() => localStorage.getItem('keylab.unreadable'))).toBe('{"schema": {"version": 1, "separator": "#"');
});

test('a saved setting that does not read is reset and said; the design and items load', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  await width.fill('7');
  await width.press('Enter');
  await expect(page.getByTestId('sorted-keys').locator('li').first()).toContainText('9998499');
  await page.evaluate(() => {
    const work = JSON.parse(localStorage.getItem('keylab.work'));
    work.snippet = { target: 'cobol' };
    localStorage.setItem('keylab.work', JSON.stringify(work));
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'saved code settings' }))
    .toContainText('could not be read (unknown variant `cobol`');
  await expect(width).toHaveValue('7');
  await expect(page.getByTestId('sorted-keys').locator('> li')).toHaveCount(4);
});

test('a saved query on an index the table does not have says so, and one pick fixes it', async ({ page }) => {
  await openFresh(page);
  await page.evaluate(() => {
    const work = JSON.parse(localStorage.getItem('keylab.work'));
    work.query = { ...work.query, index: 'GSI9' };
    localStorage.setItem('keylab.work', JSON.stringify(work));
  });
  await page.reload();
  await expect(page.getByTestId('query-bar-error')).toContainText('the query is on index "GSI9", which the table does not have');
  const index = page.getByLabel('index', { exact: true });
  await expect(index.locator('option:checked')).toHaveText('GSI9 (not in the table)');
  await index.selectOption('');
  await expect(page.getByTestId('query-bar-expression')).toHaveText('#pk = :pk');
  // The table has no GSI: with the query back on the base table, no index to pick.
  await expect(index).toHaveCount(0);
});

test('sample items pasted as JSON lines or CSV are added, and bad input says which line', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Paste JSON lines or CSV').click();
  const area = page.getByLabel('Items as JSON lines or CSV');
  await area.fill('{"season": "SPRING-2026", "score": 3000, "at": 1719300000, "player": "p_new", "extra": 1}\n{"season": "SPRING-2026", "score": 5, "at": 1719300001, "player": "p_low"}');
  await page.getByRole('button', { name: 'Add items' }).click();
  await expect(page.getByTestId('paste-items-status')).toContainText('Added 2 items. Note: ignored fields the entity does not have: extra.');
  await expect(page.getByTestId('sorted-keys').locator('li .values').first()).toContainText(', 3000,');
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(6);

  await area.fill('player,score,at,season\n"quoted, ""name""",77,1719300002,SPRING-2026\n');
  await page.getByRole('button', { name: 'Add items' }).click();
  await expect(page.getByTestId('paste-items-status')).toContainText('Added 1 item.');
  await expect(page.getByTestId('value-6-player')).toHaveValue('quoted, "name"');

  await area.fill('{"score": 1}\n{broken');
  await page.getByRole('button', { name: 'Add items' }).click();
  await expect(page.getByTestId('paste-items-status')).toContainText('Nothing was added: line 2 is not JSON');
  await expect(page.getByTestId('sorted-keys').locator('li')).toHaveCount(7);

  // Values a key refuses: added (the table marks them), and not under a green "Added":
  // each is named by its line with why, and Undo takes the paste back.
  await area.fill('{"season": "SPRING-2026", "score": 12345678901, "at": 1719300003, "player": "p_big"}\n\n{"season": "SPRING-2026", "score": 8, "at": 1719300004, "player": "p_ok"}\n{"season": "SPRING-2026", "score": -3, "at": 1719300005, "player": "p_neg"}');
  await page.getByRole('button', { name: 'Add items' }).click();
  const status = page.getByTestId('paste-items-status');
  await expect(status.getByRole('alert')).toContainText('Added 3 items. These hold values the keys refuse, marked in the table');
  await expect(status.locator('li')).toHaveCount(2);
  await expect(status.locator('li').first()).toContainText('line 1 (item 8): ');
  await expect(status.locator('li').first()).toContainText('12345678901');
  await expect(status.locator('li').nth(1)).toContainText('line 4 (item 10): ');
  await expect(page.locator('table.samples [aria-invalid=true]')).not.toHaveCount(0);
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(page.getByTestId('value-9-player')).toHaveCount(0);
});

test('large work edited and reloaded at once is not lost: the save waits, the reload does not', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel(/random Run items/).fill('6000');
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await expect(page.getByTestId('samples-count')).toContainText('6000 Run');
  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  await expect(page.getByTestId('sorted-keys').locator('li code').first()).toHaveText(/^\d{12}#/);
  // Above 5,000 items the save waits for a pause; leaving the page stores the work at once.
  await page.reload();
  await expect(width).toHaveValue('12');
  await expect(page.getByTestId('samples-count')).toContainText('6000 Run');
});

test('an edit drawn on a large table is kept if the tab is left before its save has run', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openFresh(page);
  await page.getByLabel(/random Run items/).fill('100000');
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await expect(page.getByTestId('samples-count')).toContainText('100000 Run', { timeout: 60000 });
  // The moment the page shows the edit, the tab is left: what storage holds then is what
  // a tab closed at that moment keeps. Yew may run its effects a turn after drawing.
  await page.evaluate(() => {
    const keys = document.querySelector('[data-testid=sorted-keys]');
    new MutationObserver((_, observer) => {
      if (!/^\d{12}#/.test(keys.querySelector('li code')?.textContent ?? '')) return;
      observer.disconnect();
      dispatchEvent(new Event('pagehide'));
      window.__keptAtHide = localStorage.getItem('keylab.work');
    }).observe(keys, { subtree: true, childList: true, characterData: true });
  });
  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  await expect.poll(() => page.evaluate(() => typeof window.__keptAtHide), { timeout: 30000 }).toBe('string');
  const kept = await page.evaluate(() => window.__keptAtHide);
  // Opened in a browser profile of its own that holds only that.
  const other = await browser.newContext();
  const reopened = await other.newPage();
  await reopened.addInitScript((work) => localStorage.setItem('keylab.work', work), kept);
  await reopened.goto(new URL('/index.html', page.url()).href);
  await expect(reopened.locator('#seg-0-width')).toHaveValue('12', { timeout: 30000 });
  await expect(reopened.getByTestId('samples-count')).toContainText('100000 Run');
  await other.close();
});

test('large saved work is not written again when the page opens, only when it is edited', async ({ page }) => {
  // Every write of the work to localStorage, counted from before the page's scripts run.
  await page.addInitScript(() => {
    window.__workWrites = 0;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key === 'keylab.work') window.__workWrites += 1;
      return setItem.call(this, key, value);
    };
  });
  await openFresh(page);
  await page.getByLabel(/random Run items/).fill('6000');
  await page.getByRole('button', { name: 'Replace Run items with random ones' }).click();
  await expect(page.getByTestId('samples-count')).toContainText('6000 Run');
  await expect.poll(() => page.evaluate(() => window.__workWrites)).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId('samples-count')).toContainText('6000 Run');
  // Past the 400 ms pause and the slices a save would take: nothing was written.
  await page.waitForTimeout(2000);
  expect(await page.evaluate(() => window.__workWrites)).toBe(0);
  // Reloading now leaves nothing unsaved to store on the way out either, and an edit
  // is saved as before.
  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  await expect.poll(() => page.evaluate(() => window.__workWrites)).toBeGreaterThan(0);
  await page.reload();
  await expect(width).toHaveValue('12');
});

test('a value typed and reloaded before its pause is kept, and so is an unapplied schema edit', async ({ page }) => {
  await openFresh(page);
  const width = page.locator('#seg-0-width');
  // No Enter, no blur: the reload comes well inside the 150 ms the field waits for.
  await width.click();
  await width.press('ControlOrMeta+a');
  await width.pressSequentially('12');
  await page.reload();
  await expect(width).toHaveValue('12');
  await expect(page.getByTestId('sorted-keys').locator('li code').first()).toHaveText(/^\d{12}#/);

  // The Schema as JSON box: typed, not applied, reloaded. The text comes back, open,
  // and said to be unapplied; the keys stay the design's until it is applied.
  await page.getByText('Schema as JSON').click();
  const area = page.locator('#schema-json');
  const edited = (await area.inputValue()).replace('"Leaderboard"', '"Scores"');
  await area.fill(edited);
  await page.reload();
  await expect(area).toBeVisible();
  await expect(area).toHaveValue(edited);
  await expect(page.getByTestId('schema-draft')).toContainText('Not applied yet');
  // An edit elsewhere does not take the draft away, and the draft says it is stale.
  await expect(page.getByTestId('schema-draft-stale')).toHaveCount(0);
  await width.fill('11');
  await width.press('Enter');
  await expect(area).toHaveValue(edited);
  await expect(page.getByTestId('schema-draft-stale')).toContainText('The design has changed since you began this edit');
  await expect(page.locator('.schema-editor summary')).toContainText('an edit not applied');
  await page.getByRole('button', { name: 'Discard my edit' }).click();
  await expect(area).toHaveValue(/"Leaderboard"/);
  await expect(page.getByTestId('schema-draft')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.schema-editor')).not.toHaveAttribute('open');

  // Items pasted and not added yet, and a version pasted for comparison, come back too;
  // the items box is emptied by adding them, and stays empty.
  await page.getByText('Paste JSON lines or CSV').click();
  const items = page.getByLabel('Items as JSON lines or CSV');
  await items.fill('{"season": "SPRING-2026", "score": 7, "at": 1719300009, "player": "p_kept"}');
  await page.reload();
  await page.getByText('Paste JSON lines or CSV').click();
  await expect(items).toHaveValue(/p_kept/);
  await page.getByRole('button', { name: 'Add items' }).click();
  await expect(page.getByTestId('paste-items-status')).toContainText('Added 1 item.');
  await expect(items).toHaveValue('');
  await page.reload();
  await page.getByText('Paste JSON lines or CSV').click();
  await expect(items).toHaveValue('');

  // So does text pasted into the import box and not imported yet.
  await page.getByText('Import / export').click();
  await page.getByTestId('import-paste').fill('{"not yet": "imported"}');
  await page.reload();
  await page.getByText('Import / export').click();
  await expect(page.getByTestId('import-paste')).toHaveValue('{"not yet": "imported"}');
});

test('two tabs never replace each other\'s work without asking', async ({ page, context }) => {
  await openFresh(page);
  const width = (p) => p.locator('#seg-0-width');
  const setWidth = async (p, w) => { await width(p).fill(w); await width(p).press('Enter'); await expect(width(p)).toHaveValue(w); };
  const other = await context.newPage();
  await other.goto('/index.html');
  await expect(other.getByRole('heading', { name: 'keylab', exact: true })).toBeVisible();
  // Tab A saves a width: tab B hears it, stops saving and asks.
  await setWidth(page, '7');
  const asks = other.getByTestId('other-tab');
  await expect(asks).toBeVisible();
  await expect(asks).toContainText('changed in another keylab tab');
  // B's own edit while it asks is not saved over A's.
  await setWidth(other, '9');
  // Read in tab B: another tab's writes reach a tab's storage a moment later, B's own
  // at once (B has A's 7 already: it asked because that write reached it).
  const stored = async () => JSON.parse(await other.evaluate(() => localStorage.getItem('keylab.work'))).schema.entities[0].fields;
  expect((await stored()).score.width).toBe(7);
  // Escape leaves the question open: either answer drops one tab's changes.
  await other.keyboard.press('Escape');
  await expect(asks).toBeVisible();
  // Keeping B's saves it, and now A hears of it and asks in turn.
  await asks.getByRole('button', { name: "Keep this tab's design" }).click();
  await expect(asks).toBeHidden();
  expect((await stored()).score.width).toBe(9);
  const asksA = page.getByTestId('other-tab');
  await expect(asksA).toBeVisible();
  // A opens B's design; its own stays one Undo away.
  await asksA.getByRole('button', { name: "Open the other tab's design" }).click();
  await expect(asksA).toBeHidden();
  await expect(width(page)).toHaveValue('9');
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(width(page)).toHaveValue('7');
  await other.close();
});
