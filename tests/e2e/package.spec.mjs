// The npm package (packages/keylab, built by scripts/package.sh) answers exactly as the
// page's API does: the same calls, over every preset and a set of hostile inputs, run in
// Node through the package and in the page through window.wasmBindings, give the same
// results and throw the same messages.
import { test, expect, apiReady, openFresh } from './fixtures.mjs';
import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';

const require = createRequire(import.meta.url);
const pkg = require('../../packages/keylab');

/** Runs each case against the API at hand (the page's bindings, or the package in
 * Node), recording each result or error message. Self-contained: Playwright sends its
 * source to the page. */
function runCases(cases) {
  const api = globalThis.wasmBindings ?? globalThis.keylabPackage;
  return cases.map(([fn, args]) => {
    try {
      if (fn === 'KeyCodec') {
        const [schema, entity, attribute, rows] = args;
        const codec = new api.KeyCodec(schema, entity, attribute);
        const keys = codec.encodeAll(rows);
        const out = { fields: codec.fields, keys, values: codec.decodeAll(keys) };
        codec.free();
        return { ok: out };
      }
      return { ok: api[fn](...args) };
    } catch (e) {
      return { error: e instanceof Error ? e.message : `threw a non-Error: ${String(e)}` };
    }
  });
}

/** Every function over every preset, plus inputs that must be refused alike. */
function corpus() {
  const cases = [];
  const dir = new URL('../../presets/', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const { schema, items } = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    cases.push(['tableDefinitions', [schema]]);
    cases.push(['lint', [schema, items, null]]);
    for (const entity of schema.entities) {
      const rows = items.filter((i) => i.entity === entity.name).map((i) => i.values);
      for (const attribute of Object.keys(entity.keys)) {
        cases.push(['encodeKeys', [schema, entity.name, attribute, rows]]);
        cases.push(['sortedKeys', [schema, entity.name, attribute, rows]]);
        cases.push(['KeyCodec', [schema, entity.name, attribute, rows]]);
      }
      for (const values of rows) {
        cases.push(['encodeItem', [schema, entity.name, values]]);
        let keys = {};
        try { keys = pkg.encodeItem(schema, entity.name, values); } catch { /* its error is a case above */ }
        for (const [attribute, key] of Object.entries(keys)) {
          cases.push(['decodeKey', [schema, entity.name, attribute, key]]);
        }
        cases.push(['sortKeys', [Object.values(keys).map(String)]]);
      }
      // An access pattern on the first item's partition, and the same with a limit.
      const first = rows[0] ?? {};
      const partitionFields = (entity.keys[schema.table.primary.partition] ?? []).filter((s) => s.field).map((s) => s.field);
      const partition = Object.fromEntries(partitionFields.map((f) => [f, first[f]]));
      for (const request of [{ entity: entity.name, partition }, { entity: entity.name, partition, limit: 2, scanIndexForward: false }]) {
        cases.push(['buildQuery', [schema, request]]);
        for (const target of ['aws-cli', 'boto3-client', 'boto3-resource', 'js-client', 'js-document-client', 'rust', 'go']) {
          cases.push(['renderSnippet', [schema, request, target, { program: target === 'go' }]]);
        }
        try {
          const { input } = pkg.buildQuery(schema, request);
          cases.push(['validateQuery', [schema, input]]);
          const stored = items.flatMap((i) => {
            try {
              const keys = pkg.encodeItem(schema, i.entity, i.values);
              return [Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, typeof v === 'number' ? { N: String(v) } : { S: v }]))];
            } catch { return []; }
          });
          cases.push(['simulateQuery', [schema, stored, input]]);
        } catch { /* the build's error is a case above */ }
      }
    }
  }
  const { schema } = JSON.parse(readFileSync(new URL('leaderboard.json', dir), 'utf8'));
  cases.push(
    ['encodeItem', [{ ...schema, version: 2 }, 'Run', {}]],
    ['encodeItem', [schema, 'Nobody', {}]],
    ['encodeItem', [schema, 'Run', { score: 'ten', season: 's', at: 1, player: 'p' }]],
    ['encodeItem', [schema, 'Run', { score: 1, season: 'a#b', at: 1, player: 'p' }]],
    ['decodeKey', [schema, 'Run', 'SK', '12']],
    ['decodeKey', [schema, 'Run', 'SK', { not: 'a key' }]],
    ['buildQuery', [schema, { entity: 'Run', partiton: {} }]],
    ['buildQuery', [schema, { entity: 'Run', sort: { equal: {}, children: true } }]],
    ['validateQuery', [schema, { TableName: 'Leaderboard', KeyConditionExpression: 'PK = :a AND', ExpressionAttributeValues: {} }]],
    ['renderSnippet', [schema, { entity: 'Run', partition: { season: 's' } }, 'cobol', null]],
    ['sortKeys', [[1, 2]]],
    ['lint', [schema, [{ entity: 'Run', valeus: {} }], null]],
    ['KeyCodec', [schema, 'Run', 'GSI9', []]],
    ['KeyCodec', [schema, 'Run', 'SK', [{ score: -1 }, { score: 1, at: 2, player: '\u{1F600}' }]]],
  );
  return cases;
}

test('the package and the page give the same answers to the same calls', async ({ page }) => {
  await openFresh(page);
  await apiReady(page);
  const cases = corpus();
  expect(cases.length).toBeGreaterThan(300);
  globalThis.keylabPackage = pkg;
  const inNode = runCases(cases);
  delete globalThis.keylabPackage;
  const inPage = await page.evaluate(runCases, cases);
  for (let i = 0; i < cases.length; i++) {
    expect(inNode[i], `${cases[i][0]} #${i}`).toEqual(inPage[i]);
  }
  // Both sides did real work: most calls answer, and the hostile ones are refused.
  expect(inNode.filter((r) => 'ok' in r).length).toBeGreaterThan(cases.length * 0.7);
  expect(inNode.slice(-14).filter((r) => 'error' in r).length).toBeGreaterThanOrEqual(12);
});
