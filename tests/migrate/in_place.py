"""The in-place plan, applied for real: `keylab migrate --emit transactions` and each
runner it writes (--program, --sdk boto3-client, js-client, rust and go) re-key a table served by
moto on 127.0.0.1 (dynalite has no TransactWriteItems). Called by tests/migrate/run.mjs
with the files it made:

    .venv/bin/python tests/migrate/in_place.py WORK OLD.json NEW.json EXPORT.jsonl ITEMS.jsonl

After each runner the table must hold exactly the items `--emit items` wrote, and every
access pattern run.mjs saved (pattern-N.json, with keylab's evaluator's answer in
pattern-N.expected.jsonl) must return that answer, page after page. A second run must find
every move done (and put again the items whose table key stays); a plan whose moves collide must stop, say
which, and lose no item.
"""

import base64
import importlib.util
import json
import logging
import os
import socket
import subprocess
import sys

import boto3
from moto.server import ThreadedMotoServer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = os.environ.get("KEYLAB_CLI", os.path.join(ROOT, "target", "debug", "keylab"))
CREDENTIALS = {"AWS_ACCESS_KEY_ID": "keylab", "AWS_SECRET_ACCESS_KEY": "keylab",
               "AWS_DEFAULT_REGION": "us-east-1", "AWS_REGION": "us-east-1"}
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def keylab(args, stdin, allowed=(0,)):
    r = subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True)
    if r.returncode not in allowed:
        raise SystemExit(f"keylab {' '.join(args)} exited {r.returncode}:\n{r.stderr}")
    return r


def create_table(client, design, name):
    table = design["table"]
    schema = lambda p, s: [{"AttributeName": p, "KeyType": "HASH"}] + (
        [{"AttributeName": s, "KeyType": "RANGE"}] if s else [])
    indexes = [{"IndexName": i["name"], "KeySchema": schema(i["partition"], i.get("sort")),
                "Projection": {"ProjectionType": "ALL"}} for i in table.get("indexes", [])]
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": a, "AttributeType": t} for a, t in table["attributes"].items()],
        KeySchema=schema(table["primary"]["partition"], table["primary"].get("sort")),
        **({"GlobalSecondaryIndexes": indexes} if indexes else {}))
    # Writes wait for ACTIVE: an engine may answer CreateTable with CREATING.
    client.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 30})


