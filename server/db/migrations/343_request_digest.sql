-- A client uuid names one request: a retry of the same request answers the first result, a different request under
-- a uuid already used is refused (409 naming the uuid) instead of silently answering the first one. Each row keyed by a
-- client uuid keeps the digest of the request that wrote it (server/http/idempotency.ts); rows written before have
-- none and answer a retry as before.
ALTER TABLE po_order ADD COLUMN request_digest text;
ALTER TABLE mb_balance_recharge ADD COLUMN request_digest text;
ALTER TABLE po_order_exchange ADD COLUMN request_digest text;
ALTER TABLE pd_supplier_account_det ADD COLUMN request_digest text;
