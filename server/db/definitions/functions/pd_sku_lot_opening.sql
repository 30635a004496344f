-- A SKU that becomes 批次管理 while it holds stock: what it holds goes into one lot 期初 per warehouse (no dates), so
-- Σ lot on_hand = on_hand from the first moment; the balance rows are locked first, as postStock locks them.
-- Turning 批次管理 off while lots hold stock is refused: the lots would silently stop following the goods.
-- From migration 385_stock_lots.sql.
CREATE OR REPLACE FUNCTION pd_sku_lot_opening() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.lot_managed AND NOT OLD.lot_managed THEN
    PERFORM 1 FROM stock_balance WHERE tenant_id = NEW.tenant_id AND sku_id = NEW.sku_id ORDER BY wh_id FOR UPDATE;
    WITH gap AS (
      SELECT b.wh_id, b.on_hand - coalesce((SELECT sum(l.on_hand) FROM stock_lot_balance l WHERE l.tenant_id = b.tenant_id AND l.wh_id = b.wh_id AND l.sku_id = b.sku_id), 0) AS qty
        FROM stock_balance b WHERE b.tenant_id = NEW.tenant_id AND b.sku_id = NEW.sku_id),
    up AS (
      INSERT INTO stock_lot_balance (tenant_id, wh_id, sku_id, lot_no, on_hand)
      SELECT NEW.tenant_id, wh_id, NEW.sku_id, '期初', qty FROM gap WHERE qty > 0 ORDER BY wh_id
      ON CONFLICT (tenant_id, wh_id, sku_id, lot_no) DO UPDATE SET on_hand = stock_lot_balance.on_hand + EXCLUDED.on_hand, update_time = now()
      RETURNING wh_id, on_hand, production_date, expiry_date)
    INSERT INTO stock_lot_ledger (tenant_id, wh_id, sku_id, lot_no, production_date, expiry_date, doc_type, doc_id, doc_no, qty, on_hand_after)
    SELECT NEW.tenant_id, up.wh_id, NEW.sku_id, '期初', up.production_date, up.expiry_date, 'lotOpening', NEW.sku_id, '期初批次', g.qty, up.on_hand
      FROM up JOIN gap g ON g.wh_id = up.wh_id;
  ELSIF OLD.lot_managed AND NOT NEW.lot_managed
        AND EXISTS (SELECT 1 FROM stock_lot_balance WHERE tenant_id = NEW.tenant_id AND sku_id = NEW.sku_id AND on_hand > 0) THEN
    RAISE EXCEPTION '「%」的批次仍有库存，不能取消批次管理', NEW.sku_name USING ERRCODE = 'WX400';
  END IF;
  RETURN NEW;
END $$;
