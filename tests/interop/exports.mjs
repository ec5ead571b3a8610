// The exports' library runs (issue 24): every preset is exported as ElectroDB entities
// and as a OneTable schema (`keylab export --to electrodb|onetable`), compiled by tsc
// --strict, and random items are written through each library's own put (electrodb's
// put().go(), dynamodb-onetable's create()) into dynalite on 127.0.0.1. Each item must
// then be in the table under exactly the keys keylab writes for it (`keylab encode`):
// every key attribute, byte for byte, whether the library writes it from a template or
// through keylab's key code (an ElectroDB hidden attribute, OneTable's value function).
// And, through each library's own request builders (put().params(), get().params(),
// query.<index>().params(); create/get/find with execute: false):
// - every value keylab refuses (too wide for its padding, negative, a fraction, an
//   impossible date, too long for a key, ...) is refused by the library: none is written,
//   and the refusal is keylab's message (the field, and what it takes);
// - get and query name an item by the entity's own fields (ElectroDB's withKeylabKeys)
//   and send exactly keylab's keys;
// - an attribute the design does not hold survives put once declared as the file's
//   header says, and a design field no key reads survives as it is.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { startDynalite, createTable } from "../support/dynalite.mjs";

const require = createRequire(import.meta.url);
const cli = process.env.KEYLAB_CLI || "target/debug/keylab";
const PER_ENTITY = 40;
const work = resolve("target/interop");

let seed = Number(process.env.SEED || 25);
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (xs) => xs[Math.floor(random() * xs.length)];
const digits = (n) => Array.from({ length: n }, () => pick([..."0123456789"])).join("");
const whole = (width) => Number(digits(1 + Math.floor(random() * Math.min(width, 15))));

/** An id as given: as it is, or (one time in four each) lower-cased, for a ULID, or
 * with spaces around it. */
function spelled(id, caseless) {
  const r = random();
  if (caseless && r < 0.25) return id.toLowerCase();
  if (r > 0.75) return ` ${id} `;
  return id;
}

