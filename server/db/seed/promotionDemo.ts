import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResourceDescriptor, RouteDecl } from '../../../core/descriptors/types.ts';
import type { AuthContext } from '../../context.ts';
import type { DocContext } from '../../documents/context.ts';
import { runDocAction } from '../../documents/actions.ts';
import { createDocument } from '../../documents/writing.ts';
import type { Database } from '../index.ts';

/**
 * 价格促销 demo: one audited promotion of each type, running for a year, so the register shows real discounts, and a
 * member price (会员价, a member-only 特价) of the 特价 SKU.
 * 特价, 折扣 and 买赠 are the first shop's (the demo register's) on SKUs from the middle of its catalogue: the API
 * tests sell the first and the last SKUs of that shop by id, and the most stocked one, at their retail prices.
 * 满减 is the third shop's, where no test sells.
 */
export async function seedPromotionDemo(db: Database, tenantId: number): Promise<void> {
  const read = (name: string) => JSON.parse(readFileSync(path.resolve('schemas/resources', `${name}.json`), 'utf8')) as ResourceDescriptor;
  const header = read('po-promotion');
  const c: DocContext = { header, lines: read('po-promotion-det'), doc: header.document! };
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM po_promotion LIMIT 1`)).rows.length) return;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const shops = (await tx.query<{ wh_id: number; shop_id: number }>(
      `SELECT DISTINCT ON (w.shop_id) w.wh_id, w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id`,
    )).rows;
    const first = (await tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`)).rows[0];
    if (!admin || !first) return;
    const skus = (await tx.query<{ sku_id: number; retail_price: string }>(
      `WITH stocked AS (
         SELECT b.sku_id, s.retail_price, b.on_hand - b.reserved AS available, row_number() OVER (ORDER BY b.sku_id) AS n, count(*) OVER () AS total,
                rank() OVER (ORDER BY b.on_hand - b.reserved DESC) AS most
           FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id WHERE b.wh_id = $1 AND b.on_hand > 0)
       SELECT sku_id, retail_price FROM stocked
        WHERE n > 12 AND n <= total - 12 AND most > 3 AND available >= 15 AND retail_price BETWEEN 3 AND 60
        ORDER BY abs(n - total / 2), sku_id LIMIT 5`,
      [first.wh_id],
    )).rows;
    if (skus.length < 5) return;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const route: RouteDecl = { method: 'POST', path: 'save', action: 'docCreate' };
    const when = (await tx.query<{ b: string; e: string }>(`SELECT to_char(current_date - 1, 'YYYY-MM-DD') || ' 00:00:00' AS b, to_char(current_date + 365, 'YYYY-MM-DD') || ' 23:59:59' AS e`)).rows[0];
    const period = { beginTime: when.b, endTime: when.e };
    const act = (id: string) => c.doc.actions.find((a) => a.id === id)!;
    const make = async (body: Record<string, unknown>) => {
      const id = await createDocument(tx, auth, c, route, { ...period, ...body });
      await runDocAction(tx, auth, c, act('submit'), id, {});
      await runDocAction(tx, auth, c, act('audit'), id, {});
    };
    const price = (i: number) => Number(skus[i].retail_price);
    await make({ promotionName: '本周特价', promotionType: 1, shopIds: String(first.shop_id), remark: '门店引流款', detList: [{ skuId: skus[0].sku_id, specialPrice: Math.floor(price(0) * 80) / 100 }] });
    // 会员价: members pay less for the 特价 SKU than everyone else does.
    await make({ promotionName: '会员价', promotionType: 1, shopIds: String(first.shop_id), memberOnly: true, remark: '录入会员即享', detList: [{ skuId: skus[0].sku_id, specialPrice: Math.floor(price(0) * 70) / 100 }] });
    await make({ promotionName: '精选八五折', promotionType: 2, shopIds: String(first.shop_id), detList: [{ skuId: skus[1].sku_id, discount: 8.5 }, { skuId: skus[2].sku_id, discount: 8.5 }] });
    await make({ promotionName: '买二赠一', promotionType: 4, shopIds: String(first.shop_id), giftSkuId: skus[4].sku_id, giftQuantity: 1, detList: [{ skuId: skus[3].sku_id, buyQuantity: 2 }] });
    const third = shops[2] ?? shops[shops.length - 1];
    if (third && third.shop_id !== first.shop_id)
      await make({ promotionName: '满200减20', promotionType: 3, shopIds: String(third.shop_id), threshold1: 200, reduce1: 20, threshold2: 500, reduce2: 60, detList: [] });
  });
}
