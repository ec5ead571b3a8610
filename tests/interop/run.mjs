// The library runs (issue 24): keylab reads a design from another tool's file
// (`keylab import --from TOOL FILE`), and for hundreds of random items the keys keylab
// writes (`keylab encode`) must equal, byte for byte, the keys that tool's own library
// writes for the same item: electrodb's `entity.put(item).params()` and
// dynamodb-onetable's `model.create(item, {execute: false})`. Every key attribute
// keylab kept is compared; one the tool writes and keylab does not must be named as
// left out in keylab's notes.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const cli = process.env.KEYLAB_CLI || "target/debug/keylab";
const PER_ENTITY = 300;

// A small seeded generator, so a failure can be run again with SEED=n.
let seed = Number(process.env.SEED || 24);
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (xs) => xs[Math.floor(random() * xs.length)];
const ALPHABET = [..."abcXYZ019-_. éÉßİ€😀"];
const text = () => Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick(ALPHABET)).join("");
const whole = (digits) => Math.floor(random() * 10 ** Math.min(digits, 15));

// Each tool: its fixtures, and per entity its name, a random item, and the keys the
// library writes for it (an attribute → string or number).
const tools = {
  electrodb: {
    fixtures: ["cli/tests/fixtures/shop-electrodb.js", "cli/tests/fixtures/arcade-electrodb.js"],
    entities(file) {
      return Object.values(require(resolve(file))).map((entity) => ({
        name: entity.schema.model.entity,
        keyAttributes: Object.values(entity.schema.indexes).flatMap((i) => [i.pk, i.sk]).filter((k) => k && k.field).map((k) => k.field),
        item() {
          const item = {};
          for (const [attr, def] of Object.entries(entity.schema.attributes)) {
            if (Array.isArray(def.type)) item[attr] = pick(def.type);
            else if (def.type === "number") item[attr] = whole(def.padding ? def.padding.length : 6);
            else if (def.type === "boolean") item[attr] = random() < 0.5;
            else item[attr] = text();
          }
          return item;
        },
        async keys(item) {
          return entity.put(item).params().Item;
        },
      }));
    },
  },
  onetable: {
    fixtures: ["cli/tests/fixtures/crm-onetable.js"],
    entities(file) {
      const { Table } = require("dynamodb-onetable");
      const { DynamoDBClient } = require("@aws-sdk/client-dynamodb");
      const { Schema } = require(resolve(file));
      // Never called: `execute: false` only builds the request.
      const client = new DynamoDBClient({ region: "us-east-1", endpoint: "http://127.0.0.1:9", credentials: { accessKeyId: "x", secretAccessKey: "x" } });
      const table = new Table({ name: "t", client, schema: Schema, partial: false });
      const indexes = Object.values(Schema.indexes).filter((i) => i.type !== "local");
      return Object.entries(Schema.models).map(([name, fields]) => ({
        name,
        keyAttributes: indexes.flatMap((i) => [i.hash, i.sort]).filter((a) => a && a in fields),
        item() {
          const item = {};
          for (const [field, def] of Object.entries(fields)) {
            if (def.value) continue;
            if (def.enum) item[field] = pick(def.enum);
            // Within the narrowest padding in the fixture (`${number:6}`): wider overflows, which keylab refuses.
            else if (def.type === Number) item[field] = whole(1 + whole(5) % 6);
            else if (def.type === Date) item[field] = new Date(Date.UTC(2001 + whole(2) % 60, 0, 1) + whole(10));
            else item[field] = text();
            // A field the schema validates gets a value that passes: its key is the point.
            for (let tries = 0; def.validate instanceof RegExp && !def.validate.test(item[field]); tries++) {
              item[field] = tries < 50 ? text() : String(whole(6));
            }
          }
          return item;
        },
        async keys(item) {
          const cmd = await table.getModel(name).create(item, { execute: false });
          return Object.fromEntries(Object.entries(cmd.Item).map(([a, v]) => [a, v.S ?? v.N]));
        },
      }));
    },
  },
};

const run = (args, input) => spawnSync(cli, args, { input, encoding: "utf8", maxBuffer: 1 << 26 });
const only = process.argv[2];
let failures = 0;
for (const [tool, adapter] of Object.entries(tools).filter(([t]) => !only || t === only)) {
  let compared = 0;
  const before = failures;
  for (const fixture of adapter.fixtures) {
    const imported = run(["import", "--from", tool, fixture]);
    // A part of the file left out (exit 6) is named in a note that says "is left out".
    const leftOut = imported.stderr.split("\n").filter((l) => l.includes(" is left out"));
    if (imported.status !== (leftOut.length > 0 ? 6 : 0)) {
      console.error(`keylab import --from ${tool} ${fixture} failed (exit ${imported.status}):\n${imported.stderr}`);
      process.exit(1);
    }
    const schemaFile = join(mkdtempSync(join(tmpdir(), `keylab-${tool}-`)), "schema.json");
    writeFileSync(schemaFile, imported.stdout);
    const schema = JSON.parse(imported.stdout);
    for (const entity of adapter.entities(fixture)) {
      const design = schema.entities.find((e) => e.name === entity.name);
      if (!design) {
        if (!leftOut.some((l) => l.includes(` ${entity.name} is left out`))) {
          console.error(`${fixture}: keylab dropped ${entity.name} without a word`);
          failures++;
        }
        continue;
      }
      const items = Array.from({ length: PER_ENTITY }, () => entity.item());
      // keylab's values are the item's fields: text to a text field, a Date as ISO text.
      const lines = items.map((item) => {
        const values = {};
        for (const [field, def] of Object.entries(design.fields)) {
          const v = item[field];
          values[field] = v instanceof Date ? v.toISOString() : def.kind === "text" ? String(v) : v;
        }
        return JSON.stringify({ entity: entity.name, values });
      });
      const encoded = run(["encode", "--schema", schemaFile], lines.join("\n") + "\n");
      if (encoded.status !== 0) {
        console.error(`keylab encode failed for ${entity.name}:\n${encoded.stderr.slice(0, 2000)}`);
        process.exit(1);
      }
      const written = encoded.stdout.trim().split("\n").map(JSON.parse);
      for (const [n, item] of items.entries()) {
        const theirs = await entity.keys(item);
        for (const [attribute, key] of Object.entries(written[n])) {
          compared++;
          if (String(theirs[attribute]) !== String(key)) {
            if (++failures - before <= 10)
              console.error(`${tool} ${entity.name} ${JSON.stringify(item)}: ${attribute} keylab ${JSON.stringify(key)}, ${tool} ${JSON.stringify(theirs[attribute])}`);
          }
        }
        for (const attribute of entity.keyAttributes) {
          if (attribute in theirs && !(attribute in written[n]) && !leftOut.some((l) => l.includes(` ${attribute} `))) {
            failures++;
            console.error(`${tool} ${entity.name}: ${attribute} is written by ${tool}, neither by keylab nor named as left out`);
          }
        }
      }
    }
  }
  console.log(`${tool}: ${compared} keys compared, ${failures - before} differ`);
  if (compared === 0) failures++;
}
process.exit(failures === 0 ? 0 : 1);
