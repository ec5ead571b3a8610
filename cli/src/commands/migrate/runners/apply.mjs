#!/usr/bin/env node
// Re-keys a DynamoDB table in place with the AWS SDK for JavaScript v3: applies the plan
// that `keylab migrate --emit transactions` wrote, one TransactWriteItems per changed
// item (the item under its new keys, put only where no item is yet, and its old item
// deleted, both or neither; or, when only its index keys change, those attributes
// updated while the item is there).
//
//     node apply.mjs PLAN.jsonl [--endpoint-url URL]     (npm i @aws-sdk/client-dynamodb)
//
// Run it again at will: a change already in the table (its new key holds an item, its
// old key none) is counted, not repeated. A change whose new key holds another item
// waits for a later pass, in case that item moves away in this one; when a pass moves
// nothing, the changes still waiting are listed and it exits 1 (keylab migrate's
// summary names the collisions to resolve first).
import { readFileSync } from "node:fs";
import { DynamoDBClient, GetItemCommand, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";

const args = process.argv.slice(2);
const at = args.indexOf("--endpoint-url");
const endpoint = at >= 0 ? args.splice(at, 2)[1] : undefined;
if (args.length !== 1) {
  console.error("usage: node apply.mjs PLAN.jsonl [--endpoint-url URL]");
  process.exit(2);
}
const client = new DynamoDBClient(endpoint ? { endpoint } : {});
let waiting = readFileSync(args[0], "utf8")
  .split("\n")
  .map((line, i) => [i + 1, line])
  .filter(([, line]) => line.trim())
  .map(([n, line]) => [n, sdkChange(JSON.parse(line))]);

/** A DynamoDB JSON value as the SDK takes it: binary as bytes, not base64. */
function sdkValue(value) {
  const [[tag, inner]] = Object.entries(value);
  if (tag === "B") return { B: Buffer.from(inner, "base64") };
  if (tag === "BS") return { BS: inner.map((b) => Buffer.from(b, "base64")) };
  if (tag === "L") return { L: inner.map(sdkValue) };
  if (tag === "M") return { M: Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, sdkValue(v)])) };
  return value;
}

function sdkChange(change) {
  for (const write of change.TransactItems) {
    for (const op of Object.values(write)) {
      for (const part of ["Item", "Key", "ExpressionAttributeValues"]) {
        if (op[part]) op[part] = Object.fromEntries(Object.entries(op[part]).map(([k, v]) => [k, sdkValue(v)]));
      }
    }
  }
  return change;
}

/** Whether the change is in the table: its new key holds an item, its old key none. */
async function moved(change) {
  const put = change.TransactItems[0].Put;
  const remove = change.TransactItems[1].Delete;
  const newKey = Object.fromEntries(Object.keys(remove.Key).map((a) => [a, put.Item[a]]));
  const held = async (TableName, Key) =>
    (await client.send(new GetItemCommand({ TableName, Key, ConsistentRead: true }))).Item !== undefined;
  return (await held(put.TableName, newKey)) && !(await held(remove.TableName, remove.Key));
}

let applied = 0;
let already = 0;
let gone = 0;
while (waiting.length) {
  const blocked = [];
  for (const [n, change] of waiting) {
    try {
      await client.send(new TransactWriteItemsCommand(change));
      applied++;
    } catch (e) {
      if (e.name !== "TransactionCanceledException" || e.CancellationReasons?.[0]?.Code !== "ConditionalCheckFailed") throw e;
      if (change.TransactItems[0].Update) {
        // Only other keys change, and the item was deleted since the export.
        console.error(`line ${n}: the item is no longer in the table; nothing written`);
        gone++;
      } else if (await moved(change)) already++;
      else blocked.push([n, change]);
    }
  }
  if (blocked.length === waiting.length) {
    for (const [n] of blocked) console.error(`line ${n}: its new key already holds an item (written there since the export, or another item that collides); left as it is`);
    console.error(`applied ${applied} change(s), ${already} already applied; ${blocked.length} left as they are`);
    client.destroy();
    process.exit(1);
  }
  waiting = blocked;
}
console.log(`applied ${applied} change(s), ${already} already applied, ${gone} gone`);
client.destroy();
