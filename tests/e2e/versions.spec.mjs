// Compare with a saved version: save the leaderboard, change the score's order, and see
// the keys that change, the neighbours that swap, the access pattern that now returns
// other items, and the backfill command; then the last export and a pasted share link.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect, openFresh, openView, openSegment } from './fixtures.mjs';
import { startMoto } from '../support/moto.mjs';

const panel = (page) => page.locator('#versions-panel');

test('saving a version, then changing the design, shows what changes and the backfill plan', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Compare versions');
  await panel(page).getByTestId('save-version').click();
  const report = page.getByTestId('version-report');
  await expect(report).toContainText('Comparing the saved version of');
  await expect(page.getByTestId('version-summary')).toContainText('0 of');
  await expect(page.getByTestId('version-plan')).toContainText("No sample item's keys change");

  // Scores ascending: the top of the leaderboard becomes the bottom.
  await page.locator('#seg-0-order').selectOption('asc');
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
  const changed = page.getByTestId('version-changed');
  await expect(changed.locator('tbody tr').first()).toContainText('SK');
  await expect(page.getByTestId('version-swaps').locator('li').first()).toContainText('becomes');
  // The top-10 query now reads the lowest scores first.
  await expect(page.getByTestId('version-pattern').filter({ hasText: 'different' })).not.toHaveCount(0);
  await expect(page.getByTestId('version-plan')).toContainText("The table's own keys change");
  await expect(page.getByTestId('version-command')).toHaveText([
    'cargo install --path cli',
    'aws dynamodb scan --table-name Leaderboard --output json > table-export.json',
    'keylab migrate --from keylab-saved-version.json --to keylab-current-design.json --emit transactions --table Leaderboard --program apply.py --sdk boto3-client < table-export.json > plan.jsonl',
    'python3 apply.py plan.jsonl',
  ]);

  // A width too small for the sample scores: those items are listed with the reason.
  await page.locator('#seg-0-width').fill('3');
  await expect(page.getByTestId('version-refused')).toContainText('digits but the width is 3');
  await expect(page.getByTestId('version-plan')).toContainText('cannot write');

  // The saved version, and the comparison with it, survive a reload.
  await page.reload();
  await expect(page.getByTestId('version-refused')).toContainText('digits but the width is 3');
  await panel(page).getByRole('button', { name: 'Stop comparing' }).click();
  await expect(page.getByTestId('version-report')).toHaveCount(0);
  await page.reload();
  await expect(panel(page)).toBeVisible();
  await expect(page.getByTestId('version-report')).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Compare with the saved version' }).click();
  await expect(page.getByTestId('version-refused')).toContainText('digits but the width is 3');
});

test('dropping a field from the sort key makes items collide, and the comparison says which', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Compare versions');
  await panel(page).getByTestId('save-version').click();
  // Keep only the score in SK: runs with equal scores now write one key.
  await page.getByTestId('value-1-score').fill(await page.getByTestId('value-0-score').inputValue());
  await page.getByTestId('value-1-season').fill(await page.getByTestId('value-0-season').inputValue());
  await openSegment(page, 3);
  await page.getByRole('button', { name: 'remove segment 3' }).click();
  await page.getByRole('button', { name: 'remove segment 2' }).click();
  await expect(page.getByTestId('version-collisions').locator('li').first()).toContainText('would overwrite #1');
});

test('without a saved version or export, each button says what to do; a pasted link or file is compared', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Compare versions');
  await panel(page).getByRole('button', { name: 'Compare with the saved version' }).click();
  await expect(panel(page).getByRole('alert')).toContainText('press Save as version first');
  await panel(page).getByRole('button', { name: 'Compare with the last export' }).click();
  await expect(panel(page).getByRole('alert')).toContainText('Nothing has been exported');

  // Hostile pastes: each refused with the reason beside the box.
  const box = page.getByLabel('Or paste a share link or an exported file');
  const compare = panel(page).getByRole('button', { name: 'Compare with the pasted version' });
  for (const [text, reason] of [
    ['', 'paste a share link'],
    ['hello', 'neither a keylab share link'],
    ['https://example.com/#s=%%%', 'cannot be compared'],
    ['{"schema": 5}', 'cannot be compared'],
    ['{'.repeat(5000), 'cannot be compared'],
  ]) {
    await box.fill(text);
    await compare.click();
    await expect(panel(page).getByRole('alert')).toContainText(reason);
  }
  await expect(page.getByTestId('version-report')).toHaveCount(0);

});

