// Every test starts from a clean page and fails on any console error or page crash.
import { test as base, expect } from '@playwright/test';
import { createRequire } from 'node:module';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core run inside the page: its serious and critical violations, readable. */
export async function violations(page) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n  ')}`);
}

/** Loads a preset from the header's picker, answering "replace" if asked. */
export async function loadPreset(page, id) {
  await page.locator('#header-preset-select').selectOption(id);
  await page.locator('.toolbar').getByRole('button', { name: 'Load preset' }).click();
  const replace = page.getByRole('button', { name: 'Replace my work' });
  if (await replace.isVisible()) await replace.click();
  await expect(page.getByTestId('preset-lesson')).toBeVisible();
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(String(e)));
    await use(page);
    expect(problems, 'console errors and page errors').toEqual([]);
  },
});
export { expect };

/** Opens the page with empty storage and waits for the app to render. */
export async function openFresh(page) {
  await page.goto('/index.html');
  // The app autosaves right after its first render: clear only once that has happened.
  await expect(page.getByRole('heading', { name: 'keylab', exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'keylab', exact: true })).toBeVisible();
}

/** Waits for the JS API (window.wasmBindings), which comes with the second module after
 * the first paint. */
export async function apiReady(page) {
  await page.waitForFunction(() => typeof window.wasmBindings?.encodeItem === 'function');
}

/** The values column shown under each key of the query-order list, top to bottom. */
export async function sortedValues(page) {
  return page.getByTestId('sorted-keys').locator('li .values').allTextContents();
}

/** Picks the query's item: the nth of the chosen entity (`entity` first, when given). */
export async function pickAnchor(page, n, entity) {
  if (entity) await page.getByLabel('query for').selectOption({ label: entity });
  const option = page.locator('#query-anchor option').filter({ hasText: new RegExp(`^${n}: `) });
  await page.locator('#query-anchor').selectOption(await option.getAttribute('value'));
}

/** Opens one of the views under the workbench by its rail button (Query, Items, Code, …). */
export async function openView(page, name) {
  const button = page.getByRole('navigation', { name: 'views of the design' }).getByRole('button', { name, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** Opens the settings of segment `n` (1-based) of the template in the inspector. */
export async function openSegment(page, n) {
  await page.getByTestId('template-shape').locator('.chip').nth(n - 1).click();
  await expect(page.locator('#inspector h2')).toContainText(`Segment ${n} of`);
}
