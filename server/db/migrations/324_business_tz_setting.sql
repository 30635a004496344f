-- The business time zone becomes a deployment setting (BUSINESS_TZ): app_business_tz() is now the session's own
-- TimeZone, no longer 318's 'UTC' (server/db/definitions/functions/app_business_tz.sql).

-- The zone the summaries were last built in (one row). Start-up (alignSalesSummaryZone) compares it with the
-- sessions' zone and, when they differ, calls sales_summary_rebuild() and records the new zone. The summaries
-- written before this migration were built in UTC.
CREATE TABLE sales_summary_zone (
  one  boolean PRIMARY KEY DEFAULT true CHECK (one),
  zone text NOT NULL
);
INSERT INTO sales_summary_zone (zone) VALUES ('UTC');
