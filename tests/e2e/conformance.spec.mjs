// Proof against a real DynamoDB-compatible engine: dynalite runs on 127.0.0.1, the
// page's own wasm (window.wasmBindings) builds every query and simulates it, and for a
// generated corpus of items and access patterns:
//   - dynalite's pages for buildQuery's input equal simulateQuery's pages, item for item;
//   - both equal the set computed here, independently, from the field values;
//   - invalid inputs are rejected by keylab's validator exactly when dynalite rejects them.
// KEYLAB_CONFORMANCE_SEED / _ITEMS / _PATTERNS make the run larger or different.
import { test, expect, apiReady, openFresh } from './fixtures.mjs';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { startDynalite, createTable, putAll } from '../support/dynalite.mjs';

const SEED = Number(process.env.KEYLAB_CONFORMANCE_SEED || 20261130);
const ITEMS = Number(process.env.KEYLAB_CONFORMANCE_ITEMS || 300);
const PATTERNS = Number(process.env.KEYLAB_CONFORMANCE_PATTERNS || 300);

const schema = {
  version: 1,
  separator: '#',
  table: {
    name: 'Conformance',
    attributes: { PK: 'S', SK: 'S', GSI1PK: 'S', GSI1SK: 'S', GSI2PK: 'S', GSI2SK: 'N' },
    primary: { partition: 'PK', sort: 'SK' },
    indexes: [
      { name: 'GSI1', partition: 'GSI1PK', sort: 'GSI1SK' },
      { name: 'GSI2', partition: 'GSI2PK', sort: 'GSI2SK' },
    ],
  },
  entities: [
    {
      name: 'Run',
      fields: {
        season: { kind: 'text', case: 'upper' },
        score: { kind: 'uint', width: 6, order: 'desc' },
        at: { kind: 'timestamp', unit: 's', width: 10 },
        player: { kind: 'text' },
      },
      keys: {
        PK: [{ literal: 'SEASON' }, { field: 'season' }],
        SK: [{ field: 'score' }, { field: 'at' }, { field: 'player' }],
        GSI1PK: [{ literal: 'PLAYER' }, { field: 'player' }],
        GSI1SK: [{ field: 'at' }, { field: 'score' }, { field: 'season' }],
      },
    },
    {
      name: 'Reading',
      fields: {
        device: { kind: 'text' },
        at: { kind: 'timestamp', unit: 'iso', order: 'desc' },
        seq: { kind: 'int', width: 4 },
        temp: { kind: 'decimal', width: 3, scale: 1 },
      },
      keys: {
        PK: [{ literal: 'DEVICE' }, { field: 'device' }],
        SK: [{ literal: '#READING' }, { field: 'at' }, { field: 'seq' }],
        GSI2PK: [{ literal: 'DEVICE' }, { field: 'device' }],
        GSI2SK: [{ field: 'temp' }],
      },
    },
    {
      name: 'Order',
      fields: { customer: { kind: 'text' }, id: { kind: 'ulid' } },
      keys: { PK: [{ literal: 'CUSTOMER' }, { field: 'customer' }], SK: [{ literal: 'ORDER' }, { field: 'id' }] },
    },
  ],
};

// A small seeded PRNG (mulberry32), so a failure can be replayed with its seed.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function ulid(ms, rand) {
  let bits = (BigInt(ms) << 80n) | BigInt(Math.floor(rand() * 2 ** 40)) << 40n | BigInt(Math.floor(rand() * 2 ** 40));
  let out = '';
  for (let i = 0; i < 26; i++) { out = CROCKFORD[Number(bits & 31n)] + out; bits >>= 5n; }
  return out;
}
const ulidTime = (id) => [...id.slice(0, 10)].reduce((t, c) => t * 32 + CROCKFORD.indexOf(c), 0);

const T0 = 1_700_000_000;
const MS0 = 1_700_000_000_000;

