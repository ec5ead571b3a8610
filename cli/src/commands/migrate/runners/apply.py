#!/usr/bin/env python3
"""Re-keys a DynamoDB table in place with boto3: applies the plan that `keylab migrate
--emit transactions` wrote, one TransactWriteItems per changed item (the item under its
new keys, put only where no item is yet, and its old item deleted, both or neither; or,
when only its index keys change, those attributes updated while the item is there).

    python3 apply.py PLAN.jsonl [--endpoint-url URL]

Run it again at will: a change already in the table (its new key holds an item, its old
key none) is counted, not repeated. A change whose new key holds another item waits for
a later pass, in case that item moves away in this one; when a pass moves nothing, the
changes still waiting are listed and it exits 1 (keylab migrate's summary names the
collisions to resolve first).
"""

import base64
import json
import sys

import boto3


def main(argv):
    endpoint = None
    if "--endpoint-url" in argv:
        at = argv.index("--endpoint-url")
        endpoint = argv[at + 1]
        del argv[at:at + 2]
    if len(argv) != 1:
        sys.exit(__doc__)
    client = boto3.client("dynamodb", endpoint_url=endpoint)
    with open(argv[0], encoding="utf-8") as plan:
        waiting = [(n, sdk_change(json.loads(line))) for n, line in enumerate(plan, 1) if line.strip()]
    applied = already = gone = 0
    while waiting:
        blocked = []
        for n, change in waiting:
            try:
                client.transact_write_items(**change)
                applied += 1
            except client.exceptions.TransactionCanceledException as e:
                codes = [r.get("Code") for r in e.response.get("CancellationReasons", [])]
                if codes[:1] != ["ConditionalCheckFailed"]:
                    raise
                if "Update" in change["TransactItems"][0]:
                    # Only other keys change, and the item was deleted since the export.
                    print(f"line {n}: the item is no longer in the table; nothing written", file=sys.stderr)
                    gone += 1
                elif moved(client, change):
                    already += 1
                else:
                    blocked.append((n, change))
        if len(blocked) == len(waiting):
            for n, _ in blocked:
                print(f"line {n}: its new key already holds an item (written there since the export, or another item that collides); left as it is",
                      file=sys.stderr)
            print(f"applied {applied} change(s), {already} already applied; {len(blocked)} left as they are",
                  file=sys.stderr)
            return 1
        waiting = blocked
    print(f"applied {applied} change(s), {already} already applied, {gone} gone")
    return 0


def sdk_value(value):
    """A DynamoDB JSON value as boto3's client takes it: binary as bytes, not base64."""
    (tag, inner), = value.items()
    if tag == "B":
        return {"B": base64.b64decode(inner)}
    if tag == "BS":
        return {"BS": [base64.b64decode(b) for b in inner]}
    if tag == "L":
        return {"L": [sdk_value(v) for v in inner]}
    if tag == "M":
        return {"M": {k: sdk_value(v) for k, v in inner.items()}}
    return value


def sdk_change(change):
    for write in change["TransactItems"]:
        for op in write.values():
            for part in ("Item", "Key", "ExpressionAttributeValues"):
                if part in op:
                    op[part] = {k: sdk_value(v) for k, v in op[part].items()}
    return change


def moved(client, change):
    """Whether the change is in the table: its new key holds an item, its old key none."""
    put, delete = change["TransactItems"][0]["Put"], change["TransactItems"][1]["Delete"]
    new_key = {a: put["Item"][a] for a in delete["Key"]}

    def held(table, key):
        return "Item" in client.get_item(TableName=table, Key=key, ConsistentRead=True)

    return held(put["TableName"], new_key) and not held(delete["TableName"], delete["Key"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
