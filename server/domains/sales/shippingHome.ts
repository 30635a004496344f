import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { dateParam, idField, plainText } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';

/**
 * 送货上门 (po-shipping-home): a shop's home-delivery settings. info/shop/{shopId} answers them for a shop of the
 * caller's tenant (404 for any other shop id, 403 for another shop than a shop-bound user's own); a shop never set
 * answers 不送货 with the defaults. save sets them for one shop (one row per shop, replaced).
 */

const COLUMNS = `s.shop_id AS "shopId", s.shop_name AS "shopName", h.id, coalesce(h.enabled, false) AS enabled,
  coalesce(h.delivery_fee, 0)::float8 AS "deliveryFee", h.free_threshold::float8 AS "freeThreshold", coalesce(h.radius_km, 3)::float8 AS "radiusKm",
  coalesce(h.start_time, '09:00') AS "startTime", coalesce(h.end_time, '21:00') AS "endTime", h.remark, h.update_user_name AS "updateUserName",
  to_char(h.update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"`;

export async function shippingInfo(tx: Queryable, auth: AuthContext, shopId: number): Promise<Record<string, unknown>> {
  const r = (await tx.query<Record<string, unknown>>(`SELECT ${COLUMNS} FROM shop_base s LEFT JOIN po_shipping_home h ON h.shop_id = s.shop_id WHERE s.shop_id = $1`, [shopId])).rows[0];
  if (!r) throw new ApiError('NOT_FOUND', '门店不存在');
  if (auth.shopId && auth.shopId !== shopId) throw new ApiError('FORBIDDEN', '只能查看本门店的送货上门设置');
  return r;
}

export interface ShippingInput {
  shopId: number;
  enabled: boolean;
  deliveryFee: number;
  freeThreshold?: number | null;
  radiusKm: number;
  startTime: string;
  endTime: string;
  remark?: string | null;
}

const cents = (v: number, title: string) => {
  if (Math.abs(Math.round(v * 100) - v * 100) > 1e-6) throw new ApiError('BAD_REQUEST', `${title}最多2位小数`);
};

export async function saveShipping(tx: Queryable, auth: AuthContext, b: ShippingInput): Promise<Record<string, unknown>> {
  const shop = (await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [b.shopId])).rows[0];
  if (!shop) throw new ApiError('NOT_FOUND', '门店不存在');
  if (auth.shopId && auth.shopId !== b.shopId) throw new ApiError('FORBIDDEN', '只能设置本门店的送货上门');
  cents(b.deliveryFee, '配送费');
  if (b.freeThreshold !== undefined && b.freeThreshold !== null) cents(b.freeThreshold, '免配送费门槛');
  if (Math.abs(Math.round(b.radiusKm * 10) - b.radiusKm * 10) > 1e-6) throw new ApiError('BAD_REQUEST', '配送半径最多1位小数');
  if (b.startTime >= b.endTime) throw new ApiError('BAD_REQUEST', '配送结束时间必须晚于开始时间');
  await tx.query(
    `INSERT INTO po_shipping_home (tenant_id, shop_id, shop_name, enabled, delivery_fee, free_threshold, radius_km, start_time, end_time, remark, update_user_name, update_time)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
     ON CONFLICT (tenant_id, shop_id) DO UPDATE SET shop_name = EXCLUDED.shop_name, enabled = EXCLUDED.enabled, delivery_fee = EXCLUDED.delivery_fee,
       free_threshold = EXCLUDED.free_threshold, radius_km = EXCLUDED.radius_km, start_time = EXCLUDED.start_time, end_time = EXCLUDED.end_time,
       remark = EXCLUDED.remark, update_user_name = EXCLUDED.update_user_name, update_time = now()`,
    [b.shopId, shop.shop_name, b.enabled, b.deliveryFee, b.freeThreshold ?? null, b.radiusKm, b.startTime, b.endTime, b.remark?.trim() || null, auth.displayName ?? auth.userName],
  );
  return shippingInfo(tx, auth, b.shopId);
}

registerCustomRoute('shippingHome.info', {
  schema: { params: { type: 'object', required: ['shopId'], properties: { shopId: idField('门店') } } },
  handler: async (req) => ok(await req.tenantTx((tx) => shippingInfo(tx, req.auth!, (req.params as { shopId: number }).shopId)).catch(asCallerError)),
});

const TIME = dateParam('时间', 'time', { msg: '时间格式应为 HH:MM' });

registerCustomRoute('shippingHome.save', {
  schema: {
    body: {
      type: 'object', required: ['shopId', 'enabled', 'deliveryFee', 'radiusKm', 'startTime', 'endTime'],
      properties: {
        id: { type: ['integer', 'null'], title: 'ID' },
        shopId: idField('门店'),
        shopName: { type: ['string', 'null'], title: '门店名称' },
        enabled: { type: 'boolean', title: '开通送货上门' },
        deliveryFee: { type: 'number', minimum: 0, maximum: 9999.99, title: '配送费' },
        freeThreshold: { type: ['number', 'null'], minimum: 0.01, maximum: 9999999.99, title: '免配送费门槛' },
        radiusKm: { type: 'number', minimum: 0.1, maximum: 100, title: '配送半径（公里）' },
        startTime: { ...TIME, title: '配送开始时间' },
        endTime: { ...TIME, title: '配送结束时间' },
        remark: { ...plainText('备注', 200), type: ['string', 'null'] },
      },
    },
  },
  handler: async (req) => ok(await req.tenantTx((tx) => saveShipping(tx, req.auth!, req.body as unknown as ShippingInput)).catch(asCallerError), '保存成功'),
});
