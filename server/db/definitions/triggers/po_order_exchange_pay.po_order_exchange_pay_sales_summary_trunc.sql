-- From migration 321_sales_exchange.sql.
CREATE OR REPLACE TRIGGER po_order_exchange_pay_sales_summary_trunc AFTER TRUNCATE ON po_order_exchange_pay FOR EACH STATEMENT EXECUTE FUNCTION po_sales_exchange_trigger();
