import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { shopsOfCall } from '../../auth/callerShops.ts';

/**
 * 扫码查价 (shop-base/price-check), behind the phone page /h5/scanCode that a shop's QR code opens: a barcode or SKU
 * code answers the product's name, retail price and the stock of the asked shop's own warehouse (on hand and what is
 * free to sell). Read-only, for the people of that shop (their shops, the shops they manage; admin every shop);
 * a product no longer on sale is answered too, marked 已停售, so staff can tell a customer.
 */
registerCustomRoute('shopBase.priceCheck', {
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'shopId'],
      properties: { code: plainText('条码', 24, 1), shopId: idField('门店') },
    },
  },
  handler: async (req: Req) => {
    const b = req.body as { code: string; shopId: number };
    const code = b.code.trim();
    if (!code) throw new ApiError('BAD_REQUEST', '请输入条码');
    const row = await req
      .tenantTx(async (tx) => {
        await shopsOfCall(tx, req.auth!, b.shopId);
        const r = await tx.query<Record<string, unknown>>(
          `SELECT k.sku_id AS "skuId", k.sku_code AS "skuCode", k.sku_name AS "skuName", k.barcode, k.spec, k.unit,
                  k.retail_price::float8 AS "retailPrice", k.status, s.shop_name AS "shopName", w.wh_name AS "whName",
                  coalesce(bal.on_hand, 0)::float8 AS "onHand", coalesce(bal.on_hand - bal.reserved, 0)::float8 AS available
             FROM pd_sku k
             JOIN shop_base s ON s.shop_id = $2
             LEFT JOIN LATERAL (SELECT wh_id, wh_name FROM wh_base_info WHERE shop_id = s.shop_id AND status = 1 ORDER BY wh_id LIMIT 1) w ON true
             LEFT JOIN stock_balance bal ON bal.sku_id = k.sku_id AND bal.wh_id = w.wh_id
            WHERE k.barcode = $1 OR k.sku_code = $1
            ORDER BY (k.barcode = $1) DESC, k.status = 1 DESC, k.sku_id LIMIT 1`,
          [code, b.shopId],
        );
        return r.rows[0];
      })
      .catch(asCallerError);
    if (!row) throw new ApiError('NOT_FOUND', `未找到条码「${code}」对应的商品`);
    return ok({ ...row, statusName: Number(row.status) === 1 ? '在售' : '已停售' });
  },
});
