-- "contains" filters on 1,000,000 rows: a GIN index of each value's two-character pieces lets
-- ILIKE '%静安%' read only candidate rows instead of every row. Chinese searches are mostly two
-- characters, which a trigram index (pg_trgm) cannot use; this needs no extension on either backend.
-- The query adds text_bigrams(col) @> text_bigrams(typed text) beside the ILIKE, which stays the
-- exact test. lower() matches ILIKE's case folding, so the index never misses a row ILIKE accepts.
CREATE FUNCTION text_bigrams(s text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(s), i, 2)), '{}') FROM generate_series(1, length(s) - 1) i
$$;

-- Under row-level security PostgreSQL uses a condition as an index condition only when its functions
-- are LEAKPROOF (they cannot reveal other tenants' rows through errors); otherwise the tenant check
-- runs first and every search reads the whole table. Neither function raises on any value. Marking
-- them needs a superuser (PGlite always is); without one the index stays unused and searches scan.
DO $$
BEGIN
  IF current_setting('is_superuser') = 'on' THEN
    ALTER FUNCTION text_bigrams(text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.arraycontains(anyarray, anyarray) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: text_bigrams indexes unused under row-level security';
  END IF;
END $$;

CREATE INDEX shop_base_name_bigrams ON shop_base USING gin (text_bigrams(shop_name));
CREATE INDEX shop_base_region_bigrams ON shop_base USING gin (text_bigrams(region_name));
ANALYZE shop_base;
