-- From migration 027_pd_product.sql.
CREATE OR REPLACE FUNCTION ean13_valid(code text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT code ~ '^[0-9]{13}$' AND ean13_with_check(left(code, 12)) = code
$$;
