// keylab migrate's outputs, used for real (issue 26):
//  - `--emit items` and `--emit batch` load into dynalite on 127.0.0.1 (each line put,
//    as an import from S3 writes; each request file sent as one BatchWriteItem): both
//    tables hold the same items, and the new design's access patterns, run on them,
//    return page by page what keylab's evaluator returns over the emitted items (the
//    evaluator that draws the page's query band, `keylab query`);
//  - `--emit checks` records, checked by the SQL `--check-sql` writes, in DuckDB (pinned
//    in .venv): the same collisions and the same order changes as migrate's own checks,
//    on a mixed three-entity table (non-ASCII text, a case change that collides) and on
//    Number sort keys turned into descending String ones and back.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BatchWriteItemCommand, PutItemCommand, QueryCommand, ScanCommand } from "@aws-sdk/client-dynamodb";
import { startDynalite, createTable } from "../support/dynalite.mjs";

const cli = resolve(process.env.KEYLAB_CLI || "target/debug/keylab");
const python = resolve(".venv/bin/python");
const work = resolve("target/migrate-test");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

let seed = Number(process.env.SEED || 26);
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (xs) => xs[Math.floor(random() * xs.length)];
const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};

function keylab(args, input, allowed = [0]) {
  const r = spawnSync(cli, args, { input, encoding: "utf8", maxBuffer: 1 << 30 });
  if (!allowed.includes(r.status)) {
    throw new Error(`keylab ${args.join(" ")} exited ${r.status}:\n${r.stderr}`);
  }
  return r;
}

/** An item as text that two engines agree on: attributes in name order, and a set's
 * members sorted (DynamoDB keeps no order in SS, NS or BS). */
function canonical(item) {
  const text = (b) => (typeof b === "string" ? b : Buffer.from(b).toString("base64"));
  const value = (v) => {
    const [[tag, inner]] = Object.entries(v);
    if (tag === "B") return { B: text(inner) };
    if (tag === "BS") return { BS: inner.map(text).sort() };
    if (tag === "SS" || tag === "NS") return { [tag]: [...inner].sort() };
    if (tag === "L") return { L: inner.map(value) };
    if (tag === "M") return { M: JSON.parse(canonical(inner)) };
    return v;
  };
  return JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, value(v)])));
}

/** An item of DynamoDB JSON as the SDK takes it: binary as bytes, not base64 text
 * (given text, the SDK would store the text's own bytes). */
function sdkItem(item) {
  const value = (v) => {
    const [[tag, inner]] = Object.entries(v);
    if (tag === "B") return { B: Buffer.from(inner, "base64") };
    if (tag === "BS") return { BS: inner.map((b) => Buffer.from(b, "base64")) };
    if (tag === "L") return { L: inner.map(value) };
    if (tag === "M") return { M: sdkItem(inner) };
    return v;
  };
  return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, value(v)]));
}

const write = (name, value) => {
  const path = join(work, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value, null, 1));
  return path;
};

/** An export of the old design: each values line's keys (keylab encode) and its values as attributes. */
function exportOf(design, lines) {
  const schema = write(`old-${design.table.name}.json`, design);
  const keys = keylab(["encode", "--schema", schema], lines.map((l) => JSON.stringify(l)).join("\n")).stdout.trim().split("\n");
  return lines
    .map((l, i) => {
      const item = {};
      for (const [name, v] of Object.entries(l.values)) item[name] = typeof v === "number" ? { N: String(v) } : { S: v };
      for (const [name, k] of Object.entries(JSON.parse(keys[i]))) item[name] = { [design.table.attributes[name]]: String(k) };
      // Every other DynamoDB type, and text that needs escaping: carried through whole.
      if (l.entity === "Reading" && i % 3 === 0) {
        item.raw = { B: Buffer.from([0, 255, i % 256, 10]).toString("base64") };
        item.blobs = { BS: [Buffer.from("a").toString("base64"), Buffer.from([i % 256, 1]).toString("base64")] };
        item.meta = { M: { tags: { SS: ["x", `y${i}`] }, counts: { NS: ["1", "2.5"] },
          list: { L: [{ N: "-0.001" }, { NULL: true }, { BOOL: false }, { S: "quote\" back\\slash \u0000 nul 😀" }] } } };
      }
      return JSON.stringify({ Item: item });
    })
    .join("\n");
}

