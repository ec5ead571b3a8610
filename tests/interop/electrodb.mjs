// The library run for ElectroDB (issue 24): keylab reads the entities of a fixture file
// (`keylab import --from electrodb`), and for hundreds of random items the keys keylab
// writes (`keylab encode`) must equal, byte for byte, the keys electrodb's own parameter
// builder (`entity.put(item).params()`) writes. Every key attribute keylab kept is
// compared; one it left out must be named in its notes.
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const cli = process.env.KEYLAB_CLI || "target/debug/keylab";
const fixtures = ["cli/tests/fixtures/shop-electrodb.js", "cli/tests/fixtures/arcade-electrodb.js"];
const PER_ENTITY = 300;

// A small seeded generator, so a failure can be run again.
let seed = Number(process.env.SEED || 24);
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (xs) => xs[Math.floor(random() * xs.length)];
const ALPHABET = [..."abcXYZ019-_. éÉßİ€😀"];
const text = () => Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick(ALPHABET)).join("");

function value(attribute, kind) {
  if (Array.isArray(attribute.type)) return pick(attribute.type);
  if (attribute.type === "number") {
    const width = attribute.padding ? attribute.padding.length : 6;
    return Math.floor(random() * 10 ** Math.min(width, 15));
  }
  if (attribute.type === "boolean") return random() < 0.5;
  return text();
}

let compared = 0;
let failures = 0;
for (const fixture of fixtures) {
  const dir = mkdtempSync(join(tmpdir(), "keylab-electrodb-"));
  const schemaFile = join(dir, "schema.json");
  const run = (args, input) =>
    execFileSync(cli, args, { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
  const imported = spawnSync(cli, ["import", "--from", "electrodb", fixture], { encoding: "utf8" });
  if (imported.status !== 0) {
    console.error(`keylab import --from electrodb ${fixture} failed:\n${imported.stderr}`);
    process.exit(1);
  }
  writeFileSync(schemaFile, imported.stdout);
  const notes = imported.stderr;
  const schema = JSON.parse(require("node:fs").readFileSync(schemaFile, "utf8"));
  const entities = Object.values(require(join(process.cwd(), fixture)));
  for (const entity of entities) {
    const name = entity.schema.model.entity;
    const design = schema.entities.find((e) => e.name === name);
    if (!design) {
      console.error(`${fixture}: keylab left out the entity ${name}`);
      failures++;
      continue;
    }
    const items = [];
    for (let n = 0; n < PER_ENTITY; n++) {
      const item = {};
      for (const [attr, def] of Object.entries(entity.schema.attributes)) item[attr] = value(def);
      items.push(item);
    }
    // keylab's values are the item's fields; a number without padding is text to keylab.
    const lines = items.map((item) => {
      const values = {};
      for (const [field, def] of Object.entries(design.fields)) {
        const v = item[field];
        values[field] = def.kind === "text" ? String(v) : v;
      }
      return JSON.stringify({ entity: name, values });
    });
    const written = run(["encode", "--schema", schemaFile], lines.join("\n") + "\n").trim().split("\n").map(JSON.parse);
    items.forEach((item, n) => {
      const params = entity.put(item).params();
      for (const [attribute, key] of Object.entries(written[n])) {
        compared++;
        // A Number key is the number's text in keylab's output.
        const theirs = schema.table.attributes[attribute] === "N" ? String(params.Item[attribute]) : params.Item[attribute];
        if (theirs !== key) {
          failures++;
          if (failures <= 10)
            console.error(`${name} ${JSON.stringify(item)}: ${attribute} keylab ${JSON.stringify(key)}, electrodb ${JSON.stringify(params.Item[attribute])}`);
        }
      }
      // A key electrodb writes that keylab does not must be one keylab said it left out.
      for (const index of Object.values(entity.schema.indexes)) {
        for (const k of [index.pk, index.sk].filter(Boolean)) {
          if (k.field && !(k.field in written[n]) && !notes.includes(`${k.field} is left out`)) {
            failures++;
            console.error(`${name}: ${k.field} is written by electrodb, neither by keylab nor named as left out`);
          }
        }
      }
    });
  }
}
console.log(`electrodb: ${compared} keys compared, ${failures} differ`);
process.exit(failures === 0 && compared > 0 ? 0 : 1);
