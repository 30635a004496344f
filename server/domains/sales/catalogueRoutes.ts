import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { activePromotions } from '../promotions/index.ts';
import { shopOf } from './registerShop.ts';

/**
 * The register's offline catalogue (wxy-order-server order/catalogue/{shopId}): every on-sale SKU the shop's
 * warehouse holds or has held, with its retail price and what is available now. The register keeps it in the
 * browser so a dropped network does not stop scanning, with the shop's promotions running now (not the member-only
 * ones: a member needs the server), which the register applies by the same pure rules the server does; settlement
 * prices again on the server when the queued sale is sent, so a stale price is refused then, never sold silently.
 */

const SELL = 'order:retail:sell';
/** A shop's range is a few thousand SKUs; the cap keeps one answer bounded whatever the data. */
export const CATALOGUE_LIMIT = 20000;

export const catalogueRoutes = async (app: FastifyInstance) => {
  app.get<{ Params: { shopId: number } }>('/order/catalogue/:shopId', {
    config: { perm: SELL },
    schema: {
      tags: ['wxy-order-server'],
      summary: `收银离线商品资料：本店仓有过库存的在售商品（条码、编码、名称、零售价、可用库存），最多 ${CATALOGUE_LIMIT} 条；promotions 为本店此刻生效的促销（不含会员专享），离线时按同一规则计价`,
      params: { type: 'object', required: ['shopId'], properties: { shopId: idField('门店') } },
    },
  }, async (req) => {
    const answer = await req.tenantTx(async (tx) => {
      const shop = await shopOf(tx, req.auth!, req.params.shopId);
      const rows = await tx.query(
        `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.barcode, s.spec, s.unit, s.retail_price::float8 AS "retailPrice",
                greatest(b.on_hand - b.reserved, 0)::float8 AS available
           FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
          WHERE b.wh_id = $1 AND s.status = 1
          ORDER BY s.sku_id LIMIT ${CATALOGUE_LIMIT}`,
        [shop.wh_id],
      );
      const promotions = await activePromotions(tx, shop.shop_id, false);
      return { shopId: shop.shop_id, shopName: shop.shop_name, takenAt: new Date().toISOString(), skus: rows.rows, promotions };
    }).catch(asCallerError);
    return ok(answer);
  });
};
