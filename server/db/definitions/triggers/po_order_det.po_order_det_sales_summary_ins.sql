-- From migration 318_sales_summary_one_writer.sql.
CREATE OR REPLACE TRIGGER po_order_det_sales_summary_ins AFTER INSERT ON po_order_det REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_summary_trigger();