const fleet = (next) => ({
  version: 1,
  separator: "#",
  table: {
    name: next ? "Fleet2" : "Fleet",
    attributes: { PK: "S", SK: "S", GSI1PK: "S", GSI1SK: "S", ...(next ? { GSI2PK: "S", GSI2SK: "S" } : {}) },
    primary: { partition: "PK", sort: "SK" },
    indexes: [
      { name: "GSI1", partition: "GSI1PK", sort: "GSI1SK" },
      ...(next ? [{ name: "GSI2", partition: "GSI2PK", sort: "GSI2SK" }] : []),
    ],
  },
  entities: [
    { name: "Org", fields: { org: { kind: "text", maxLength: 16 } }, keys: { PK: [{ literal: "ORG" }, { field: "org" }], SK: [{ literal: "ORG" }, { field: "org" }] } },
    {
      name: "User",
      fields: {
        org: { kind: "text", maxLength: 16 },
        user: { kind: "text", maxLength: 24, ...(next ? { case: "lower" } : {}) },
        ...(next ? { email: { kind: "text", maxLength: 64 } } : {}),
      },
      keys: {
        PK: [{ literal: "ORG" }, { field: "org" }],
        SK: [{ literal: "USER" }, { field: "user" }],
        GSI1PK: [{ literal: "USER" }, { field: "user" }],
        GSI1SK: [{ literal: "ORG" }, { field: "org" }],
        ...(next ? { GSI2PK: [{ literal: "EMAIL" }, { field: "email" }], GSI2SK: [{ literal: "USER" }, { field: "user" }] } : {}),
      },
    },
    {
      name: "Reading",
      fields: { device: { kind: "text", maxLength: 16 }, n: { kind: "uint", width: next ? 8 : 6, ...(next ? { order: "desc" } : {}) } },
      keys: { PK: [{ literal: "DEVICE" }, { field: "device" }], SK: [{ literal: "READING" }, { field: "n" }] },
    },
  ],
});

// Users' names: non-ASCII and mixed case, so that lower-casing reorders them; each
// distinct ignoring case (the round trip has no collisions; the checks add some).
const names = ["Zoé", "zed", "Émile", "alice", "Bob", "bea", "Ünal", "ülkü", "Ωmega", "ä-x", "Yann", "émilie", "😀smile", "Ａwide"];
const orgs = ["acme", "Beta", "çorp"];
const devices = ["d-1", "d-2", "D-3"];
const fleetLines = [];
for (const org of orgs) {
  fleetLines.push({ entity: "Org", values: { org } });
  for (const user of names) if (random() < 0.8) fleetLines.push({ entity: "User", values: { org, user, email: `${user}@${org}.example` } });
}
for (const device of devices) {
  const seen = new Set();
  for (let i = 0; i < 60; i++) {
    const n = Math.floor(random() * 999999);
    if (!seen.has(n)) fleetLines.push({ entity: "Reading", values: { device, n } }), seen.add(n);
  }
}
fleetLines.sort(() => random() - 0.5);

const old = fleet(false);
const next = fleet(true);
const fleetExport = exportOf(old, fleetLines);
const oldPath = write("fleet.json", old);
const newPath = write("fleet-v2.json", next);

