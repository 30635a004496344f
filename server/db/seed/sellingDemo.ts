import type { AuthContext } from '../../context.ts';
import type { Database } from '../index.ts';
import { recharge } from '../../domains/members/index.ts';
import { giveCoupons } from '../../domains/members/index.ts';
import { executePlan } from '../../domains/members/index.ts';
import { shopOf } from '../../domains/sales/index.ts';
import { issueVouchers, writeOffVoucher } from '../../domains/sales/index.ts';

/**
 * 会员余额 demo: two running recharge activities (this year) and recharges of 13800000001 and 13800000003 at the
 * first shop, made through the real recharge (ledger rows, gifts), with fixed uuids so seeding again adds nothing.
 */
export async function seedSellingDemo(db: Database, tenantId: number): Promise<void> {
  const found = await db.tenant(tenantId, async (tx) => {
    await tx.query(
      `INSERT INTO mb_recharge_rule (tenant_id, rule_name, recharge_amount, gift_amount, begin_date, end_date, create_user_name, remark)
       SELECT $1, n, a, g, date_trunc('year', current_date)::date, (date_trunc('year', current_date) + interval '1 year - 1 day')::date, '系统', '演示充值活动'
         FROM (VALUES ('充100送10', 100, 10), ('充300送50', 300, 50)) AS v(n, a, g)
        WHERE NOT EXISTS (SELECT 1 FROM mb_recharge_rule)`,
      [tenantId],
    );
    const shop = (await tx.query<{ shop_id: number }>(
      `SELECT w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id LIMIT 1`,
    )).rows[0];
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const members = (await tx.query<{ member_id: number; phone_number: string }>(
      `SELECT member_id, phone_number FROM mb_base_info WHERE phone_number IN ('13800000001', '13800000003') AND NOT is_practice ORDER BY phone_number`,
    )).rows;
    return shop && admin ? { shop, admin, members } : null;
  });
  if (!found) return;
  const auth: AuthContext = { tenantId, userId: found.admin.id, userName: found.admin.user_name, displayName: found.admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
  for (const [i, m] of found.members.entries()) {
    const uuid = `00000000-0000-4000-9000-${String(tenantId).padStart(6, '0')}${String(i).padStart(6, '0')}`;
    await recharge(db, auth, { uuid, shopId: found.shop.shop_id, memberId: m.member_id, payType: i === 0 ? 3 : 1, amount: i === 0 ? 300 : 100, remark: '演示充值' }, (tx) => shopOf(tx, auth, found.shop.shop_id));
  }
}

/**
 * 平台券 demo: vouchers given with six recent orders of the first shop (美团 and 抖音 group-buy vouchers, the shop's
 * own gift voucher), two of them already written off, one expired; only once (nothing added when any exists).
 */
export async function seedVoucherDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM po_voucher LIMIT 1`)).rowCount) return;
    const orders = (await tx.query<{ order_id: number }>(
      `SELECT order_id FROM po_order WHERE NOT is_practice AND status = 1 ORDER BY create_time DESC, order_id DESC LIMIT 6`,
    )).rows;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    if (!orders.length || !admin) return;
    const kinds = [
      { voucherName: '美团 50元代金券', platformType: 1, faceAmount: 50 },
      { voucherName: '抖音 30元团购券', platformType: 2, faceAmount: 30 },
      { voucherName: '本店 10元满减券', platformType: 4, faceAmount: 10 },
    ];
    const validEnd = (await tx.query<{ d: string }>(`SELECT to_char(current_date + 30, 'YYYY-MM-DD') AS d`)).rows[0].d;
    const expired = (await tx.query<{ d: string }>(`SELECT to_char(current_date - 1, 'YYYY-MM-DD') AS d`)).rows[0].d;
    for (const [i, o] of orders.entries()) {
      const k = kinds[i % kinds.length];
      await issueVouchers(tx, o.order_id, [{ ...k, voucherCode: `V${tenantId}${String(o.order_id).padStart(6, '0')}${i}`, validEnd: i === 5 ? expired : validEnd }]);
    }
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const first = (await tx.query<{ voucher_id: number }>(`SELECT voucher_id FROM po_voucher ORDER BY voucher_id LIMIT 2`)).rows;
    for (const v of first) await writeOffVoucher(tx, auth, { voucherId: v.voucher_id });
  });
}

/** 会员收货地址 demo: two addresses of 13800000001 (one default) and one of 13800000003; only once. */
export async function seedAddressDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, (tx) =>
    tx.query(
      `INSERT INTO mb_member_address (tenant_id, member_id, receiver_name, receiver_phone, region, address, is_default)
       SELECT $1, m.member_id, coalesce(m.member_name, '会员'), m.phone_number, v.region, v.address, v.is_default
         FROM mb_base_info m JOIN (VALUES ('13800000001', '上海市 徐汇区', '漕溪北路 88 号 3 栋 1202 室', true),
                                          ('13800000001', '上海市 浦东新区', '张江路 500 号（公司前台代收）', false),
                                          ('13800000003', '杭州市 西湖区', '文三路 120 号 5 单元 301', true)) AS v(phone, region, address, is_default) ON v.phone = m.phone_number
        WHERE NOT m.is_practice AND NOT EXISTS (SELECT 1 FROM mb_member_address)`,
      [tenantId],
    ),
  );
}

/**
 * 优惠券 demo: three coupon definitions running this year (满50减5 and 满100减15 电子券 for every shop, a 10元 纸质券
 * of the first shop) and two of each given to 13800000002, 13800000004 and 13800000006 through the real 发券 (codes,
 * 发放 rows), so 优惠券, 发券记录 and 优惠券流水 show something and the register offers them; only once.
 */
export async function seedCouponDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM mb_coupon LIMIT 1`)).rowCount) return;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const shop = (await tx.query<{ shop_id: number }>(`SELECT min(shop_id) AS shop_id FROM shop_base WHERE status = 1`)).rows[0];
    const phones = (await tx.query<{ phone_number: string }>(
      `SELECT phone_number FROM mb_base_info WHERE phone_number IN ('13800000002', '13800000004', '13800000006') AND NOT is_practice AND status = 1 ORDER BY phone_number`,
    )).rows.map((r) => r.phone_number);
    if (!admin || !shop?.shop_id) return;
    const defs = (await tx.query<{ coupon_id: number }>(
      `INSERT INTO mb_coupon (tenant_id, coupon_name, coupon_kind, face_amount, threshold_amount, begin_date, end_date, shop_id, create_user_name, remark)
       SELECT app_current_tenant(), n, k, f, t, date_trunc('year', current_date)::date, (date_trunc('year', current_date) + interval '1 year - 1 day')::date, sh, $2, r
         FROM (VALUES ('满50减5', 1, 5, 50, NULL::int, '新会员礼'), ('满100减15', 1, 15, 100, NULL::int, '会员日'), ('10元纸质券', 2, 10, 0, $1::int, '门店活动派发')) AS v(n, k, f, t, sh, r)
       RETURNING coupon_id`,
      [shop.shop_id, admin.name],
    )).rows;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    for (const phone of phones) for (const d of defs) await giveCoupons(tx, auth, phone, d.coupon_id, 2);
  });
}

