-- From migration 236_member_coupons.sql.
CREATE OR REPLACE TRIGGER mb_coupon_shop_name BEFORE INSERT OR UPDATE ON mb_coupon FOR EACH ROW EXECUTE FUNCTION mb_coupon_shop_name();