function makeValues(rand, n) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  // DynamoDB promises no order among items with equal index keys (dynalite orders them
  // by a hash of the base key), so GSI2's Number sort key stays unique per device.
  const temps = new Set();
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const out = [];
  for (let i = 0; i < n; i++) {
    const kind = pick(['Run', 'Run', 'Reading', 'Order']);
    if (kind === 'Run') {
      out.push({ entity: 'Run', values: { season: pick(['s1', 's2']), score: int(0, 300), at: T0 + int(0, 40), player: pick(['p1', 'p2', 'p3', 'p4', 'p10', 'p2x']) } });
    } else if (kind === 'Reading') {
      const v = { device: pick(['d1', 'd2']), at: new Date(MS0 + int(0, 30) * 1000).toISOString(), seq: int(-20, 20) };
      const temp = (int(-500, 500) / 10).toFixed(1);
      if (rand() < 0.8 && !temps.has(`${v.device}${temp}`)) { v.temp = temp; temps.add(`${v.device}${temp}`); } // the rest stay out of GSI2
      out.push({ entity: 'Reading', values: v });
    } else {
      out.push({ entity: 'Order', values: { customer: pick(['c1', 'c2']), id: ulid(MS0 + int(0, 6) * 1000, rand) } });
    }
  }
  return out;
}

// The independent oracle: value comparison per field, with no knowledge of encodings.
const utf8 = (s) => Buffer.from(String(s), 'utf8');
function cmpValue(entity, field, a, b) {
  const kind = schema.entities.find((e) => e.name === entity).fields[field].kind;
  if (['uint', 'int', 'decimal'].includes(kind) || (kind === 'timestamp' && entity === 'Run')) return Math.sign(Number(a) - Number(b));
  if (kind === 'text') {
    const up = entity === 'Run' && field === 'season' ? (x) => String(x).toUpperCase() : (x) => x;
    return Buffer.compare(utf8(up(a)), utf8(up(b)));
  }
  return Buffer.compare(utf8(a), utf8(b)); // ISO text and canonical ULIDs sort as text
}
function satisfies(entity, field, v, r) {
  let c = (b) => cmpValue(entity, field, v, b);
  if (field === 'id' && typeof r.value === 'number') c = (b) => Math.sign(ulidTime(v) - b); // a time range on ids
  switch (r.op) {
    case 'eq': return c(r.value) === 0;
    case 'lt': return c(r.value) < 0;
    case 'le': return c(r.value) <= 0;
    case 'gt': return c(r.value) > 0;
    case 'ge': return c(r.value) >= 0;
    case 'between': return c(r.value) >= 0 && c(r.to) <= 0;
    case 'begins_with': return String(v).startsWith(r.value);
    default: return false;
  }
}

function templateFields(entity, attr) {
  return schema.entities.find((e) => e.name === entity).keys[attr].filter((s) => s.field).map((s) => s.field);
}

function makePattern(rand, corpus) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const base = pick(corpus);
  const entity = base.entity;
  const indexes = { Run: [null, 'GSI1'], Reading: [null, 'GSI2'], Order: [null] }[entity];
  // Only indexes this item is in (GSI2 is sparse: readings without temp are not).
  const index = pick(indexes.filter((ix) => ix === null || [`${ix}PK`, `${ix}SK`].every((a) => templateFields(entity, a).every((f) => base.values[f] !== undefined))));
  const [pkAttr, skAttr] = index === null ? ['PK', 'SK'] : [`${index}PK`, `${index}SK`];
  const partition = Object.fromEntries(templateFields(entity, pkAttr).map((f) => [f, base.values[f]]));
  const sortFields = templateFields(entity, skAttr);
  const pattern = { entity, index, partition, scanIndexForward: rand() < 0.5, limit: rand() < 0.5 ? null : 1 + Math.floor(rand() * 6) };
  if (rand() < 0.15) return pattern; // the whole item collection
  if (rand() < 0.12) {
    // From one item towards either end of its partition, whatever the entity.
    pattern.sort = { equal: Object.fromEntries(sortFields.map((f) => [f, base.values[f]])) };
    pattern.around = pick(['before', 'after']);
    Object.defineProperty(pattern, 'anchor', { value: base.values, enumerable: false });
    return pattern;
  }
  const fixed = Math.floor(rand() * sortFields.length);
  const equal = Object.fromEntries(sortFields.slice(0, fixed).map((f) => [f, base.values[f]]));
  const sort = { equal };
  if (fixed < sortFields.length && rand() < 0.85) {
    const field = sortFields[fixed];
    const other = pick(corpus.filter((c) => c.entity === entity && c.values[field] !== undefined));
    const values = [base.values[field], other.values[field]];
    const isText = schema.entities.find((e) => e.name === entity).fields[field].kind === 'text';
    const op = pick(isText ? ['eq', 'lt', 'le', 'gt', 'ge', 'between', 'begins_with'] : ['eq', 'lt', 'le', 'gt', 'ge', 'between']);
    let [value, to] = values;
    if (field === 'id' && rand() < 0.5) { value = ulidTime(value); to = ulidTime(to); } // ranges of time on ULIDs
    if (op === 'between' && cmpValue(entity, field, value, to) > 0 && !(field === 'id' && typeof value === 'number' && value <= to)) [value, to] = [to, value];
    if (op === 'between' && field === 'id' && typeof value === 'number' && value > to) [value, to] = [to, value];
    if (op === 'begins_with') value = String(value).slice(0, 1 + Math.floor(rand() * 2));
    sort.range = { field, op, value, ...(op === 'between' ? { to } : {}) };
  } else if (fixed > 0) {
    pattern.children = rand() < 0.5;
  }
  if (fixed > 0 || sort.range) pattern.sort = sort;
  return pattern;
}

