// The exports' library runs (issue 24): every preset is exported as ElectroDB entities
// (`keylab export --to electrodb`), compiled by tsc, and its entities write random
// items through electrodb's own put() into dynalite on 127.0.0.1. Each item must then
// be in the table under exactly the keys keylab writes for it (`keylab encode`): every
// key attribute, byte for byte, whether ElectroDB writes it from a template or through
// the hidden attribute that calls keylab's key code.
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
      return new Date(ms).toISOString();
    }
    case "ulid": return pick([..."01234567"]) + Array.from({ length: 25 }, () => pick([..."0123456789ABCDEFGHJKMNPQRSTVWXYZ"])).join("");
    case "ksuid": return pick([..."0123456789"]) + Array.from({ length: 26 }, () => pick([..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"])).join("");
    default: throw new Error(`no values for kind ${field.kind}`);
  }
}

const { endpoint, client, close } = await startDynalite();
const documents = DynamoDBDocumentClient.from(client);
let compared = 0;
let failures = 0;
let roundTrips = 0;
try {
  for (const file of readdirSync("presets").filter((f) => f.endsWith(".json"))) {
    const preset = JSON.parse(readFileSync(join("presets", file), "utf8"));
    const schema = preset.schema ?? preset;
    // dynalite has no multi-attribute keys; those indexes are not exported anyway.
    schema.table.indexes = (schema.table.indexes ?? []).filter((i) => typeof i.partition === "string" && (i.sort === undefined || typeof i.sort === "string"));
    const dir = join(work, file.replace(/\.json$/, ""));
    mkdirSync(dir, { recursive: true });
    const schemaFile = join(dir, "schema.json");
    writeFileSync(schemaFile, JSON.stringify(schema));
    const exported = spawnSync(cli, ["export", "--to", "electrodb", "--schema", schemaFile], { encoding: "utf8", input: "" });
    if (exported.status !== 0 && exported.status !== 5) {
      console.error(`${file}: keylab export --to electrodb failed:\n${exported.stderr}`);
      failures++;
      continue;
    }
    writeFileSync(join(dir, "entities.ts"), exported.stdout);
    // The round trip: the file imports to the design it was written from.
    const back = spawnSync(cli, ["import", "--from", "electrodb", join(dir, "entities.ts")], { encoding: "utf8" });
    if (back.status !== 0 || JSON.stringify(JSON.parse(back.stdout)) !== JSON.stringify(schema)) {
      console.error(`${file}: the exported entities do not import to the same design:\n${back.stderr.slice(0, 1500)}`);
      failures++;
    }
    roundTrips++;
    const tsc = spawnSync("node_modules/.bin/tsc", ["--module", "commonjs", "--target", "es2020", "--esModuleInterop", "--skipLibCheck", "--strict", "--outDir", dir, join(dir, "entities.ts")], { encoding: "utf8" });
    if (tsc.status !== 0) {
      console.error(`${file}: the exported entities do not compile:\n${tsc.stdout}${tsc.stderr}`);
      failures++;
      continue;
    }
    schema.table.name = `${schema.table.name}-${file.replace(/\.json$/, "")}`;
    await createTable(client, schema);
    const entities = require(join(dir, "entities.js"));
    const keyAttributes = new Set([schema.table.primary, ...schema.table.indexes.map((i) => i.keys ?? i)].flatMap((k) => [k.partition, k.sort]).filter(Boolean));
    for (const design of schema.entities) {
      const entity = Object.values(entities).find((e) => e?.schema?.model?.entity === design.name);
      if (!entity) {
        console.error(`${file}: no entity ${design.name} in the export`);
        failures++;
        continue;
      }
      entity.setClient(documents);
      entity.setTableName(schema.table.name);
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
        await entity.put(row).go();
        const want = keys[n];
        const key = { [schema.table.primary.partition]: want[schema.table.primary.partition] };
        if (schema.table.primary.sort) key[schema.table.primary.sort] = want[schema.table.primary.sort];
        const typed = Object.fromEntries(Object.entries(key).map(([a, v]) => [a, schema.table.attributes[a] === "N" ? { N: String(v) } : { S: v }]));
        const got = (await client.send(new GetItemCommand({ TableName: schema.table.name, Key: typed }))).Item;
        for (const [attribute, k] of Object.entries(want)) {
          // A multi-attribute index is not exported (its note says so): its attributes are the item's own.
          if (!keyAttributes.has(attribute)) continue;
          compared++;
          const theirs = got?.[attribute]?.S ?? got?.[attribute]?.N;
          if (theirs !== String(k)) {
            if (++failures <= 10) console.error(`${file} ${design.name} ${JSON.stringify(row)}: ${attribute} keylab ${JSON.stringify(k)}, electrodb ${JSON.stringify(theirs)}${got ? "" : " (no item under keylab's table key)"}`);
          }
        }
      }
    }
  }
} finally {
  await close();
}
console.log(`electrodb export: ${roundTrips} designs round-tripped, ${compared} keys compared through dynalite, ${failures} differ`);
process.exit(failures === 0 && compared > 0 ? 0 : 1);
