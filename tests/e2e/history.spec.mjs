import { test, expect, openFresh } from './fixtures.mjs';

test('undo and redo, by button and by keyboard', async ({ page }) => {
  await openFresh(page);
  const undo = page.getByRole('button', { name: /Undo/ });
  const redo = page.getByRole('button', { name: /Redo/ });
  await expect(undo).toBeDisabled();
  const width = page.locator('#seg-0-width');
  await width.fill('12');
  await width.press('Enter');
  await expect(page.getByTestId('sorted-keys').locator('code').first()).toHaveText('999999998499#0000001719100800#p_8842');
  const nine = page.getByTestId('value-3-score');
  await nine.fill('5000');
  await nine.press('Enter');
  await expect(page.getByTestId('sorted-keys').locator('li .values').first()).toContainText(', 5000,');

  await undo.click();
  await expect(page.getByTestId('value-3-score')).toHaveValue('9');
  await undo.click();
  await expect(page.getByTestId('sorted-keys').locator('code').first()).toHaveText('9999998499#0000001719100800#p_8842');
  await expect(undo).toBeDisabled();

  // Keyboard, with focus outside any text field.
  await page.getByRole('heading', { name: 'keylab', exact: true }).click();
  await page.keyboard.press('Control+Shift+Z');
  await expect(page.getByTestId('sorted-keys').locator('code').first()).toHaveText('999999998499#0000001719100800#p_8842');
  await page.keyboard.press('Control+y');
  await expect(page.getByTestId('value-3-score')).toHaveValue('5000');
  await expect(redo).toBeDisabled();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('value-3-score')).toHaveValue('9');
});

// Browsers stop honouring an option's `selected` attribute once a person has picked
// that option; the page sets the property, so an undone choice shows as undone.
test('undo puts a select back to the choice it undoes, even one picked before', async ({ page }) => {
  await openFresh(page);
  const order = page.locator('#seg-0-order');
  await expect(order).toHaveValue('desc');
  await order.selectOption('asc');
  await order.selectOption('desc');
  await order.selectOption('asc');
  await expect(page.getByTestId('sorted-keys').locator('code').first()).toHaveText('0000000009#0000001719273600#p_0417');
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(page.getByTestId('sorted-keys').locator('code').first()).toHaveText('9999998499#0000001719100800#p_8842');
  await expect(order).toHaveValue('desc');
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(order).toHaveValue('asc');
  await page.getByRole('button', { name: /Undo/ }).click();
  await expect(order).toHaveValue('desc');
});