def runner_module():
    """The Python runner itself, as a module: the test loads items the way it writes them."""
    spec = importlib.util.spec_from_file_location(
        "apply", os.path.join(ROOT, "cli", "src", "commands", "migrate", "runners", "apply.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sdk_value = runner_module().sdk_value


def load(client, name, export_lines):
    items = [json.loads(l) for l in export_lines if l.strip()]
    items = [{k: sdk_value(v) for k, v in (i.get("Item", i) if len(i) == 1 else i).items()} for i in items]
    for start in range(0, len(items), 25):
        client.batch_write_item(RequestItems={name: [{"PutRequest": {"Item": i}} for i in items[start:start + 25]]})


def canon(item):
    """An item as text both sides agree on: boto3 gives binary as bytes (the plan as
    base64), and a set's members in no order."""
    def value(v):
        (tag, inner), = v.items()
        if tag in ("B", "BS"):
            as_text = lambda b: b if isinstance(b, str) else base64.b64encode(bytes(b)).decode()
            return {tag: as_text(inner) if tag == "B" else sorted(as_text(b) for b in inner)}
        if tag in ("SS", "NS"):
            return {tag: sorted(inner)}
        if tag == "L":
            return {"L": [value(x) for x in inner]}
        if tag == "M":
            return {"M": {k: value(x) for k, x in inner.items()}}
        return v
    return json.dumps({k: value(v) for k, v in item.items()}, sort_keys=True, ensure_ascii=False)


def scan(client, name):
    out, start = [], {}
    while True:
        page = client.scan(TableName=name, ConsistentRead=True, **start)
        out += page["Items"]
        if "LastEvaluatedKey" not in page:
            return sorted(canon(i) for i in out)
        start = {"ExclusiveStartKey": page["LastEvaluatedKey"]}


def rust_binary(program):
    """The Rust runner built as its header says: a crate of its own with the snippet
    runner's pinned SDK (tests/snippets/rust-runner), sharing that crate's target folder
    so the SDK, built for the snippets, is not built again."""
    crate = os.path.join(ROOT, "target", "migrate-rust-runner")
    os.makedirs(os.path.join(crate, "src"), exist_ok=True)
    pinned = os.path.join(ROOT, "tests", "snippets", "rust-runner")
    with open(os.path.join(pinned, "Cargo.toml"), encoding="utf-8") as f:
        manifest = f.read().replace('name = "keylab-snippet-runner"', 'name = "keylab-migrate-runner"')
    with open(os.path.join(crate, "Cargo.toml"), "w", encoding="utf-8") as f:
        f.write(manifest)
    with open(os.path.join(pinned, "Cargo.lock"), encoding="utf-8") as f:
        lock = f.read().replace('name = "keylab-snippet-runner"', 'name = "keylab-migrate-runner"')
    with open(os.path.join(crate, "Cargo.lock"), "w", encoding="utf-8") as f:
        f.write(lock)
    with open(program, encoding="utf-8") as f, open(os.path.join(crate, "src", "main.rs"), "w", encoding="utf-8") as g:
        g.write(f.read())
    target = os.path.join(ROOT, "target", "snippet-runner")
    subprocess.run(["cargo", "build", "--quiet", "--locked", "--manifest-path", os.path.join(crate, "Cargo.toml")],
                   check=True, env={**os.environ, "CARGO_TARGET_DIR": target})
    return os.path.join(target, "debug", "keylab-migrate-runner")


def go_binary(program):
    """The Go runner compiled against the AWS SDK for Go v2 that Debian packages
    (golang-github-aws-aws-sdk-go-v2-dev, installed by scripts/bootstrap.sh): Go
    modules cannot be fetched here, so it builds in GOPATH mode from Debian's sources."""
    out = os.path.join(ROOT, "target", "migrate-go", "apply")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    env = {**os.environ, "GO111MODULE": "off", "GOPATH": "/usr/share/gocode"}
    subprocess.run(["go", "vet", program], check=True, env=env)
    subprocess.run(["go", "build", "-o", out, program], check=True, env=env)
    return out


def run_runner(sdk, program, plan, endpoint):
    build = {"boto3-client": lambda: [sys.executable, program], "js-client": lambda: ["node", program],
             "rust": lambda: [rust_binary(program)], "go": lambda: [go_binary(program)]}
    command = build[sdk]()
    command += [plan, "--endpoint-url", endpoint]
    return subprocess.run(command, capture_output=True, text=True, env={**os.environ, **CREDENTIALS}, cwd=ROOT)


def main(work, old_path, new_path, export_path, items_path):
    with open(old_path) as f:
        old = json.load(f)
    with open(new_path) as f:
        new = json.load(f)
    export = open(export_path, encoding="utf-8").read().splitlines()
    wanted = sorted(canon(json.loads(l)["Item"]) for l in open(items_path, encoding="utf-8") if l.strip())
    patterns = sorted(f for f in os.listdir(work) if f.startswith("pattern-") and f.endswith(".json")
                      and not f.endswith(".expected.json"))
    check(len(patterns) > 0, "run.mjs saved no access pattern")

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    endpoint = f"http://127.0.0.1:{port}"
    try:
        client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                              aws_access_key_id="keylab", aws_secret_access_key="keylab")
        for sdk, ext in (("boto3-client", "py"), ("js-client", "mjs"), ("rust", "rs"), ("go", "go")):
            name = "InPlace_" + sdk.replace("-", "_")
            # The new design's indexes exist before the backfill, as the summary asks.
            create_table(client, new, name)
            load(client, name, export)
            program = os.path.join(work, f"apply-{sdk}.{ext}")
            plan = keylab(["migrate", "--from", old_path, "--to", new_path, "--emit", "transactions",
                           "--table", name, "--program", program, "--sdk", sdk], "\n".join(export)).stdout
            plan_path = os.path.join(work, f"plan-{sdk}.jsonl")
            with open(plan_path, "w", encoding="utf-8") as f:
                f.write(plan)
            changes = len(plan.splitlines())
            # A change that keeps the table key is an update of its other keys: a second
            # run writes them again (the same values); a move is found done, not repeated.
            moves = sum(len(json.loads(l)["TransactItems"]) == 2 for l in plan.splitlines())
            first = run_runner(sdk, program, plan_path, endpoint)
            check(first.returncode == 0 and f"applied {changes} change(s), 0 already applied, 0 gone" in first.stdout,
                  f"{sdk}: first run: {first.returncode} {first.stdout} {first.stderr[-600:]}")
            check(scan(client, name) == wanted, f"{sdk}: the table re-keyed in place is not the --emit items output")
            again = run_runner(sdk, program, plan_path, endpoint)
            check(moves > 0 and again.returncode == 0
                  and f"applied {changes - moves} change(s), {moves} already applied" in again.stdout,
                  f"{sdk}: second run: {again.returncode} {again.stdout} {again.stderr[-600:]}")
            for p in patterns:
                with open(os.path.join(work, p)) as f:
                    query = {**json.load(f), "TableName": name}
                expected = [canon(json.loads(l)) for l in open(os.path.join(work, p[:-5] + ".expected.jsonl"),
                                                                encoding="utf-8") if l.strip()]
                got, start = [], {}
                while True:
                    page = client.query(**query, **start)
                    got += [canon(i) for i in page["Items"]]
                    if "LastEvaluatedKey" not in page:
                        break
                    start = {"ExclusiveStartKey": page["LastEvaluatedKey"]}
                check(got == expected, f"{sdk}: {p}: moto returned {len(got)} items, keylab {len(expected)}, or another order")
            if not failures:
                print(f"in place with {sdk}: {changes} change(s) applied through moto, the table equals --emit items, "
                      f"a second run found all {moves} moves done, {len(patterns)} access patterns equal keylab's evaluator")

        # Two users that collide once lower-cased: the second move must wait, then stop
        # the run with its line, and no item may be lost.
        twins = [l for l in export if '"USER#' in l][:1]
        if twins:
            twin = json.loads(twins[0])
            item = twin.get("Item", twin)
            user = item["SK"]["S"][len("USER#"):]
            clone = json.loads(json.dumps(item))
            swapped = user.swapcase() if user.swapcase() != user else user + "X"
            clone["SK"]["S"] = "USER#" + swapped
            clone["GSI1PK"]["S"] = "USER#" + swapped
            # And a user whose key stays (only its new index keys are written), deleted
            # from the table after the export: its update must not bring it back.
            users = [json.loads(l)["Item"] for l in export if '"USER#' in l]
            kept = next(u for u in users if u["SK"]["S"][len("USER#"):] == u["SK"]["S"][len("USER#"):].lower())
            name = "InPlace_collision"
            create_table(client, new, name)
            load(client, name, [json.dumps({"Item": item}), json.dumps({"Item": clone})])
            lines = "\n".join([json.dumps({"Item": item}), json.dumps({"Item": clone}), json.dumps({"Item": kept})])
            program = os.path.join(work, "apply-collision.py")
            plan_path = os.path.join(work, "plan-collision.jsonl")
            plan = keylab(["migrate", "--from", old_path, "--to", new_path, "--emit", "transactions", "--table", name,
                           "--program", program, "--sdk", "boto3-client"], lines, allowed=(0, 5))
            with open(plan_path, "w", encoding="utf-8") as f:
                f.write(plan.stdout)
            check("Resolve the 1 collision(s)" in plan.stderr, f"collision: the summary says {plan.stderr}")
            run = run_runner("boto3-client", program, plan_path, endpoint)
            check(run.returncode == 1 and "line 2: its new key already holds an item" in run.stderr
                  and "line 3: the item is no longer in the table; nothing written" in run.stderr,
                  f"collision: {run.returncode} {run.stdout} {run.stderr[-600:]}")
            check(len(scan(client, name)) == 2, "collision: an item was lost, or the deleted one came back")
            print("in place, a collision: the second move waited, was reported by its line, and no item was lost; "
                  "an update of an item deleted since the export wrote nothing")
    finally:
        server.stop()
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
