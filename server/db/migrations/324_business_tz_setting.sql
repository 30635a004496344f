-- The business time zone is a deployment setting (BUSINESS_TZ, default Asia/Shanghai: server/config.ts), pinned as
-- every session's TimeZone (server/db/index.ts). 318 hard-coded app_business_tz() to 'UTC', so a sale at 10:00 in
-- Beijing was summarised at 02:00 and, before 08:00, on the day before. app_business_tz() is now the session's own
-- TimeZone: the summaries' days and hours, current_date (dbToday) and every time rendered with to_char agree, in the
-- configured zone. (A session outside the server, e.g. psql, that writes orders must SET TimeZone the same way.)
CREATE OR REPLACE FUNCTION app_business_tz() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT current_setting('TimeZone') $$;

-- The zone the summaries were last built in (one row). Start-up (alignSalesSummaryZone) compares it with the
-- sessions' zone and, when they differ, calls sales_summary_rebuild() and records the new zone. The summaries
-- written before this migration were built in UTC.
CREATE TABLE sales_summary_zone (
  one  boolean PRIMARY KEY DEFAULT true CHECK (one),
  zone text NOT NULL
);
INSERT INTO sales_summary_zone (zone) VALUES ('UTC');
