// A calm page: the files menu closes like any menu, a message sits beside what it
// concerns and goes with the next action, an import keeps the Code panel's settings,
// correct presets carry no case warning, and an opened key warning stays in its box.
import fs from 'node:fs';
import { test, expect, openFresh, openView, loadPreset } from './fixtures.mjs';

const menuOpen = (page) => page.getByTestId('files-menu').evaluate((d) => d.open);
const menuButton = (page) => page.getByTestId('files-menu').locator('summary');

test('the files menu closes on Escape, its button focused again, and on a click outside', async ({ page }) => {
  await openFresh(page);
  await menuButton(page).click();
  expect(await menuOpen(page)).toBe(true);
  // Into the menu by keyboard, then out with Escape: the focus is back on its button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Export schema', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  expect(await menuOpen(page)).toBe(false);
  await expect(menuButton(page)).toBeFocused();
  // A click inside keeps it open; a click outside closes it.
  await menuButton(page).click();
  await page.getByTestId('import-paste').click();
  expect(await menuOpen(page)).toBe(true);
  await page.getByRole('heading', { name: 'keylab', exact: true }).click();
  expect(await menuOpen(page)).toBe(false);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 375, height: 800 } });

  test('a tap outside the files menu closes it', async ({ page }) => {
    await openFresh(page);
    await menuButton(page).tap();
    expect(await menuOpen(page)).toBe(true);
    // A tap where the menu is not: beside its floating items, on the page.
    const items = await page.getByTestId('files-menu').locator('.menu-items').boundingBox();
    const y = Math.min(items.y + items.height + 20, 790);
    await page.touchscreen.tap(items.x + items.width + 5 < 370 ? items.x + items.width + 5 : 5, y);
    expect(await menuOpen(page)).toBe(false);
  });
});

test('an export\'s message sits in the menu under its buttons and goes with the next preset', async ({ page }) => {
  await openFresh(page);
  await menuButton(page).click();
  await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Items as DynamoDB JSON (export lines)' }).click(),
  ]);
  const said = page.getByTestId('files-menu').getByTestId('export-status');
  await expect(said).toContainText('Downloaded keylab-items.json: 4 items');
  const under = await page.getByRole('button', { name: 'OneTable schema (TypeScript)' }).boundingBox();
  const box = await said.boundingBox();
  expect(box.y).toBeGreaterThanOrEqual(under.y + under.height);
  await loadPreset(page, 'saas');
  await menuButton(page).click();
  await expect(said).toHaveCount(0);
  await expect(page.getByTestId('files-status')).toHaveCount(0);
});

test('"Added 5 item(s)" goes with the next action, here a preset loaded', async ({ page }) => {
  await openFresh(page);
  await page.getByText('Paste JSON lines or CSV').click();
  const lines = [1, 2, 3, 4, 5].map((n) => JSON.stringify({ season: 'SPRING-2026', score: n, at: 1719100800, player: `p${n}` }));
  await page.locator('#paste-items').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Add items' }).click();
  const status = page.getByTestId('paste-items-status');
  await expect(status).toHaveText('Added 5 items.');
  await loadPreset(page, 'iot');
  await expect(page.getByTestId('preset-lesson')).toContainText('IoT');
  await expect(status).toHaveCount(0);
});

test('a refused paste is said beside the paste box, naming no format it was not sure of', async ({ page }) => {
  await openFresh(page);
  await menuButton(page).click();
  const paste = page.getByTestId('import-paste');
  await paste.fill('garbage <script>');
  await page.getByRole('button', { name: 'Import pasted text' }).click();
  const said = page.getByTestId('files-menu').getByTestId('import-status');
  await expect(said).toContainText('the pasted text was not imported: nothing in it says which format it is in');
  for (const format of ['DynamoDB JSON items', 'a NoSQL Workbench model', 'ElectroDB entities', 'a OneTable schema', 'an AWS DynamoDB MCP data model']) {
    await expect(said).toContainText(`as ${format}: `);
  }
  // Under the box, in the menu, and not in the header under the menu.
  const box = await paste.boundingBox();
  const at = await said.boundingBox();
  expect(at.y).toBeGreaterThanOrEqual(box.y + box.height);
  await expect(page.getByTestId('files-status')).toHaveCount(0);
  expect(await menuOpen(page)).toBe(true);
  // A text that says what it is is refused as that.
  await paste.fill('{"ModelName": "M"}');
  await page.getByRole('button', { name: 'Import pasted text' }).click();
  await expect(said).toContainText('it looks like a NoSQL Workbench model (it has a "ModelName"), but has no "DataModel"');
  // The next action (an edit) ends it.
  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  await menuButton(page).click();
  await expect(said).toHaveCount(0);
});

