-- A stock document's warehouse: it exists and is enabled, and its name is copied onto the document so lists show
-- it without a join. For documents whose header has wh_id and wh_name (报损单, migration 371); a refusal is the 400.
CREATE OR REPLACE FUNCTION wh_doc_warehouse_name() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE st smallint;
BEGIN
  SELECT w.wh_name, w.status INTO NEW.wh_name, st FROM wh_base_info w WHERE w.wh_id = NEW.wh_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION '仓库不存在' USING ERRCODE = 'WX400';
  END IF;
  IF st <> 1 THEN
    RAISE EXCEPTION '仓库已停用，不能使用' USING ERRCODE = 'WX400';
  END IF;
  RETURN NEW;
END $$;
