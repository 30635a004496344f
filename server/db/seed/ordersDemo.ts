import type { AuthContext } from '../../context.ts';
import type { Database } from '../index.ts';
import { demoSale } from './demoSale.ts';

/**
 * A few sales at the first shop that has a shop warehouse, made through the real settlement (so stock, ledger and
 * payments agree). Their uuids are fixed per tenant, so seeding again finds the same orders (exactly once).
 */
export async function seedOrdersDemo(db: Database, tenantId: number): Promise<void> {
  const found = await db.tenant(tenantId, async (tx) => {
    const shop = (await tx.query<{ shop_id: number; wh_id: number }>(
      `SELECT w.shop_id, w.wh_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id LIMIT 1`,
    )).rows[0];
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    if (!shop || !admin) return null;
    const skus = (await tx.query<{ sku_id: number; retail_price: string }>(
      `SELECT s.sku_id, s.retail_price FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
        WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 10 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 8`,
      [shop.wh_id],
    )).rows;
    return { shop, admin, skus };
  });
  if (!found || found.skus.length < 4) return;
  const { shop, admin, skus } = found;
  const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
  for (let i = 0; i < 5; i++) {
    const lines = [skus[i % skus.length], skus[(i + 3) % skus.length]].map((s, j) => ({ skuId: s.sku_id, quantity: 1 + ((i + j) % 3) }));
    const totalFen = lines.reduce((a, l) => a + Math.round(Number(skus.find((s) => s.sku_id === l.skuId)!.retail_price) * 100) * l.quantity, 0);
    // Cash rounded up to the next 10 yuan (change given), or the exact amount by WeChat / card.
    const payments = i % 3 === 0 ? [{ payType: 1, amount: Math.ceil(totalFen / 1000) * 10 }] : [{ payType: i % 3 === 1 ? 3 : 2, amount: totalFen / 100 }];
    const uuid = `00000000-0000-4000-8000-${String(tenantId).padStart(6, '0')}${String(i).padStart(6, '0')}`;
    // Two of them for members (1380000000x), who earn points by the consume rule.
    const member = i === 1 || i === 2 ? await memberId(db, tenantId, `1380000000${i}`) : null;
    await demoSale(db, auth, { uuid, shopId: shop.shop_id, lines, payments, remark: '演示订单', memberId: member });
  }
}

async function memberId(db: Database, tenantId: number, phone: string): Promise<number | null> {
  const r = await db.tenant(tenantId, (tx) => tx.query<{ member_id: number }>(`SELECT member_id FROM mb_base_info WHERE phone_number = $1 AND NOT is_practice`, [phone]));
  return r.rows[0]?.member_id ?? null;
}