/** A value keylab accepts for a field of this kind. */
function value(field, separator) {
  const letters = [..."abcXYZ019-_. é"].filter((c) => !separator.includes(c));
  switch (field.kind) {
    case "text": {
      const most = Math.min(field.maxLength ?? 12, 12);
      return Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(letters)).join("");
    }
    case "uint": return whole(field.width);
    case "int": return (random() < 0.5 ? -1 : 1) * whole(field.width);
    case "decimal": {
      const int = digits(1 + Math.floor(random() * field.width)).replace(/^0+(?=\d)/, "");
      const text = field.scale ? `${int}.${digits(field.scale)}` : int;
      return field.signed && random() < 0.5 ? `-${text}` : text;
    }
    case "timestamp": {
      const ms = 946684800000 + Math.floor(random() * 1e12);
      if (field.unit === "s") return Math.floor(ms / 1000);
      if (field.unit === "ms") return ms;
      return isoValue(field, ms);
    }
    // Ids as people paste them too: keylab trims them and writes a ULID in upper case,
    // so a file that writes them as given writes other keys.
    case "ulid": return spelled(pick([..."01234567"]) + Array.from({ length: 25 }, () => pick([..."0123456789ABCDEFGHJKMNPQRSTVWXYZ"])).join(""), true);
    case "ksuid": return spelled(pick([..."0123456789"]) + Array.from({ length: 26 }, () => pick([..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"])).join(""), false);
    default: throw new Error(`no values for kind ${field.kind}`);
  }
}

const ISO_CHARS = { millisecond: 23, second: 19, minute: 16, date: 10 };
const ISO_STEP = { millisecond: 1, second: 1000, minute: 60000, date: 86400000 };

/**
 * An instant near `ms` as an `iso` field may be given it: in the field's own spelling
 * (a wall time with no zone for `zone: none`, as NoSQL Workbench's samples write, which
 * `new Date` would read as local time) or as UTC with `Z`. The run
 * under several TZ values is what catches a file that reads it in the machine's zone.
 */
function isoValue(field, ms) {
  const precision = field.precision ?? "millisecond";
  const zone = field.zone ?? "Z";
  const offset = /^[+-]\d\d:\d\d$/.test(zone) ? (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4))) : 0;
  const step = ISO_STEP[precision];
  const wall = Math.floor(ms / step) * step;
  const instant = wall - offset * 60000;
  const form = random();
  if (form < 0.6) {
    const suffix = precision === "date" || zone === "none" ? "" : zone;
    return new Date(wall).toISOString().slice(0, ISO_CHARS[precision]) + suffix;
  }
  // RFC 3339's other spellings of UTC, which keylab reads too.
  const utc = new Date(instant).toISOString();
  if (form < 0.7) return utc.toLowerCase();
  if (form < 0.8) return utc.replace("T", " ");
  if (form < 0.9) return utc.replace("Z", pick(["+00:00", "-00:00"]));
  return utc;
}

/**
 * Values that may be refused for a field of this kind, each given alone in a good item:
 * the ones keylab refuses (`keylab encode` says which) are what the library must refuse.
 */
function refusable(field, separator) {
  switch (field.kind) {
    case "text": return [
      field.maxLength ? "x".repeat(field.maxLength + 1) : "é".repeat(1100),
      ...(separator ? [`a${separator}b`] : []),
      "", "a\u0000b",
    ];
    case "uint": return [...(field.width <= 15 ? [10 ** field.width] : []), -1, 1.5];
    case "int": return [...(field.width <= 15 ? [10 ** field.width, -(10 ** field.width)] : []), 1.5];
    case "decimal": return ["1".repeat(field.width + 1), `1.${"1".repeat((field.scale ?? 0) + 1)}`, "-1", "one"];
    case "timestamp":
      if (field.unit === "s" || field.unit === "ms") return [...(field.width <= 15 ? [10 ** field.width] : []), -1, 1.5];
      return [
        "2020-02-30", "2021-02-29", "2020-13-01", "2020-02-30T00:00:00Z", "2020-04-31T10:00Z",
        "2020-01-01T24:00:00Z", "2020-01-01T10:60:00Z", "2020-01-01T10:00:00+24:00", "2020-01-01T10:00:00.1234Z",
        "2020-01-01T10:00:00", "2020-01-01T10:00:00.001Z", "June 1, 2020", "2020-1-1",
      ];
    case "ulid": return ["01ARZ3NDEKTSV4RRFFQ69G5FA", "81ARZ3NDEKTSV4RRFFQ69G5FAV", "01ARZ3NDEKTSV4RRFFQ69G5FAU"];
    case "ksuid": return ["0ujtsYcgvSTl8PAuAdqWYSMnLO", "0ujtsYcgvSTl8PAuAdqWYSMnLO!", "z".repeat(27)];
    default: throw new Error(`no values for kind ${field.kind}`);
  }
}

/**
 * The tools whose files keylab exports, each with what its library does with an
 * entity's items: `library(module, design, tableName)` gives `put(row)` (written to
 * dynalite), `built(row)` (the item its put would write, or its refusal), `reads(row)`
 * (what get and a query on each index send, by the item's fields) and
 * `declaring(extra)` (`built` once the entity declares `extra`); undefined when the
 * module has no such entity.
 */
const tools = {
  electrodb: {
    library(module, design, tableName) {
      const [name, entity] = Object.entries(module).find(([, e]) => e?.schema?.model?.entity === design.name) ?? [];
      if (!entity) return undefined;
      entity.setClient(documents);
      entity.setTableName(tableName);
      const { Entity } = require("electrodb");
      return {
        put: (row) => entity.put(row).go(),
        built: async (row) => entity.put(row).params().Item,
        /** What get and a query on each index send for the item named by its fields. */
        async reads(row) {
          const named = module.withKeylabKeys?.[name];
          if (!named) throw new Error(`the file has no withKeylabKeys.${name}, so get needs its hidden keys`);
          const fields = named(row);
          const reads = [{ what: "get", sent: entity.get(fields).params().Key }];
          for (const [access, index] of Object.entries(entity.schema.indexes)) {
            if (index.type === "composite") continue;
            const values = entity.query[access](fields).params().ExpressionAttributeValues;
            const sent = { [index.pk.field]: values[":pk"] };
            if (index.sk && values[":sk1"] !== undefined) sent[index.sk.field] = values[":sk1"];
            reads.push({ what: `query.${access}`, sent });
          }
          return reads;
        },
        /** put's item once the entity declares `extra` among its attributes. */
        declaring(extra) {
          const declared = new Entity({ ...entity.schema, attributes: { ...entity.schema.attributes, ...extra } }, { table: tableName });
          return async (row) => declared.put(row).params().Item;
        },
      };
    },
  },
  onetable: {
    library(module, design, tableName) {
      if (!module.Schema?.models?.[design.name]) return undefined;
      const { Table } = require("dynamodb-onetable");
      const table = (schema) => new Table({ client, name: tableName, schema, partial: false, value: module.value, validate: module.validate });
      const model = table(module.Schema).getModel(design.name);
      // `exists: null`: a random item may repeat another's key; the last one written is compared.
      const built = async (m, row) => unmarshall((await m.create(row, { exists: null, execute: false })).Item);
      return {
        put: (row) => model.create(row, { exists: null }),
        built: (row) => built(model, row),
        async reads(row) {
          const reads = [{ what: "get", sent: unmarshall((await model.get(row, { execute: false })).Key) }];
          for (const index of Object.keys(module.Schema.indexes).filter((i) => i !== "primary")) {
            reads.push({ what: `find on ${index}`, sent: keyCondition(await model.find(row, { index, execute: false })) });
          }
          return reads;
        },
        declaring(extra) {
          const models = { ...module.Schema.models, [design.name]: { ...module.Schema.models[design.name], ...extra } };
          const declared = table({ ...module.Schema, models }).getModel(design.name);
          return (row) => built(declared, row);
        },
      };
    },
  },
};

/** A DynamoDB JSON item (what OneTable's requests hold) as plain values. */
function unmarshall(item) {
  const plain = (v) => {
    const [[type, x]] = Object.entries(v);
    switch (type) {
      case "S": case "BOOL": return x;
      case "N": return Number(x);
      case "NULL": return null;
      case "M": return unmarshall(x);
      case "L": return x.map(plain);
      default: throw new Error(`no plain value for DynamoDB type ${type}`);
    }
  };
  return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, plain(v)]));
}