/**
 * 会员运营计划 demo: 「近30天消费会员回馈」 (a 回馈券 满80减8 of its own, one each to the members who bought in the last
 * 30 days) run through the real 执行, and a draft 「沉睡会员唤醒」 (满100减15 to members with no purchase in 90 days);
 * only once. The plan's coupon is its own, so the 优惠券 demo's counts stay as they were.
 */
export async function seedOperationPlanDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM mb_operation_plan LIMIT 1`)).rowCount) return;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const sleepy = (await tx.query<{ coupon_id: number }>(`SELECT coupon_id FROM mb_coupon WHERE coupon_name = '满100减15' AND status = 1 AND end_date >= current_date ORDER BY coupon_id LIMIT 1`)).rows[0];
    if (!admin || !sleepy) return;
    const thanks = (await tx.query<{ coupon_id: number }>(
      `INSERT INTO mb_coupon (tenant_id, coupon_name, coupon_kind, face_amount, threshold_amount, begin_date, end_date, create_user_name, remark)
       VALUES (app_current_tenant(), '回馈券', 1, 8, 80, date_trunc('year', current_date)::date, (date_trunc('year', current_date) + interval '1 year - 1 day')::date, $1, '运营计划发放')
       RETURNING coupon_id`,
      [admin.name],
    )).rows[0];
    const plans = (await tx.query<{ plan_id: number }>(
      `INSERT INTO mb_operation_plan (tenant_id, plan_name, segment, days, coupon_id, coupon_per_member, create_user_id, create_user_name, remark)
       VALUES (app_current_tenant(), '近30天消费会员回馈', 2, 30, $3, 1, $1, $2, '感谢老顾客'),
              (app_current_tenant(), '沉睡会员唤醒', 3, 90, $4, 1, $1, $2, '90天未到店的会员')
       RETURNING plan_id`,
      [admin.id, admin.name, thanks.coupon_id, sleepy.coupon_id],
    )).rows;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    await executePlan(tx, auth, plans[0].plan_id, false);
  });
}
