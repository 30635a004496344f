-- 领券明细 shows how each coupon reached its member: 1 按手机号发放, 2 表格批量发放, 3 运营计划, 4 收银台.
-- Coupons given before this are all by phone (the only way there was, besides the sheet, which did not record itself).
ALTER TABLE mb_member_coupon ADD COLUMN give_way smallint NOT NULL DEFAULT 1 CHECK (give_way IN (1, 2, 3, 4));
