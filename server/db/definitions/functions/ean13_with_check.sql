-- EAN-13: 12 digits plus a check digit (weights 1,3 from the left). The 13th digit for 12 digits (demo data and the 1,000,000-row generator build barcodes with it).
-- Plain arithmetic (no subquery) so the planner inlines it into bulk INSERT ... SELECTs.
-- From migration 027_pd_product.sql.
CREATE OR REPLACE FUNCTION ean13_with_check(d text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT d || ((10 - (substr(d, 1, 1)::int + substr(d, 3, 1)::int + substr(d, 5, 1)::int + substr(d, 7, 1)::int + substr(d, 9, 1)::int + substr(d, 11, 1)::int + 3 * (substr(d, 2, 1)::int + substr(d, 4, 1)::int + substr(d, 6, 1)::int + substr(d, 8, 1)::int + substr(d, 10, 1)::int + substr(d, 12, 1)::int)) % 10) % 10)::text
$$;