/** The keys the codec wrote for each corpus item's values (filled in by the test). */
const keysOf = new Map();

function expectedIds(pattern, stored) {
  const { entity, index, partition, sort } = pattern;
  const [pkAttr, skAttr] = index === null ? ['PK', 'SK'] : [`${index}PK`, `${index}SK`];
  const keyType = schema.table.attributes[skAttr];
  const byKey = (a, b) => (keyType === 'N' ? Math.sign(Number(a) - Number(b)) : Buffer.compare(utf8(a), utf8(b)));
  if (pattern.around) {
    const anchor = keysOf.get(pattern.anchor);
    const side = pattern.around === 'before' ? (c) => c <= 0 : (c) => c >= 0;
    const hits = stored.filter((s) => s.item[pkAttr] && s.item[skAttr]
      && Object.values(s.item[pkAttr])[0] === String(anchor[pkAttr])
      && side(byKey(Object.values(s.item[skAttr])[0], String(anchor[skAttr]))));
    hits.sort((a, b) => byKey(Object.values(a.item[skAttr])[0], Object.values(b.item[skAttr])[0])
      || Buffer.compare(utf8(a.item.PK.S), utf8(b.item.PK.S)) || Buffer.compare(utf8(a.item.SK.S), utf8(b.item.SK.S)));
    if (pattern.around === 'before') hits.reverse();
    return hits.map((s) => s.item.id.S);
  }
  const hits = stored.filter((s) => s.entity === entity && s.item[pkAttr] && s.item[skAttr]
    && Object.entries(partition).every(([f, v]) => cmpValue(entity, f, s.values[f], v) === 0)
    && Object.entries(sort?.equal || {}).every(([f, v]) => cmpValue(entity, f, s.values[f], v) === 0)
    && (!sort?.range || satisfies(entity, sort.range.field, s.values[sort.range.field], sort.range)));
  const key = (s) => s.item[skAttr][keyType];
  // DynamoDB promises no order among equal index keys; dynalite and keylab both fall
  // back to the base table's key, so the oracle does too.
  const base = (a, b) => Buffer.compare(utf8(a.item.PK.S), utf8(b.item.PK.S)) || Buffer.compare(utf8(a.item.SK.S), utf8(b.item.SK.S));
  hits.sort((a, b) => (keyType === 'N' ? Math.sign(Number(key(a)) - Number(key(b))) : Buffer.compare(utf8(key(a)), utf8(key(b)))) || base(a, b));
  if (pattern.scanIndexForward === false) hits.reverse();
  return hits.map((s) => s.item.id.S);
}

let client;
let close;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ client, close } = await startDynalite());
  await createTable(client, schema);
});

test.afterAll(async () => close?.());

async function queryAllPages(input) {
  const pages = [];
  let start;
  for (let i = 0; i < 1000; i++) {
    const out = await client.send(new QueryCommand({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) }));
    pages.push({ Items: out.Items, LastEvaluatedKey: out.LastEvaluatedKey });
    start = out.LastEvaluatedKey;
    if (!start) break;
  }
  return pages;
}

