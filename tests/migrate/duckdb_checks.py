"""migrate's checks as SQL: runs the SQL `keylab migrate --check-sql` wrote over the
records `keylab migrate --emit checks` wrote, in DuckDB, and prints what it found as
JSON for tests/migrate/run.mjs to hold against migrate's own summary.

    .venv/bin/python tests/migrate/duckdb_checks.py RECORDS.jsonl CHECKS.sql
"""

import json
import sys

import duckdb

COLUMNS = {
    "part": "VARCHAR", "line": "BIGINT", "entity": "VARCHAR",
    "old_pk": "VARCHAR", "old_sk": "VARCHAR", "new_pk": "VARCHAR", "new_sk": "VARCHAR",
    "old_sort": "VARCHAR", "new_sort": "VARCHAR",
}


def main(records, sql_file):
    con = duckdb.connect()
    columns = ", ".join(f"{name}: '{kind}'" for name, kind in COLUMNS.items())
    # A view cannot take a prepared parameter: the path is quoted as a SQL literal.
    path = "'" + records.replace("'", "''") + "'"
    con.execute(
        f"CREATE VIEW migrate_checks AS SELECT * FROM read_json({path}, "
        f"format = 'newline_delimited', columns = {{{columns}}})"
    )
    statements = [s for s in open(sql_file, encoding="utf-8").read().split(";\n") if "SELECT" in s]
    if len(statements) != 2:
        sys.exit(f"{sql_file}: expected the collision and the order statement, found {len(statements)}")
    collisions = con.execute(statements[0]).fetchall()
    swaps = con.execute(statements[1]).fetchall()
    print(json.dumps({
        "collisions": [{"second": r[1], "first": r[3], "key": [r[4], r[5]]} for r in collisions],
        "swaps": [{"earlier": r[1], "later": r[3], "old": [r[5], r[6]], "new": [r[7], r[8]]} for r in swaps],
    }))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