/** The attributes and values a Query's key condition names. */
function keyCondition(params) {
  const sent = {};
  for (const [, name, value] of params.KeyConditionExpression.matchAll(/(#\w+) = (:\w+)/g)) {
    sent[params.ExpressionAttributeNames[name]] = unmarshall({ v: params.ExpressionAttributeValues[value] }).v;
  }
  return sent;
}

const { endpoint, client, close } = await startDynalite();
const documents = DynamoDBDocumentClient.from(client);
const counts = Object.fromEntries(Object.keys(tools).map((t) => [t, { compared: 0, roundTrips: 0, refusals: 0, refused: 0, written: 0, reads: 0, kept: 0 }]));
let failures = 0;
let said = {};
try {
  // The presets, and designs written for what the presets do not hold (ISO fields in
  // every precision and zone; values each library would key wrongly; a field no key reads).
  const designs = ["presets", "tests/interop/designs"].flatMap((d) => readdirSync(d).filter((f) => f.endsWith(".json")).map((f) => [d, f]));
  for (const [folder, file] of designs) {
    const preset = JSON.parse(readFileSync(join(folder, file), "utf8"));
    const schema = preset.schema ?? preset;
    // dynalite has no multi-attribute keys; those indexes are not exported anyway.
    schema.table.indexes = (schema.table.indexes ?? []).filter((i) => typeof i.partition === "string" && (i.sort === undefined || typeof i.sort === "string"));
    const dir = join(work, file.replace(/\.json$/, ""));
    mkdirSync(dir, { recursive: true });
    const schemaFile = join(dir, "schema.json");
    writeFileSync(schemaFile, JSON.stringify(schema));
    for (const tool of Object.keys(tools)) {
      failures += await exported(tool, file, dir, schema, schemaFile);
    }
  }
} finally {
  await close();
}
for (const [tool, c] of Object.entries(counts)) {
  console.log(`${tool} export: ${c.roundTrips} designs round-tripped, ${c.compared} keys compared through dynalite; ` +
    `${c.refusals} values keylab refuses: ${c.refused} refused with keylab's message, ${c.written} written; ` +
    `${c.reads} reads by the item's fields sent keylab's keys; ${c.kept} attributes other than keys kept`);
}
console.log(`exports (TZ=${process.env.TZ ?? "unset"}): ${failures} differ`);
const everyRun = Object.values(counts).every((c) => c.compared > 0 && c.refused > 0 && c.written === 0 && c.reads > 0 && c.kept > 0);
process.exit(failures === 0 && everyRun ? 0 : 1);

/** Says a failure (the first few of each kind) and counts it as one. */
function fail(message, kind = "other") {
  said[kind] = (said[kind] ?? 0) + 1;
  if (said[kind] <= 5) console.error(message);
  return 1;
}

/** One preset exported for one tool, round-tripped, compiled and run through its library: the failures. */
async function exported(tool, file, dir, schema, schemaFile) {
  let failed = 0;
  const out = spawnSync(cli, ["export", "--to", tool, "--schema", schemaFile], { encoding: "utf8", input: "" });
  if (out.status !== 0 && out.status !== 5) {
    console.error(`${file}: keylab export --to ${tool} failed:\n${out.stderr}`);
    return 1;
  }
  const source = join(dir, `${tool}.ts`);
  writeFileSync(source, out.stdout);
  // The round trip: the file imports to the design it was written from.
  const back = spawnSync(cli, ["import", "--from", tool, source], { encoding: "utf8" });
  if (back.status !== 0 || JSON.stringify(JSON.parse(back.stdout)) !== JSON.stringify(schema)) {
    console.error(`${file}: the exported ${tool} file does not import to the same design:\n${back.stderr.slice(0, 1500)}`);
    failed++;
  }
  counts[tool].roundTrips++;
  const tsc = spawnSync("node_modules/.bin/tsc", ["--module", "commonjs", "--target", "es2020", "--esModuleInterop", "--skipLibCheck", "--strict", "--outDir", dir, source], { encoding: "utf8" });
  if (tsc.status !== 0) {
    console.error(`${file}: the exported ${tool} file does not compile:\n${tsc.stdout}${tsc.stderr}`);
    return failed + 1;
  }
  const tableName = `${schema.table.name}-${tool}-${file.replace(/\.json$/, "")}`;
  await createTable(client, { ...schema, table: { ...schema.table, name: tableName } });
  const module = require(join(dir, `${tool}.js`));
  // What the file's header says to add for an attribute the design does not hold.
  const declaration = /e\.g\. ("Detail": \{[^}]*\})/.exec(out.stdout)?.[1];
  for (const design of schema.entities) {
    const library = tools[tool].library(module, design, tableName);
    if (!library) {
      console.error(`${file}: no entity ${design.name} in the ${tool} export`);
      failed++;
      continue;
    }
    const run = { tool, file, schema, schemaFile, design, tableName, library };
    failed += await written(run);
    failed += await refused(run);
    failed += await kept(run, declaration);
  }
  return failed;
}

/** `keylab encode`'s answer for each row: its keys, or undefined where keylab refuses it. */
function encode(run, rows) {
  const input = rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const encoded = spawnSync(cli, ["encode", "--schema", run.schemaFile, "--entity", run.design.name, "--on-error", "continue"], { encoding: "utf8", input });
  const lines = encoded.stdout.split("\n").filter(Boolean);
  const refusedLines = new Set([...encoded.stderr.matchAll(/^line (\d+): (?!warning:)/gm)].map((m) => Number(m[1]) - 1));
  let at = 0;
  return rows.map((_, n) => (refusedLines.has(n) ? undefined : JSON.parse(lines[at++])));
}

/** Random rows written through the library's put into dynalite, each under exactly keylab's
 * keys; then read back by its own fields (get, a query on each index), sending keylab's keys. */
async function written({ tool, file, schema, schemaFile, design, tableName, library }) {
  let failed = 0;
  const rows = Array.from({ length: PER_ENTITY }, () =>
    Object.fromEntries(Object.entries(design.fields).map(([name, f]) => [name, value(f, schema.separator)])));
  const keys = encode({ schemaFile, design }, rows);
  const keyAttributes = new Set([schema.table.primary, ...schema.table.indexes].flatMap((k) => [k.partition, k.sort]).filter(Boolean));
  const at = (row) => `${file} ${design.name} ${JSON.stringify(row)}`;
  for (const [n, row] of rows.entries()) {
    const want = keys[n];
    if (want === undefined) {
      failed += fail(`${at(row)}: keylab encode refused a value drawn as one it takes`, "draw");
      continue;
    }
    try {
      await library.put(row);
    } catch (e) {
      // keylab encoded this row, so the library must write it too.
      failed += fail(`${at(row)}: ${tool} refused it: ${e.message}`, "put");
      continue;
    }
    const key = { [schema.table.primary.partition]: want[schema.table.primary.partition] };
    if (schema.table.primary.sort) key[schema.table.primary.sort] = want[schema.table.primary.sort];
    const typed = Object.fromEntries(Object.entries(key).map(([a, v]) => [a, schema.table.attributes[a] === "N" ? { N: String(v) } : { S: v }]));
    const got = (await client.send(new GetItemCommand({ TableName: tableName, Key: typed }))).Item;
    for (const [attribute, k] of Object.entries(want)) {
      // A multi-attribute index is not exported (its note says so): its attributes are the item's own.
      if (!keyAttributes.has(attribute)) continue;
      counts[tool].compared++;
      const theirs = got?.[attribute]?.S ?? got?.[attribute]?.N;
      if (theirs !== String(k)) {
        failed += fail(`${at(row)}: ${attribute} keylab ${JSON.stringify(k)}, ${tool} ${JSON.stringify(theirs)}${got ? "" : " (no item under keylab's table key)"}`, "key");
      }
    }
    failed += await reads(tool, at(row), library, row, want);
  }
  return failed;
}

/** get and a query on each index, given the item's own fields: each key they send is keylab's. */
async function reads(tool, at, library, row, want) {
  let sent;
  try {
    sent = await library.reads(row);
  } catch (e) {
    return fail(`${at}: ${tool} cannot read it by its fields: ${e.message}`, "read");
  }
  let failed = 0;
  for (const { what, sent: key } of sent) {
    counts[tool].reads++;
    for (const [attribute, theirs] of Object.entries(key)) {
      if (String(theirs) !== String(want[attribute])) {
        failed += fail(`${at}: ${tool}'s ${what} sends ${attribute} ${JSON.stringify(theirs)}, keylab's key is ${JSON.stringify(want[attribute])}`, "read");
      }
    }
  }
  return failed;
}

/** Each value keylab refuses, given alone in a good item: the library must refuse it, never
 * build the item, and say keylab's refusal (the field, and what it takes). */
async function refused({ tool, file, schema, schemaFile, design, library }) {
  let failed = 0;
  const good = Object.fromEntries(Object.entries(design.fields).map(([name, f]) => [name, value(f, schema.separator)]));
  const rows = Object.entries(design.fields).flatMap(([name, f]) =>
    refusable(f, schema.separator).map((bad) => ({ field: name, row: { ...good, [name]: bad } })));
  const keys = encode({ schemaFile, design }, rows.map((r) => r.row));
  for (const [n, { field, row }] of rows.entries()) {
    if (keys[n] !== undefined) continue;
    counts[tool].refusals++;
    const at = `${file} ${design.name}.${field} = ${JSON.stringify(row[field])?.slice(0, 60)}`;
    let item;
    try {
      item = await library.built(row);
    } catch (e) {
      // keylab's message names the field, or a key that reads it (a key too long), and the fix.
      const named = [field, ...Object.entries(design.keys).filter(([, t]) => t.some((s) => s.field === field)).map(([a]) => a)];
      if (!named.some((n) => e.message.includes(`${design.name}.${n}:`)) || !e.message.includes(". Fix: ")) {
        failed += fail(`${at}: ${tool} refused it, but not with keylab's message for ${design.name}.${field}: ${e.message}`, "message");
      } else counts[tool].refused++;
      continue;
    }
    counts[tool].written++;
    const written = Object.keys(item).filter((a) => a in schema.table.attributes).map((a) => `${a} ${JSON.stringify(item[a])}`);
    failed += fail(`${at}: keylab refuses it, but ${tool} writes it: ${written.join(", ")}`, "refuse");
  }
  return failed;
}

/** An attribute the design does not hold survives put once declared as the header says;
 * a design field that no key reads survives as it is. */
async function kept({ tool, file, schema, design, library }, declaration) {
  const row = Object.fromEntries(Object.entries(design.fields).map(([name, f]) => [name, value(f, schema.separator)]));
  const detail = { kind: "reading", tags: ["a", "b"], level: 3 };
  if (declaration === undefined) {
    return fail(`${file}: the ${tool} file's header does not say how to declare an attribute the design does not hold`, "keep");
  }
  let failed = 0;
  const item = await library.declaring(Function(`return { ${declaration} };`)())({ ...row, Detail: detail });
  if (JSON.stringify(item.Detail) === JSON.stringify(detail)) counts[tool].kept++;
  else failed += fail(`${file} ${design.name}: Detail declared as the header says, but ${tool}'s put writes ${JSON.stringify(item.Detail)}`, "keep");
  const keyed = new Set(Object.values(design.keys).flat().map((s) => s.field).filter(Boolean));
  for (const field of Object.keys(design.fields).filter((f) => !keyed.has(f))) {
    const as = await library.built(row);
    if (String(as[field]) === String(row[field])) counts[tool].kept++;
    else failed += fail(`${file} ${design.name}: field ${field}, which no key reads, is ${JSON.stringify(as[field])} in ${tool}'s put, not ${JSON.stringify(row[field])}`, "keep");
  }
  return failed;
}
