-- "contains" filters on 1,000,000 rows: a GIN index of each value's two-character pieces lets
-- ILIKE '%静安%' read only candidate rows instead of every row. Chinese searches are mostly two
-- characters, which a trigram index (pg_trgm) cannot use; this needs no extension on either backend.
-- A filter declared with index "bigram" adds <column>_bigrams @> text_bigrams(typed text) beside the
-- ILIKE, which stays the exact test. lower() matches ILIKE's case folding, so no row ILIKE accepts is
-- missed. The pieces are a stored column, not an index expression: when the planner walks an ordered
-- index instead (a common text like 华东 on a sorted page), checking a stored array costs nothing,
-- where computing the pieces of every row read doubled the time.
CREATE FUNCTION text_bigrams(s text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(s), i, 2)), '{}') FROM generate_series(1, length(s) - 1) i
$$;

-- Under row-level security PostgreSQL uses a condition as an index condition only when its function
-- is LEAKPROOF (it cannot reveal other tenants' rows through an error); otherwise the tenant check
-- runs first and every search reads the whole table. Array containment raises on no value. Marking
-- it needs a superuser (PGlite always is); without one the index stays unused and searches scan.
DO $$
BEGIN
  IF current_setting('is_superuser') = 'on' THEN
    ALTER FUNCTION pg_catalog.arraycontains(anyarray, anyarray) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: bigram indexes unused under row-level security';
  END IF;
END $$;

ALTER TABLE shop_base
  ADD COLUMN shop_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(shop_name)) STORED,
  ADD COLUMN region_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(region_name)) STORED;
CREATE INDEX shop_base_name_bigrams ON shop_base USING gin (shop_name_bigrams);
CREATE INDEX shop_base_region_bigrams ON shop_base USING gin (region_name_bigrams);
ANALYZE shop_base;