test('an import changes the design and items, not the Code panel\'s endpoint and program switch', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Code');
  await page.getByLabel('endpoint (optional)').fill('http://127.0.0.1:8000');
  await page.getByLabel('endpoint (optional)').press('Tab');
  await page.getByLabel('complete runnable program').check();
  await menuButton(page).click();
  await page.getByTestId('import-file').setInputFiles('cli/tests/fixtures/offices-workbench.json');
  await expect(page.getByTestId('files-status')).toContainText('Imported offices-workbench.json');
  await expect(page.getByRole('tablist', { name: 'entity' }).getByRole('tab')).toHaveText(['Office (3 items)', 'Visit (3 items)', 'Employee (2 items)']);
  await expect(page.getByLabel('endpoint (optional)')).toHaveValue('http://127.0.0.1:8000');
  await expect(page.getByLabel('complete runnable program')).toBeChecked();
  // A keylab file too, though it carries settings of its own.
  const design = JSON.parse(fs.readFileSync('presets/saas.json', 'utf8'));
  await menuButton(page).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'saas.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(design)) });
  await page.getByRole('button', { name: 'Replace my work' }).click();
  await expect(page.getByTestId('files-status')).toContainText('Imported saas.json');
  await expect(page.getByLabel('endpoint (optional)')).toHaveValue('http://127.0.0.1:8000');
  await expect(page.getByLabel('complete runnable program')).toBeChecked();
});

for (const preset of ['saas', 'iot']) {
  test(`the ${preset} preset's keys carry no case warning`, async ({ page }) => {
    await openFresh(page);
    await loadPreset(page, preset);
    await expect(page.getByTestId('sorted-keys').locator('li').first()).toBeVisible();
    await expect(page.getByTestId('sorted-keys').locator('.badge.warn')).toHaveCount(0);
    await expect(page.getByTestId('shared-warnings')).toHaveCount(0);
  });
}

for (const [width, height] of [[1280, 800], [375, 800]]) {
  test(`at ${width}×${height} an opened key warning stays in the list's box, over no key`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openFresh(page);
    await page.locator('#seg-0-width').fill('4');
    await page.locator('#seg-0-warn').fill('10');
    const warned = page.getByTestId('sorted-keys').locator('li', { has: page.locator('.badge.warn') });
    await expect(warned).toHaveCount(1);
    await warned.locator('.badge.warn').click();
    const text = warned.getByTestId('row-warnings');
    await expect(text).toBeVisible();
    await expect(text).toContainText('uses 15.0% of the width\'s capacity');
    const boxes = await warned.evaluate((li) => {
      const rect = (e) => e.getBoundingClientRect().toJSON();
      const list = li.closest('ol');
      const said = li.querySelector('[data-testid=row-warnings]');
      return {
        list: rect(list), said: rect(said), key: rect(li.querySelector('code')),
        next: rect(li.nextElementSibling.querySelector('code')),
        clipped: said.scrollWidth > said.clientWidth + 1,
      };
    });
    expect(boxes.said.left).toBeGreaterThanOrEqual(boxes.list.left - 1);
    expect(boxes.said.right).toBeLessThanOrEqual(boxes.list.right + 1);
    expect(boxes.clipped).toBe(false);
    // Under its own key, above the next key.
    expect(boxes.said.top).toBeGreaterThanOrEqual(boxes.key.bottom - 1);
    expect(boxes.next.top).toBeGreaterThanOrEqual(boxes.said.bottom - 1);
  });
}

for (const [width, cue] of [[375, true], [1280, false]]) {
  test(`at ${width}×800 the items table says it scrolls sideways exactly when it does`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openFresh(page);
    const scroll = page.getByTestId('samples-scroll');
    await scroll.scrollIntoViewIfNeeded();
    expect(await scroll.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(cue);
    await expect(page.getByTestId('samples-scroll-cue')).toHaveCount(cue ? 1 : 0);
    if (cue) {
      await expect(page.getByTestId('samples-scroll-cue')).toBeVisible();
      // The edge the hidden columns are behind fades, over nothing that takes a click.
      const fade = await scroll.evaluate((e) => getComputedStyle(e.parentElement, '::after'));
      expect(fade.pointerEvents).toBe('none');
      expect(fade.backgroundImage).toContain('linear-gradient');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });
}

test('the Limit field shows all of its placeholder, "= how many", at both widths', async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openFresh(page);
    const limit = page.locator('#query-limit');
    await limit.fill('');
    await expect(limit).toHaveAttribute('placeholder', '= how many');
    const [text, room] = await limit.evaluate((i) => {
      const style = getComputedStyle(i);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = style.font;
      return [ctx.measureText(i.placeholder).width, i.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
    });
    expect(text, `at ${width}`).toBeLessThanOrEqual(room);
  }
});

