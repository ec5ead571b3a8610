// The package as a Node program uses it: loaded by require and by import, every function
// of index.d.ts present, KeyCodec round trips, and errors thrown as Errors with the
// page's messages. (tests/e2e/package.spec.mjs proves it answers as the page does.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import * as imported from 'keylab';

const require = createRequire(import.meta.url);
const keylab = require('keylab');
const preset = (name) => JSON.parse(readFileSync(new URL(`../../../presets/${name}.json`, import.meta.url), 'utf8'));
const { schema, items } = preset('leaderboard');

const FUNCTIONS = ['encodeItem', 'decodeKey', 'encodeKeys', 'sortedKeys', 'sortKeys', 'buildQuery',
  'validateQuery', 'simulateQuery', 'renderSnippet', 'lint', 'tableDefinitions', 'KeyCodec'];

test('require and import give the same functions, each one index.d.ts declares', () => {
  for (const name of FUNCTIONS) {
    assert.equal(typeof keylab[name], 'function', name);
    assert.equal(imported[name], keylab[name], name);
  }
  const declared = [...readFileSync(new URL('../index.d.ts', import.meta.url), 'utf8')
    .matchAll(/^export (?:function|class) (\w+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(declared, [...FUNCTIONS].sort());
});

test('encodeItem and decodeKey write and read the seed leaderboard keys', () => {
  const values = { season: '2026-spring', score: 1500, at: 1719100800, player: 'p_8842' };
  assert.deepEqual(keylab.encodeItem(schema, 'Run', values),
    { PK: 'SEASON#2026-SPRING', SK: '9999998499#0000001719100800#p_8842' });
  assert.deepEqual(keylab.decodeKey(schema, 'Run', 'SK', '9999998499#0000001719100800#p_8842'),
    { score: 1500, at: 1719100800, player: 'p_8842' });
  assert.throws(() => keylab.encodeItem(schema, 'Run', { ...values, score: 12345678901 }),
    (e) => e instanceof Error && /has 11 digits but the width is 10/.test(e.message));
  assert.throws(() => keylab.encodeItem({ ...schema, versoin: 1 }, 'Run', values), /versoin/);
});

test('an ISO timestamp is written and read in the format its field names', () => {
  const workbench = structuredClone(schema);
  workbench.entities[0].fields.at = { kind: 'timestamp', unit: 'iso', precision: 'second', zone: 'none' };
  const values = { season: 'x', score: 1, at: '2020-04-24T14:40:00', player: 'p' };
  assert.equal(keylab.encodeItem(workbench, 'Run', values).SK, '9999999998#2020-04-24T14:40:00#p');
  assert.equal(keylab.decodeKey(workbench, 'Run', 'SK', '9999999998#2020-04-24T14:40:00#p').at, '2020-04-24T14:40:00');
  workbench.entities[0].fields.at.precision = 'minute';
  assert.throws(() => keylab.encodeItem(workbench, 'Run', { ...values, at: '2020-04-24T14:40:30' }),
    /it has seconds, but the field keeps minutes/);
  workbench.entities[0].fields.at.zone = '+24:00';
  assert.throws(() => keylab.encodeItem(workbench, 'Run', values), /is not a zone: "\+24:00"/);
});

test('sortKeys orders by UTF-8 bytes, not by JavaScript string order', () => {
  const keys = ['\u{1F600}', '\u{FF5E}', 'A'];
  assert.deepEqual([...keys].sort(), ['A', '\u{1F600}', '\u{FF5E}']);
  assert.deepEqual(keylab.sortKeys(keys), ['A', '\u{FF5E}', '\u{1F600}']);
});

test('a KeyCodec reads the design once and round-trips many keys', () => {
  const sk = new keylab.KeyCodec(schema, 'Run', 'SK');
  assert.deepEqual(sk.fields, ['score', 'at', 'player']);
  const rows = items.map((i) => i.values);
  const keys = sk.encodeAll(rows);
  assert.deepEqual(keys, keylab.encodeKeys(schema, 'Run', 'SK', rows));
  assert.equal(sk.encode(rows[1]), keys[1]);
  const back = sk.decodeAll(keys);
  back.forEach((values, i) => assert.deepEqual(keylab.encodeItem(schema, 'Run', { ...values, season: 's' }).SK, keys[i]));
  assert.deepEqual(sk.decode(keys[0]), back[0]);
  // A row that does not encode is null in a batch, and thrown alone.
  assert.deepEqual(sk.encodeAll([{ score: -1, at: 1, player: 'p' }]), [null]);
  assert.throws(() => sk.encode({ score: -1, at: 1, player: 'p' }), /negative/i);
  assert.deepEqual(sk.decodeAll(['nonsense', 7, null]), [null, null, null]);
  assert.throws(() => sk.decode('nonsense'), /does not fit the template/);
  assert.throws(() => new keylab.KeyCodec(schema, 'Run', 'GSI9'), /no template for GSI9/);
  assert.throws(() => new keylab.KeyCodec(schema, 'Nope', 'SK'), /Nope/);
  sk.free();
});

test('a Number key comes back as a number and is read from one', () => {
  const n = {
    version: 1, separator: '#',
    table: { name: 'T', attributes: { PK: 'S', SK: 'N' }, primary: { partition: 'PK', sort: 'SK' } },
    entities: [{ name: 'E', fields: { id: { kind: 'text' }, v: { kind: 'decimal', width: 4, scale: 2 } },
      keys: { PK: [{ field: 'id' }], SK: [{ field: 'v' }] } }],
  };
  const codec = new keylab.KeyCodec(n, 'E', 'SK');
  assert.equal(codec.encode({ v: '-12.5' }), -12.5);
  assert.deepEqual(codec.decode(-12.5), { v: '-12.50' });
});

test('a query is built, validated and simulated; a snippet, findings and definitions come back', () => {
  const request = { entity: 'Run', partition: { season: 'spring-2026' }, scanIndexForward: true, limit: 2 };
  const { input, explanation } = keylab.buildQuery(schema, request);
  assert.equal(input.KeyConditionExpression, '#pk = :pk');
  assert.match(explanation, /in partition SEASON#SPRING-2026/);
  assert.deepEqual(keylab.validateQuery(schema, input), { ok: true });
  assert.throws(() => keylab.validateQuery(schema, { ...input, KeyConditionExpression: '#pk = :nope' }), /:nope/);
  const stored = items.map((i) => Object.fromEntries(Object.entries(keylab.encodeItem(schema, 'Run', i.values)).map(([k, v]) => [k, { S: v }])));
  const page = keylab.simulateQuery(schema, stored, input);
  assert.equal(page.Count, 2);
  assert.ok(page.LastEvaluatedKey);
  assert.match(keylab.renderSnippet(schema, request, 'boto3-client', null), /KeyConditionExpression/);
  assert.equal(keylab.buildQuery(schema, request).maxItems, null, 'a Limit alone reads every page');
  assert.ok(Array.isArray(keylab.lint(schema, items)));
  assert.equal(keylab.tableDefinitions(schema).createTable.TableName, 'Leaderboard');
});

test('the first N items: Limit is the page size, maxItems where a reader stops, and the code stops there', () => {
  const request = { entity: 'Run', partition: { season: 'spring-2026' }, sort: {}, first: 3, limit: 2 };
  const { input, maxItems, explanation } = keylab.buildQuery(schema, request);
  assert.equal(input.Limit, 2);
  assert.equal(maxItems, 3);
  assert.match(explanation, /^Returns the first 3 Run items/);
  assert.equal(keylab.buildQuery(schema, { ...request, limit: undefined }).input.Limit, 3, 'N alone is also the page size');
  assert.match(keylab.renderSnippet(schema, request, 'aws-cli', null), /--page-size 2 \\\n {2}--max-items 3/);
  assert.throws(() => keylab.buildQuery(schema, { ...request, sort: { first: 3 } }), /"first" belongs beside sort/);
});

test('what is thrown carries a code, the rule broken and where, to branch on', () => {
  const thrown = (f) => {
    try {
      f();
    } catch (e) {
      return e;
    }
    assert.fail('it did not throw');
  };
  const values = { season: 'spring-2026', score: 12345678901, at: 1719100800, player: 'p' };
  const overflow = thrown(() => keylab.encodeItem(schema, 'Run', values));
  assert.ok(overflow instanceof Error);
  assert.deepEqual([overflow.code, overflow.rule, overflow.path], ['overflow', 'overflow', 'score']);
  const request = { entity: 'Run', partition: { season: 'spring-2026' } };
  const misspelt = thrown(() => keylab.renderSnippet(schema, request, 'aws-cli', { tabel: 'T' }));
  assert.deepEqual([misspelt.code, misspelt.rule, misspelt.path], ['unknownField', undefined, 'options']);
  assert.match(misspelt.message, /did you mean "table"\?/);
  assert.equal(thrown(() => keylab.renderSnippet(schema, request, 'cobol', null)).code, 'unknownTarget');
  const { input } = keylab.buildQuery(schema, request);
  const refused = thrown(() => keylab.validateQuery(schema, { ...input, KeyConditionExpression: '#pk = :nope' }));
  assert.equal(refused.code, 'invalidQueryInput');
  // U+0000 in a key is a rule of the codec, refused before any code is written.
  const nul = thrown(() => keylab.renderSnippet(schema, { ...request, partition: { season: 'a\u0000b' } }, 'aws-cli', null));
  assert.deepEqual([nul.code, nul.rule, nul.path], ['reservedCharacter', 'reservedCharacter', 'season']);
});
