-- A deleted order leaves before the delete, while its lines and payments are still there.
-- From migration 318_sales_summary_one_writer.sql.
CREATE OR REPLACE TRIGGER po_order_sales_summary_del BEFORE DELETE ON po_order FOR EACH ROW EXECUTE FUNCTION po_sales_summary_trigger();