test('one entity and one item are said as one, never "1 entities"', async ({ page }) => {
  await openFresh(page);
  await menuButton(page).click();
  await page.getByTestId('import-paste').fill('{"PK": {"S": "ORDER#1"}, "SK": {"S": "LINE#001"}}');
  await page.getByRole('button', { name: 'Import pasted text' }).click();
  const status = page.getByTestId('files-status');
  await expect(status).toContainText('Imported the pasted text, DynamoDB JSON items: 1 entity, 1 item.');
  await expect(page.locator('body')).not.toContainText('1 entities');
});

test('Escape closes a key\'s warnings and the multi-attribute GSI form, focus kept', async ({ page }) => {
  await openFresh(page);
  await page.locator('#seg-0-width').fill('4');
  await page.locator('#seg-0-warn').fill('10');
  const badge = page.getByTestId('sorted-keys').locator('.badge.warn').first();
  await badge.click();
  await expect(page.getByTestId('row-warnings')).toBeVisible();
  await badge.press('Escape');
  await expect(page.getByTestId('row-warnings')).toBeHidden();
  await expect(badge).toHaveAttribute('aria-expanded', 'false');

  const form = page.locator('details.new-multi-index');
  await form.locator('summary').click();
  await page.locator('#multi-partition').fill('season');
  await page.locator('#multi-partition').press('Escape');
  await expect(form).not.toHaveAttribute('open');
  await expect(form.locator('summary')).toBeFocused();
  // What was typed is still there when it opens again.
  await form.locator('summary').press('Enter');
  await expect(page.locator('#multi-partition')).toHaveValue('season');

  // At 375 the form opens under the fold: it is scrolled into sight.
  await form.locator('summary').press('Escape');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await form.locator('summary').click();
  await expect(form.getByRole('button', { name: 'Create GSI' })).toBeInViewport();
});

test('a number or time read otherwise than typed says how it is read; a bad width says its plan is not of it', async ({ page }) => {
  await openFresh(page);
  const score = page.getByTestId('value-0-score');
  for (const [typed, read] of [[' 42 ', '42'], ['1e3', '1000'], ['1500.0', '1500']]) {
    await score.fill(typed);
    await score.press('Enter');
    await expect(page.getByTestId('value-0-score-read')).toHaveText(`read as ${read}`);
  }
  await score.fill('1500');
  await score.press('Enter');
  await expect(page.getByTestId('value-0-score-read')).toHaveCount(0);

  await page.locator('#seg-0-width').fill('-3');
  await page.locator('#seg-0-width').press('Enter');
  await expect(page.getByTestId('width-plan').first()).toHaveText('capacity 9999999999 of the width in force; the width "-3" typed is not applied until it is a whole number of digits');
});

test('at 375 the returned keys say they scroll sideways, and an item\'s values show whole', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openFresh(page);
  const hits = page.getByTestId('query-hits');
  await hits.scrollIntoViewIfNeeded();
  expect(await hits.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await expect(page.getByTestId('query-hits-scroll-cue')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('query-hits-scroll-cue')).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  // Every value cell is as wide as its value: the table scrolls, the values are not cut.
  const cut = await page.locator('table.samples td input').evaluateAll((inputs) => inputs.filter((i) => i.scrollWidth > i.clientWidth + 1).map((i) => i.value));
  expect(cut).toEqual([]);
});

test('a character no one can see is drawn as its escape in the keys, never reordering them', async ({ page }) => {
  await openFresh(page);
  const player = page.getByTestId('value-0-player');
  await player.fill('\u202Eevil');
  await player.press('Enter');
  const keys = page.getByTestId('sorted-keys');
  await expect(keys).toContainText('#\\u{202e}evil');
  expect(await keys.textContent()).not.toContain('\u202E');
  // The item keeps the value as typed.
  await expect(player).toHaveValue('\u202Eevil');
});
