-- 会员价: a promotion only members get (会员专享). A 特价 marked member-only is the SKU's member price at that shop
-- for that period; the register applies it when a member is entered, and a member-only and an everyone 特价 of
-- one SKU may overlap (the member gets the lower of the two).
ALTER TABLE po_promotion ADD COLUMN member_only boolean NOT NULL DEFAULT false;
