-- 备用金设置 "走审批流程": when on, a submitted spend starts the tenant's 备用金审批 process (process key pettyCash)
-- and the process's outcome audits it; when off (the default), the shop's auditor audits it directly.
ALTER TABLE petty_cash_config ADD COLUMN use_process boolean NOT NULL DEFAULT false;
