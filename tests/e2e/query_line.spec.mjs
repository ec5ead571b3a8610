// The query's line above the keys says what it reads: when the list shows another key
// attribute's keys than the query reads (the Ticket tracker's table key, while the
// query reads GSI1), it says whose keys it reads, with one click to show them, never a
// count of rows that are not in the list.
import { test, expect, openFresh, loadPreset } from './fixtures.mjs';

test('a query on another key attribute says whose keys it reads and shows them in one click', async ({ page }) => {
  await openFresh(page);
  await loadPreset(page, 'tickets');
  await expect(page.getByTestId('query-bar-reading')).toContainText('4 returned');
  await page.getByRole('tab', { name: /^PK \(S, table partition key\)/ }).click();
  const elsewhere = page.getByTestId('band-elsewhere');
  await expect(elsewhere).toContainText('It reads the keys of GSI1SK, not the ones shown.');
  await expect(page.getByTestId('query-bar-reading')).toHaveCount(0);
  await elsewhere.getByRole('button', { name: "Show the query's keys" }).click();
  await expect(page.getByRole('tab', { name: /^GSI1SK \(S, GSI1 sort key\)/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('query-bar-reading')).toContainText('4 returned');
});
