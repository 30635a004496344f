-- The business time zone is a deployment setting (BUSINESS_TZ, default Asia/Shanghai: server/config.ts), pinned as
-- every session's TimeZone (server/db/index.ts). 318 hard-coded app_business_tz() to 'UTC', so a sale at 10:00 in
-- Beijing was summarised at 02:00 and, before 08:00, on the day before. app_business_tz() is now the session's own
-- TimeZone: the summaries' days and hours, current_date (dbToday) and every time rendered with to_char agree, in the
-- configured zone. (A session outside the server, e.g. psql, that writes orders must SET TimeZone the same way.)
-- From migration 318_sales_summary_one_writer.sql; changed in 324 (this is 324's version).
CREATE OR REPLACE FUNCTION app_business_tz() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT current_setting('TimeZone') $$;