test('another design pasted is not an earlier version: it is refused with both designs named', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Compare versions');
  await page.getByLabel('Or paste a share link or an exported file').fill(readFileSync('presets/iot.json', 'utf8'));
  await panel(page).getByRole('button', { name: 'Compare with the pasted version' }).click();
  const refusal = panel(page).getByRole('alert');
  await expect(refusal).toContainText('shares no entity with this design');
  await expect(refusal).toContainText('this design has table Leaderboard with Run');
  await expect(page.getByTestId('version-plan')).toHaveCount(0);
});

test('a refused paste is not said after the next action: Save as version or an edit ends it', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Compare versions');
  const box = page.getByLabel('Or paste a share link or an exported file');
  const compare = panel(page).getByRole('button', { name: 'Compare with the pasted version' });
  await box.fill('hello');
  await compare.click();
  await expect(panel(page).getByRole('alert')).toContainText('neither a keylab share link');
  // Before, the paste's refusal stayed under the new comparison it no longer concerned.
  await panel(page).getByTestId('save-version').click();
  await expect(page.getByTestId('version-report')).toContainText('Comparing the saved version of');
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  await compare.click();
  await expect(panel(page).getByRole('alert')).toContainText('neither a keylab share link');
  await page.locator('#seg-0-width').fill('12');
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
});

test('a pasted share link is the version compared with', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await openView(page, 'Compare versions');
  await page.getByRole('button', { name: 'Copy share link' }).click();
  // The copy lands when the clipboard's promise settles, after the click returns.
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('#s=');
  const url = await page.evaluate(() => navigator.clipboard.readText());
  await page.locator('#seg-0-order').selectOption('asc');
  await page.getByLabel('Or paste a share link or an exported file').fill(url);
  await panel(page).getByRole('button', { name: 'Compare with the pasted version' }).click();
  await expect(page.getByTestId('version-report')).toContainText('Comparing the pasted version');
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
});

test('the last export is the version compared with, and a pasted export too', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Compare versions');
  await page.locator('summary', { hasText: 'Import / export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export schema and items' }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  await page.locator('#seg-0-order').selectOption('asc');
  await panel(page).getByRole('button', { name: 'Compare with the last export' }).click();
  await expect(page.getByTestId('version-report')).toContainText('Comparing the last export of');
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
  await panel(page).getByRole('button', { name: 'Stop comparing' }).click();
  await page.getByLabel('Or paste a share link or an exported file').fill(text);
  await panel(page).getByRole('button', { name: 'Compare with the pasted version' }).click();
  await expect(page.getByTestId('version-report')).toContainText('Comparing the pasted version');
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
  // A pasted version is kept by its text: a reload compares with it again. A damaged
  // record says so and compares with nothing.
  await page.reload();
  await expect(page.getByTestId('version-report')).toContainText('Comparing the pasted version');
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
  await page.evaluate(() => localStorage.setItem('keylab.comparing', '{"source": "pasted", "work": "{"}'));
  await page.reload();
  await expect(panel(page).getByRole('alert')).toContainText('the pasted version compared before the reload cannot be read');
  await expect(page.getByTestId('version-report')).toHaveCount(0);
});