test('dynalite, simulateQuery and the value oracle agree on every access pattern', async ({ page }) => {
  test.setTimeout(240_000);
  await openFresh(page);
  await apiReady(page);
  const rand = rng(SEED);
  const corpus = makeValues(rand, ITEMS);
  // Keys come from the page's wasm, exactly as a user of the JS API would get them.
  const encoded = await page.evaluate(({ schema, corpus }) => corpus.map((c) => window.wasmBindings.encodeItem(schema, c.entity, c.values)), { schema, corpus });
  corpus.forEach((c, i) => keysOf.set(c.values, encoded[i]));
  const toAv = (v) => (typeof v === 'number' ? { N: String(v) } : { S: v });
  const byKey = new Map();
  corpus.forEach((c, i) => {
    const item = { id: { S: `i${i}` }, entity: { S: c.entity } };
    for (const [k, v] of Object.entries(encoded[i])) item[k] = toAv(v);
    byKey.set(`${item.PK.S}\u0000${item.SK.S}`, { ...c, item }); // the last write of a key wins
  });
  const stored = [...byKey.values()];
  await putAll(client, schema.table.name, stored.map((s) => s.item));
  const items = stored.map((s) => s.item);

  let checked = 0;
  let refused = 0;
  let around = 0;
  const patterns = Array.from({ length: PATTERNS }, () => makePattern(rand, corpus));
  const built = await page.evaluate(({ schema, patterns }) => patterns.map((p) => {
    try { return window.wasmBindings.buildQuery(schema, p); } catch (e) { return { error: e.message }; }
  }), { schema, patterns });
  for (let i = 0; i < patterns.length; i++) {
    const pattern = patterns[i];
    const label = `seed ${SEED}, pattern ${i}: ${JSON.stringify(pattern)}`;
    if (built[i].error) {
      // Only a range whose ends are the wrong way round may be refused.
      expect(built[i].error, label).toMatch(/range is empty|matches no key/);
      refused++;
      continue;
    }
    const input = built[i].input;
    const real = await queryAllPages(input);
    const simulated = await page.evaluate(({ schema, items, input }) => {
      const pages = [];
      let start;
      for (let n = 0; n < 1000; n++) {
        const out = window.wasmBindings.simulateQuery(schema, items, start ? { ...input, ExclusiveStartKey: start } : input);
        pages.push({ Items: out.Items, LastEvaluatedKey: out.LastEvaluatedKey });
        start = out.LastEvaluatedKey;
        if (!start) break;
      }
      return pages;
    }, { schema, items, input });
    expect(simulated, `${label}\ninput ${JSON.stringify(input)}`).toEqual(real);
    const ids = real.flatMap((p) => p.Items.map((it) => it.id.S));
    expect(ids, `${label}\ninput ${JSON.stringify(input)}\n${built[i].explanation}`).toEqual(expectedIds(pattern, stored));
    checked++;
    if (pattern.around) around++;
  }
  expect(checked).toBeGreaterThan(PATTERNS * 0.8);
  expect(around, 'around patterns checked').toBeGreaterThan(PATTERNS * 0.05);
  console.log(`conformance: ${checked} access patterns agree across dynalite, simulateQuery and the oracle (${around} of them around one item; ${refused} empty ranges refused; ${stored.length} items; seed ${SEED})`);
});

