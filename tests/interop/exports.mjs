// The exports' library runs (issue 24): every preset is exported as ElectroDB entities
// and as a OneTable schema (`keylab export --to electrodb|onetable`), compiled by tsc
// --strict, and random items are written through each library's own put (electrodb's
// put().go(), dynamodb-onetable's create()) into dynalite on 127.0.0.1. Each item must
// then be in the table under exactly the keys keylab writes for it (`keylab encode`):
// every key attribute, byte for byte, whether the library writes it from a template or
// through keylab's key code (an ElectroDB hidden attribute, OneTable's value function).
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
    case "ulid": return pick([..."01234567"]) + Array.from({ length: 25 }, () => pick([..."0123456789ABCDEFGHJKMNPQRSTVWXYZ"])).join("");
    case "ksuid": return pick([..."0123456789"]) + Array.from({ length: 26 }, () => pick([..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"])).join("");
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
  return new Date(instant).toISOString();
}

/**
 * The tools whose files keylab exports, each with what its library needs to write an
 * entity's items: `writer(module, design, tableName)` gives `put(row)`, or undefined
 * when the module has no such entity.
 */
const tools = {
  electrodb: {
    writer(module, design, tableName) {
      const entity = Object.values(module).find((e) => e?.schema?.model?.entity === design.name);
      if (!entity) return undefined;
      entity.setClient(documents);
      entity.setTableName(tableName);
      return (row) => entity.put(row).go();
    },
  },
  onetable: {
    writer(module, design, tableName) {
      if (!module.Schema?.models?.[design.name]) return undefined;
      const { Table } = require("dynamodb-onetable");
      const table = new Table({ client, name: tableName, schema: module.Schema, partial: false, value: module.value });
      // `exists: null`: a random item may repeat another's key; the last one written is compared.
      return (row) => table.getModel(design.name).create(row, { exists: null });
    },
  },
};

const { endpoint, client, close } = await startDynalite();
const documents = DynamoDBDocumentClient.from(client);
const counts = Object.fromEntries(Object.keys(tools).map((t) => [t, { compared: 0, roundTrips: 0 }]));
let failures = 0;
try {
  // The presets, and designs written for what the presets do not hold (ISO fields in
  // every precision and zone).
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
    for (const [tool, { writer }] of Object.entries(tools)) {
      failures += await exported(tool, writer, file, dir, schema, schemaFile);
    }
  }
} finally {
  await close();
}
for (const [tool, { roundTrips, compared }] of Object.entries(counts)) {
  console.log(`${tool} export: ${roundTrips} designs round-tripped, ${compared} keys compared through dynalite`);
}
console.log(`exports (TZ=${process.env.TZ ?? "unset"}): ${failures} differ`);
process.exit(failures === 0 && Object.values(counts).every((c) => c.compared > 0) ? 0 : 1);

/** One preset exported for one tool, round-tripped, compiled and written through its library: the failures. */
async function exported(tool, writer, file, dir, schema, schemaFile) {
  let failures = 0;
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
    failures++;
  }
  counts[tool].roundTrips++;
  const tsc = spawnSync("node_modules/.bin/tsc", ["--module", "commonjs", "--target", "es2020", "--esModuleInterop", "--skipLibCheck", "--strict", "--outDir", dir, source], { encoding: "utf8" });
  if (tsc.status !== 0) {
    console.error(`${file}: the exported ${tool} file does not compile:\n${tsc.stdout}${tsc.stderr}`);
    return failures + 1;
  }
  const tableName = `${schema.table.name}-${tool}-${file.replace(/\.json$/, "")}`;
  await createTable(client, { ...schema, table: { ...schema.table, name: tableName } });
  const module = require(join(dir, `${tool}.js`));
  const keyAttributes = new Set([schema.table.primary, ...schema.table.indexes.map((i) => i.keys ?? i)].flatMap((k) => [k.partition, k.sort]).filter(Boolean));
  for (const design of schema.entities) {
    const put = writer(module, design, tableName);
    if (!put) {
      console.error(`${file}: no entity ${design.name} in the ${tool} export`);
      failures++;
      continue;
    }
    const rows = Array.from({ length: PER_ENTITY }, () =>
      Object.fromEntries(Object.entries(design.fields).map(([name, f]) => [name, value(f, schema.separator)])));
    const encoded = spawnSync(cli, ["encode", "--schema", schemaFile, "--entity", design.name], { encoding: "utf8", input: rows.map((r) => JSON.stringify(r)).join("\n") + "\n" });
    if (encoded.status !== 0) {
      console.error(`${file} ${design.name}: keylab encode failed:\n${encoded.stderr.slice(0, 1500)}`);
      failures++;
      continue;
    }
    const keys = encoded.stdout.trim().split("\n").map(JSON.parse);
    for (const [n, row] of rows.entries()) {
      try {
        await put(row);
      } catch (e) {
        // keylab encoded this row, so the library must write it too.
        if (++failures <= 10) console.error(`${file} ${design.name} ${JSON.stringify(row)}: ${tool} refused it: ${e.message}`);
        continue;
      }
      const want = keys[n];
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
          if (++failures <= 10) console.error(`${file} ${design.name} ${JSON.stringify(row)}: ${attribute} keylab ${JSON.stringify(k)}, ${tool} ${JSON.stringify(theirs)}${got ? "" : " (no item under keylab's table key)"}`);
        }
      }
    }
  }
  return failures;
}
