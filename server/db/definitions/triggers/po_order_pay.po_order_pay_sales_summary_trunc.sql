-- From migration 318_sales_summary_one_writer.sql.
CREATE OR REPLACE TRIGGER po_order_pay_sales_summary_trunc AFTER TRUNCATE ON po_order_pay FOR EACH STATEMENT EXECUTE FUNCTION po_sales_summary_trigger();
