"""Multi-attribute GSI keys against a real engine: moto (in-process, pinned in the test
venv) implements them. Every case of core/examples/multi_attribute_cases.rs, built by
keylab's builder or pasted and read by its parser, is sent to moto page by page
(following LastEvaluatedKey), and each page's items, their order and where the pages
break must equal what keylab's evaluator returned (simulateQuery's own engine)."""

import json
import os
import subprocess
import sys

import boto3
from moto import mock_aws

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    emitted = json.loads(subprocess.run(
        ["cargo", "run", "--quiet", "-p", "keylab", "--example", "multi_attribute_cases"],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    passed = failed = compared = 0
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1",
                              aws_access_key_id="keylab", aws_secret_access_key="keylab")
        client.create_table(**emitted["create"])
        client.get_waiter("table_exists").wait(
            TableName=emitted["create"]["TableName"], WaiterConfig={"Delay": 1, "MaxAttempts": 30})
        for start in range(0, len(emitted["items"]), 25):
            chunk = emitted["items"][start:start + 25]
            client.batch_write_item(RequestItems={"Shop": [{"PutRequest": {"Item": i}} for i in chunk]})
        for n, case in enumerate(emitted["cases"]):
            params = dict(case["input"])
            got = []
            for _ in range(1000):
                page = client.query(**params)
                got.append({"items": page["Items"], "more": "LastEvaluatedKey" in page})
                if "LastEvaluatedKey" not in page:
                    break
                params["ExclusiveStartKey"] = page["LastEvaluatedKey"]
            # Each page's items, in order. Not the LastEvaluatedKey of a page that ends
            # exactly at the last item: DynamoDB (and dynalite, and keylab) still give
            # one, announcing an empty page; moto gives none. That empty page is dropped.
            trim = lambda pages: [p["items"] for p in pages][:-1] if pages and not pages[-1]["items"] else [p["items"] for p in pages]
            want = trim(case["pages"])
            got = trim(got)
            compared += sum(len(p) for p in want)
            if got == want:
                passed += 1
            else:
                failed += 1
                ids = lambda pages: [[i["SK"]["S"] for i in p] for p in pages]
                print(f"FAIL case {n} ({case['how']}): {json.dumps(case['input'])}\n  keylab {ids(want)}\n  moto   {ids(got)}",
                      file=sys.stderr)
    returning = sum(1 for c in emitted["cases"] if any(p["items"] for p in c["pages"]))
    if returning < len(emitted["cases"]) - 1:
        failed += 1
        print(f"FAIL corpus: only {returning} of {len(emitted['cases'])} cases return items", file=sys.stderr)
    print(f"multi-attribute on moto: {len(emitted['cases'])} queries, {compared} items compared page by page")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
