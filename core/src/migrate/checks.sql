-- The checks of `keylab migrate`, as SQL over the records `keylab migrate --emit checks`
-- writes (one JSON line per item), for a table too large to check in one process.
-- The records are read as a table named migrate_checks with the columns
--   part VARCHAR (null for one input file), line BIGINT, entity VARCHAR,
--   old_pk, old_sk, new_pk, new_sk, old_sort, new_sort VARCHAR;
-- *_sort is set only for a Number sort key: its text in byte order (10 after 9).
-- Text compares by its UTF-8 bytes (code points) in DuckDB and Trino, as DynamoDB does.
-- Each statement ends with a semicolon on its own line's end; run them one at a time.

-- 1. New table keys that collide: every item whose new table key an item before it
--    (by part, then line) already has; DynamoDB would keep only the last one written.
SELECT part, line, first_part, first_line, new_pk, new_sk
FROM (
  SELECT part, line, new_pk, new_sk,
    row_number() OVER (PARTITION BY new_pk, new_sk ORDER BY part, line) AS nth,
    first_value(part) OVER (PARTITION BY new_pk, new_sk ORDER BY part, line) AS first_part,
    first_value(line) OVER (PARTITION BY new_pk, new_sk ORDER BY part, line) AS first_line
  FROM migrate_checks
) AS keyed
WHERE nth > 1
ORDER BY part, line;

-- 2. Order changes: neighbours in the old order of one item collection (the items that
--    share their partition key under both designs) that the new sort key puts the other
--    way round; a query reading a range of that collection now meets them reversed.
SELECT part AS earlier_part, line AS earlier, later_part, later,
  old_pk, old_sk, later_old_sk, new_sk, later_new_sk
FROM (
  SELECT part, line, old_pk, old_sk, new_sk,
    coalesce(new_sort, new_sk) AS new_order,
    lead(part) OVER (PARTITION BY old_pk, new_pk ORDER BY coalesce(old_sort, old_sk), part, line) AS later_part,
    lead(line) OVER (PARTITION BY old_pk, new_pk ORDER BY coalesce(old_sort, old_sk), part, line) AS later,
    lead(old_sk) OVER (PARTITION BY old_pk, new_pk ORDER BY coalesce(old_sort, old_sk), part, line) AS later_old_sk,
    lead(new_sk) OVER (PARTITION BY old_pk, new_pk ORDER BY coalesce(old_sort, old_sk), part, line) AS later_new_sk,
    lead(coalesce(new_sort, new_sk)) OVER (PARTITION BY old_pk, new_pk ORDER BY coalesce(old_sort, old_sk), part, line) AS later_new_order
  FROM migrate_checks
  WHERE old_sk IS NOT NULL AND new_sk IS NOT NULL
) AS neighbours
WHERE new_order > later_new_order
ORDER BY earlier_part, earlier;