// Each case: a Query input (TableName added), and whether DynamoDB's documented rules
// accept it. keylab must agree with dynalite, except where dynalite departs from the
// documented UTF-8 rule; those cases say so.
const V = { ':p': { S: 'SEASON#S1' }, ':s': { S: 'b' } };
const validity = [
  { KeyConditionExpression: '#pk = :p', ExpressionAttributeNames: { '#pk': 'PK' }, ExpressionAttributeValues: { ':p': V[':p'] } },
  { KeyConditionExpression: 'PK = :p AND begins_with(SK, :s)', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK BETWEEN :p AND :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: '(:p = PK) AND (:s > SK)', ExpressionAttributeValues: V },
  { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :p AND GSI2SK > :n', ExpressionAttributeValues: { ':p': V[':p'], ':n': { N: '-1.5' } } },
  { KeyConditionExpression: 'PK = :p OR SK = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND NOT SK = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK <> :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK IN (:s)', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND BEGINS_WITH(SK, :s)', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND PK = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK < :p AND SK = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'SK = :s', ExpressionAttributeValues: { ':s': V[':s'] } },
  { KeyConditionExpression: 'PK = :p AND GSI1SK = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK = :x', ExpressionAttributeValues: V },
  { KeyConditionExpression: '#a = :p', ExpressionAttributeNames: { '#b': 'PK' }, ExpressionAttributeValues: { ':p': V[':p'] } },
  { KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND #sk = :s', ExpressionAttributeNames: { '#sk': 'SK', '#x': 'X' }, ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND name = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK BETWEEN :s AND :p', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK = :s', ExpressionAttributeValues: { ':p': { N: '1' }, ':s': V[':s'] } },
  { KeyConditionExpression: 'PK = :p AND SK.x = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK = ', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND size(SK) = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND attribute_exists(SK)', ExpressionAttributeValues: { ':p': V[':p'] } },
  { KeyConditionExpression: 'PK = :p AND SK = PK', ExpressionAttributeValues: { ':p': V[':p'] } },
  { KeyConditionExpression: 'PK = :p AND begins_with(SK)', ExpressionAttributeValues: { ':p': V[':p'] } },
  { KeyConditionExpression: 'PK = :p AND SK = :s', ExpressionAttributeValues: { ':p': V[':p'], ':s': { N: 'x1' } } },
  { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :p AND begins_with(GSI2SK, :n)', ExpressionAttributeValues: { ':p': V[':p'], ':n': { N: '1' } } },
  { IndexName: 'NOPE', KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': V[':p'] } },
  { KeyConditionExpression: 'PK = :p AND SK = :s', ExpressionAttributeNames: {}, ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK = :s', ExpressionAttributeValues: { ':p': V[':p'], 's': V[':s'] } },
  { KeyConditionExpression: 'PK = :p AND SK = :s AND SK = :s', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND (SK = :s)', ExpressionAttributeValues: V },
  { KeyConditionExpression: 'PK = :p AND SK >= :s', ExpressionAttributeValues: V, Limit: 0 },
  // Numbers at DynamoDB's edges: 38 significant digits, 1E+125 and 1E-130, and texts
  // that are not numbers there (a plus sign, a space).
  ...[`0.${'9'.repeat(38)}`, `1${'0'.repeat(125)}`, `0.${'0'.repeat(129)}1`, '5.', '.5', '-0',
    `1${'1'.repeat(38)}`, `1${'0'.repeat(126)}`, `0.${'0'.repeat(130)}1`, '+5', ' 5', '-', '.'].map((n) => (
    { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :p AND GSI2SK > :n', ExpressionAttributeValues: { ':p': V[':p'], ':n': { N: n } } })),
];
// Where dynalite departs from DynamoDB's documented rules, keylab follows the documents.
// Each departure says which side rejects and why.
const departures = [
  {
    // dynalite compares BETWEEN bounds as JavaScript (UTF-16) strings: U+FF5E is above
    // the surrogate pair of U+1F600 there, but below it in UTF-8, where DynamoDB compares.
    input: { KeyConditionExpression: 'PK = :p AND SK BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':p': V[':p'], ':lo': { S: '\uFF5E' }, ':hi': { S: '\u{1F600}' } } },
    keylabRejects: false,
    dynalite: 'requires upper bound to be greater than or equal to lower bound',
  },
  {
    // DynamoDB and dynalite read exponent forms; keylab writes and compares plain
    // decimals only, and says the text is not a number rather than guess its value.
    input: { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :p AND GSI2SK > :n', ExpressionAttributeValues: { ':p': V[':p'], ':n': { N: '1e3' } } },
    keylabRejects: true,
    dynalite: null,
  },
  {
    // DynamoDB rejects empty strings in key attribute values; dynalite runs the query.
    input: { KeyConditionExpression: 'PK = :p AND SK = :s', ExpressionAttributeValues: { ':p': { S: '' }, ':s': V[':s'] } },
    keylabRejects: true,
    dynalite: null,
  },
];

test('keylab rejects a Query input exactly when dynalite does', async ({ page }) => {
  await openFresh(page);
  await apiReady(page);
  const all = [...validity, ...departures.map((d) => d.input)].map((c) => ({ TableName: schema.table.name, ...c }));
  const keylab = await page.evaluate(({ schema, inputs }) => inputs.map((input) => {
    try { window.wasmBindings.validateQuery(schema, input); return null; } catch (e) { return e.message; }
  }), { schema, inputs: all });
  let rejected = 0;
  for (let i = 0; i < all.length; i++) {
    let dynaliteError = null;
    try { await client.send(new QueryCommand(all[i])); } catch (e) { dynaliteError = `${e.name}: ${e.message}`; }
    const departure = i >= validity.length;
    const label = `${JSON.stringify(all[i])}\nkeylab: ${keylab[i]}\ndynalite: ${dynaliteError}`;
    if (departure) {
      const d = departures[i - validity.length];
      expect(keylab[i] !== null, label).toBe(d.keylabRejects);
      if (d.dynalite) expect(dynaliteError, label).toContain(d.dynalite);
      else expect(dynaliteError, label).toBeNull();
    } else {
      expect(keylab[i] === null, label).toBe(dynaliteError === null);
      if (dynaliteError) rejected++;
    }
  }
  expect(rejected).toBeGreaterThan(25);
});
