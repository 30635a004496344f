-- The petty-cash ledger shows each row's shop by name (备用金流水 lists several shops' rows at once). The ledger is
-- insert-only, so the name is the shop's name when the row was written, copied by a trigger.
ALTER TABLE petty_cash_ledger ADD COLUMN shop_name varchar(24);
-- (The rows already there got their shop's name here, once, with the ledger's insert-only trigger switched off
-- meanwhile; a new database has none, nor that trigger yet: the definitions come after the migrations.)

-- Now in server/db/definitions/: petty_cash_ledger_shop_name.