// 1. Items and batches, loaded.
const items = keylab(["migrate", "--from", oldPath, "--to", newPath, "--emit", "items"], fleetExport);
const itemLines = items.stdout.trim().split("\n");
check(itemLines.length === fleetLines.length, `--emit items wrote ${itemLines.length} of ${fleetLines.length} items`);
check(/Create the new design's index\(es\) GSI2 /.test(items.stderr), `the summary names GSI2: ${items.stderr}`);
const batchDir = join(work, "batches");
keylab(["migrate", "--from", oldPath, "--to", newPath, "--emit", "batch", "--table", "Fleet2", "--out", batchDir], fleetExport);
const files = readdirSync(batchDir).sort();
check(files.length === Math.ceil(fleetLines.length / 25), `${files.length} batch files for ${fleetLines.length} items`);

const { client, close } = await startDynalite();
try {
  await createTable(client, next);
  await createTable(client, { ...next, table: { ...next.table, name: "Imported" } });
  for (const file of files) {
    const request = JSON.parse(readFileSync(join(batchDir, file), "utf8"));
    check(request.Fleet2.length <= 25, `${file} holds ${request.Fleet2.length} requests`);
    const puts = request.Fleet2.map((r) => ({ PutRequest: { Item: sdkItem(r.PutRequest.Item) } }));
    const answer = await client.send(new BatchWriteItemCommand({ RequestItems: { Fleet2: puts } }));
    check(Object.keys(answer.UnprocessedItems ?? {}).length === 0, `${file}: unprocessed items`);
  }
  for (const line of itemLines) await client.send(new PutItemCommand({ TableName: "Imported", Item: sdkItem(JSON.parse(line).Item) }));
  const scan = async (TableName) => {
    const out = [];
    let ExclusiveStartKey;
    do {
      const page = await client.send(new ScanCommand({ TableName, ExclusiveStartKey }));
      out.push(...page.Items);
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return out.map(canonical).sort();
  };
  const [batched, imported] = [await scan("Fleet2"), await scan("Imported")];
  check(batched.length === fleetLines.length && JSON.stringify(batched) === JSON.stringify(imported),
    `the batch-loaded table (${batched.length}) and the line-loaded one (${imported.length}) differ`);

  // 2. The new design's access patterns on the loaded table, against keylab's evaluator.
  const someone = itemLines.map((l) => JSON.parse(l).Item).find((i) => i.GSI2PK);
  const readingKeys = itemLines.map((l) => JSON.parse(l).Item).filter((i) => i.PK.S === "DEVICE#d-1").map((i) => i.SK.S).sort();
  const patterns = [
    { KeyConditionExpression: "PK = :pk AND begins_with(SK, :u)", ExpressionAttributeValues: { ":pk": { S: "ORG#Beta" }, ":u": { S: "USER#" } } },
    { KeyConditionExpression: "PK = :pk AND begins_with(SK, :r)", Limit: 7, ExpressionAttributeValues: { ":pk": { S: "DEVICE#d-1" }, ":r": { S: "READING#" } } },
    { KeyConditionExpression: "PK = :pk AND SK BETWEEN :a AND :b", ScanIndexForward: false, Limit: 4,
      ExpressionAttributeValues: { ":pk": { S: "DEVICE#d-1" }, ":a": { S: readingKeys[5] }, ":b": { S: readingKeys[30] } } },
    { IndexName: "GSI2", KeyConditionExpression: "GSI2PK = :e", ExpressionAttributeValues: { ":e": someone.GSI2PK } },
    { IndexName: "GSI1", KeyConditionExpression: "GSI1PK = :u AND GSI1SK > :o", ExpressionAttributeValues: { ":u": { S: "USER#émile" }, ":o": { S: "ORG#B" } } },
  ];
  for (const [i, p] of patterns.entries()) {
    const input = { TableName: "Fleet2", ...p };
    const expected = keylab(["query", "--schema", newPath, "--input", write(`pattern-${i}.json`, input)], items.stdout).stdout.trim().split("\n").filter(Boolean);
    write(`pattern-${i}.expected.jsonl`, expected.join("\n"));
    const got = [];
    let ExclusiveStartKey;
    do {
      const page = await client.send(new QueryCommand({ ...input, ExclusiveStartKey }));
      got.push(...page.Items);
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    const canon = (xs) => xs.map((x) => canonical(typeof x === "string" ? JSON.parse(x) : x));
    check(expected.length > 0, `pattern ${i} returns nothing: a pattern that cannot fail`);
    const [g, e] = [canon(got), canon(expected)];
    const at = g.findIndex((x, k) => x !== e[k]);
    if (at >= 0) console.error(`pattern ${i}, item ${at}:\n dynalite ${g[at]}\n keylab   ${e[at]}`);
    check(JSON.stringify(canon(got)) === JSON.stringify(canon(expected)),
      `pattern ${i}: dynalite returned ${got.length} items, keylab ${expected.length}, or another order`);
  }
  if (!failures.length) console.log(`migrate round trip: ${fleetLines.length} items, ${files.length} batch files and the items loaded into dynalite equal; ${patterns.length} access patterns equal to keylab's evaluator`);
} finally {
  await close();
}

// 3. In place: the transactions plan and its runners, on moto's server (tests/migrate/in_place.py).
const inPlace = spawnSync(python, ["tests/migrate/in_place.py", work, oldPath, newPath, write("fleet-export.jsonl", fleetExport), write("fleet-items.jsonl", items.stdout)],
  { encoding: "utf8", env: { ...process.env, KEYLAB_CLI: cli } });
process.stdout.write(inPlace.stdout);
check(inPlace.status === 0, `in place: exit ${inPlace.status}\n${inPlace.stderr.slice(-2000)}`);

// 4. The checks as SQL in DuckDB, equal to migrate's own.
function sqlChecks(name, oldDesign, newDesign, exportText) {
  const from = write(`${name}-old.json`, oldDesign);
  const to = write(`${name}-new.json`, newDesign);
  const summaryPath = join(work, `${name}-summary.json`);
  keylab(["migrate", "--from", from, "--to", to, "--examples", "1000000", "--summary", summaryPath], exportText, [0, 5]);
  const summary = JSON.parse(readFileSync(summaryPath, "utf8"));
  const sql = join(work, `${name}-checks.sql`);
  const records = keylab(["migrate", "--from", from, "--to", to, "--emit", "checks", "--check-sql", sql], exportText, [0, 5]).stdout;
  const recordsPath = write(`${name}-records.jsonl`, records);
  const duck = spawnSync(python, ["tests/migrate/duckdb_checks.py", recordsPath, sql], { encoding: "utf8" });
  if (duck.status !== 0) throw new Error(`duckdb: ${duck.stderr}`);
  const found = JSON.parse(duck.stdout);
  const before = failures.length;
  const pairs = (xs, a, b) => xs.map((x) => `${x[a]}>${x[b]}`).sort().join(" ");
  check(found.collisions.length === summary.collisions, `${name}: DuckDB finds ${found.collisions.length} collisions, migrate ${summary.collisions}`);
  check(pairs(found.collisions, "second", "first") === pairs(summary.collisionExamples, "second", "first"), `${name}: other collisions`);
  check(found.swaps.length === summary.swappedNeighbours, `${name}: DuckDB finds ${found.swaps.length} swapped neighbours, migrate ${summary.swappedNeighbours}`);
  check(pairs(found.swaps, "earlier", "later") === pairs(summary.swapExamples, "earlier", "later"), `${name}: other swapped neighbours`);
  check(summary.swappedNeighbours > 0, `${name}: no order change to compare`);
  if (failures.length === before) console.log(`migrate checks as SQL (${name}): DuckDB and migrate agree on ${summary.collisions} collision(s) and ${summary.swappedNeighbours} swapped neighbour(s) over ${summary.items} items`);
  return summary;
}

// The map step: the export in two files, each migrated on its own with --part, their
// records checked together, find what migrate finds over the whole export.
function partsChecks(name, oldDesign, newDesign, exportText, whole) {
  const from = write(`${name}-old.json`, oldDesign);
  const to = write(`${name}-new.json`, newDesign);
  const lines = exportText.split("\n");
  const half = Math.floor(lines.length / 2);
  const records = [["part-a", lines.slice(0, half)], ["part-b", lines.slice(half)]]
    .map(([part, ls]) => keylab(["migrate", "--from", from, "--to", to, "--emit", "checks", "--part", part], ls.join("\n"), [0, 5]).stdout)
    .join("");
  const sql = join(work, `${name}-checks.sql`);
  const duck = spawnSync(python, ["tests/migrate/duckdb_checks.py", write(`${name}-parts.jsonl`, records), sql], { encoding: "utf8" });
  if (duck.status !== 0) throw new Error(`duckdb: ${duck.stderr}`);
  const found = JSON.parse(duck.stdout);
  check(found.collisions.length === whole.collisions && found.swaps.length === whole.swappedNeighbours,
    `${name} in two parts: DuckDB finds ${found.collisions.length} collisions and ${found.swaps.length} swaps, migrate over the whole ${whole.collisions} and ${whole.swappedNeighbours}`);
  if (!failures.length) console.log(`migrate checks as SQL (${name}, two files with --part): the same ${whole.collisions} collision(s) and ${whole.swappedNeighbours} swapped neighbour(s) as migrate over the whole export`);
}

// The fleet, with users whose names differ only in case: they collide once lower-cased.
const twins = orgs.flatMap((org) => ["ZOÉ", "ALICE", "bOB"].map((user) => ({ entity: "User", values: { org, user, email: `${user}@x` } })));
const fleetWithTwins = `${fleetExport}\n${exportOf(old, twins)}`;
const fleetChecks = sqlChecks("fleet", old, next, fleetWithTwins);
partsChecks("fleet", old, next, fleetWithTwins, fleetChecks);
check(fleetChecks.collisions >= 3, `fleet: ${fleetChecks.collisions} collisions, expected the twins'`);

// Number sort keys: a signed decimal as an N key, then as a descending String, and back.
const scores = (type, order) => ({
  version: 1, separator: "#",
  table: { name: "Scores", attributes: { PK: "S", SK: type }, primary: { partition: "PK", sort: "SK" } },
  entities: [{ name: "Score", fields: { game: { kind: "text", maxLength: 8 }, points: { kind: "decimal", width: 6, scale: 2, order } },
    keys: { PK: [{ literal: "GAME" }, { field: "game" }], SK: [{ field: "points" }] } }],
});
const pointLines = [];
for (const game of ["g1", "g2"]) {
  const seen = new Set();
  for (let i = 0; i < 150; i++) {
    const magnitude = 10 ** Math.floor(random() * 7);
    const points = (Math.floor(random() * magnitude * 100) / 100) * (random() < 0.4 ? -1 : 1);
    if (Math.abs(points) < 999999 && !seen.has(points)) pointLines.push({ entity: "Score", values: { game, points } }), seen.add(points);
  }
}
sqlChecks("numbers-to-text", scores("N", "asc"), scores("S", "desc"), exportOf(scores("N", "asc"), pointLines));
sqlChecks("text-to-numbers", scores("S", "desc"), scores("N", "asc"), exportOf(scores("S", "desc"), pointLines));

if (failures.length) {
  console.error(failures.join("\n"));
  process.exit(1);
}
