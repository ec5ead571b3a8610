// Every test starts from a clean page and fails on any console error or page crash.
import { test as base, expect } from '@playwright/test';

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

/** The values column shown under each key of the query-order list, top to bottom. */
export async function sortedValues(page) {
  return page.getByTestId('sorted-keys').locator('li .values').allTextContents();
}