test('by keyboard alone, and with a megabyte pasted, the comparison works and the page stays whole', async ({ page }) => {
  await openFresh(page);
  await openView(page, 'Compare versions');
  await panel(page).getByTestId('save-version').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('version-report')).toContainText('Comparing the saved version of');
  await page.locator('#seg-0-width').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('11');
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
  const box = page.getByLabel('Or paste a share link or an exported file');
  await box.fill('x'.repeat(1_000_000));
  await panel(page).getByRole('button', { name: 'Compare with the pasted version' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('alert')).toContainText('neither a keylab share link');
  // The earlier comparison is still there, and the page did not widen.
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

/** Saves what the page downloads when `button` is clicked into `dir`, under its name. */
async function downloaded(page, button, dir) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return path;
}

test('the backfill plan, run command by command on moto, moves a live table to the wider keys', async ({ page }) => {
  test.setTimeout(180_000);
  const cli = resolve('target/debug/keylab');
  const built = spawnSync('cargo', ['build', '-q', '-p', 'keylab-cli'], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  await openFresh(page);
  await openView(page, 'Compare versions');
  await panel(page).getByTestId('save-version').click();
  await openSegment(page, 1);
  await page.locator('#seg-0-width').fill('12');
  await page.locator('#seg-0-width').press('Tab');
  await expect(page.getByTestId('version-summary')).toContainText('change keys (SK');
  // The score stays in the season's partition: old and new keys meet there, and the plan says so.
  await expect(page.getByTestId('version-mixed')).toContainText('old and new keys of one partition');
  const dir = mkdtempSync(join(tmpdir(), 'keylab-plan-'));
  const saved = await downloaded(page, panel(page).getByRole('button', { name: /Download keylab-saved-version/ }), dir);
  const current = await downloaded(page, panel(page).getByRole('button', { name: /Download keylab-current-design/ }), dir);
  const commands = await page.getByTestId('version-command').allTextContents();
  expect(commands[0]).toBe('cargo install --path cli');

  // The live table: the saved design's keys, on moto, with the page's sample items.
  const moto = await startMoto();
  try {
    const env = {
      ...process.env, PATH: `${resolve('.venv/bin')}:${resolve('target/debug')}:${process.env.PATH}`,
      AWS_ENDPOINT_URL: moto.endpoint, AWS_ACCESS_KEY_ID: 'keylab', AWS_SECRET_ACCESS_KEY: 'keylab', AWS_DEFAULT_REGION: 'us-east-1',
    };
    const sh = (command, input) => {
      const r = spawnSync('bash', ['-c', command], { cwd: dir, env, input, encoding: 'utf8' });
      return { ...r, said: `$ ${command}\n${r.stdout}${r.stderr}` };
    };
    const items = JSON.parse(readFileSync('presets/leaderboard.json', 'utf8')).items.map((i) => JSON.stringify(i)).join('\n');
    const oldItems = sh(`keylab export --to export --schema ${saved}`, items);
    expect(oldItems.status, oldItems.said).toBe(0);
    const create = sh(`aws dynamodb create-table --table-name Leaderboard --billing-mode PAY_PER_REQUEST \
      --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
      --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE && aws dynamodb wait table-exists --table-name Leaderboard`);
    expect(create.status, create.said).toBe(0);
    for (const line of oldItems.stdout.trim().split('\n')) {
      writeFileSync(join(dir, 'item.json'), JSON.stringify(JSON.parse(line).Item));
      const put = sh('aws dynamodb put-item --table-name Leaderboard --item file://item.json');
      expect(put.status, put.said).toBe(0);
    }
    // Every command the page gives, in its order; keylab is already built (the first).
    for (const command of commands.slice(1)) {
      const r = sh(command);
      expect(r.status, r.said).toBe(0);
    }
    // Run again: every move is found done.
    const again = sh(commands.at(-1));
    expect(again.status, again.said).toBe(0);

    const want = sh(`keylab encode --schema ${current}`, items);
    expect(want.status, want.said).toBe(0);
    const keys = want.stdout.trim().split('\n').map((l) => JSON.parse(l)).map((k) => `${k.PK} ${k.SK}`).sort();
    const scan = sh('aws dynamodb scan --table-name Leaderboard --output json');
    const held = JSON.parse(scan.stdout).Items.map((i) => `${i.PK.S} ${i.SK.S}`).sort();
    expect(held).toEqual(keys);
    expect(held[0].split(' ')[1].split('#')[0]).toHaveLength(12);
  } finally {
    await moto.stop();
  }
});
