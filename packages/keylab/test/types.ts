// Compiled by `tsc --noEmit --strict` in make test: index.d.ts must type what a program
// does with the package, and refuse what it must not do.
import { encodeItem, decodeKey, buildQuery, simulateQuery, renderSnippet, lint, tableDefinitions, KeyCodec, sortKeys } from "keylab";
import type { Schema, Values, Item, Finding, KeylabError } from "keylab";

const schema: Schema = {
  version: 1,
  separator: "#",
  table: { name: "T", attributes: { PK: "S", SK: "S" }, primary: { partition: "PK", sort: "SK" } },
  entities: [{ name: "Run", fields: { score: { kind: "uint", width: 10, order: "desc" }, at: { kind: "timestamp", unit: "iso" } },
    keys: { PK: [{ literal: "RUNS" }], SK: [{ field: "score" }, { field: "at" }] } }],
};
const keys: Record<string, string | number> = encodeItem(schema, "Run", { score: 1500, at: "2024-06-23T00:00:00Z" });
const values: Values = decodeKey(schema, "Run", "SK", String(keys.SK));
const built = buildQuery(schema, { entity: "Run", partition: {}, sort: { range: { field: "score", op: "ge", value: 10 } }, limit: 5 });
const items: Item[] = [{ PK: { S: "RUNS" }, SK: { S: String(keys.SK) } }];
const count: number = simulateQuery(schema, items, built.input).Count;
const top = buildQuery(schema, { entity: "Run", partition: {}, sort: {}, first: 3 });
const promised: number | null = top.maxItems;
// @ts-expect-error: the number of items is a number, not text
buildQuery(schema, { entity: "Run", first: "3" });
const code: string = renderSnippet(schema, { entity: "Run" }, "go", { program: true });
const findings: Finding[] = lint(schema, [{ entity: "Run", values }]);
const severity: "error" | "warning" | undefined = findings[0]?.severity;
const table = tableDefinitions(schema).createTable;
const codec = new KeyCodec(schema, "Run", "SK");
const batch: (string | number | null)[] = codec.encodeAll([values]);
const sorted: string[] = sortKeys(["b", "a"]);
// @ts-expect-error: a target that does not exist
renderSnippet(schema, { entity: "Run" }, "cobol");
// @ts-expect-error: a field kind that does not exist
const bad: Schema = { ...schema, entities: [{ name: "X", fields: { f: { kind: "float" } }, keys: {} }] };
const workbench: Schema = { ...schema, entities: [{ name: "X", fields: { at: { kind: "timestamp", unit: "iso", precision: "second", zone: "none" }, on: { kind: "timestamp", unit: "iso", precision: "date", zone: "+05:30" } }, keys: {} }] };
// @ts-expect-error: a precision that does not exist
const hourly: Schema = { ...schema, entities: [{ name: "X", fields: { at: { kind: "timestamp", unit: "iso", precision: "hour" } }, keys: {} }] };
// @ts-expect-error: a format belongs to an iso timestamp only
const epochZone: Schema = { ...schema, entities: [{ name: "X", fields: { at: { kind: "timestamp", unit: "s", width: 10, zone: "Z" } }, keys: {} }] };
function branch(e: unknown): string {
  const thrown = e as KeylabError;
  const where: string | undefined = thrown.path;
  const rule: string | undefined = thrown.rule;
  return `${thrown.code} ${rule ?? ""} ${where ?? ""} ${thrown.message}`;
}
export { count, code, severity, table, batch, sorted, bad, workbench, hourly, epochZone, branch };
