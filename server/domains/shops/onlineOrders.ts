import type { Queryable } from '../../db/index.ts';
import { registerDocImporter } from '../../documents/registry.ts';
import { ok } from '../../http/envelope.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { report, type ImportRowError } from '../../resources/importer.ts';
import { amountOf, dateOf, readSheet, template, text } from '../../resources/sheetImport.ts';
import { assertCents, dateParam, idField } from '../../http/fields.ts';
import { shopIdsByCode } from './shopCodes.ts';

/**
 * 门店线上订单 (shop-online-order): a shop's orders on each delivery platform per day. `merge` and the import write
 * one row per shop, platform and day (a second statement for the same day replaces the figures, never adds a
 * row); the list, add, edit and delete are the descriptor's.
 */

export const PLATFORMS: Record<string, number> = { 美团: 1, 饿了么: 2, 京东到家: 3, 抖音: 4 };

interface Day {
  shopId: number;
  platform: number;
  orderDate: string;
  orderCount: number;
  orderAmount: number;
  refundAmount?: number | null;
  remark?: string | null;
}

async function mergeDays(tx: Queryable, who: string, days: Day[]): Promise<{ created: number; updated: number }> {
  const r = await tx.query<{ created: boolean }>(
    `INSERT INTO shop_online_order (tenant_id, shop_id, platform, order_date, order_count, order_amount, refund_amount, remark, create_user_name)
     SELECT app_current_tenant(), s, p, d, c, a, coalesce(f, 0), m, $8
       FROM unnest($1::int[], $2::int[], $3::date[], $4::int[], $5::numeric[], $6::numeric[], $7::text[]) AS u(s, p, d, c, a, f, m)
     ON CONFLICT (tenant_id, shop_id, platform, order_date) DO UPDATE
       SET order_count = EXCLUDED.order_count, order_amount = EXCLUDED.order_amount, refund_amount = EXCLUDED.refund_amount,
           remark = coalesce(EXCLUDED.remark, shop_online_order.remark)
     RETURNING (xmax = 0) AS created`,
    [days.map((d) => d.shopId), days.map((d) => d.platform), days.map((d) => d.orderDate), days.map((d) => d.orderCount), days.map((d) => d.orderAmount), days.map((d) => d.refundAmount ?? 0), days.map((d) => d.remark ?? null), who],
  );
  const created = r.rows.filter((x) => x.created).length;
  return { created, updated: r.rows.length - created };
}

const money = (title: string) => ({ type: 'number', minimum: 0, maximum: 99999999.99, title });

registerCustomRoute('shopOnlineOrder.merge', {
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['shopId', 'platform', 'orderDate', 'orderCount', 'orderAmount'],
      properties: {
        id: { type: ['integer', 'null'], title: '记录ID' },
        shopId: idField('门店'),
        platform: { type: 'integer', enum: [1, 2, 3, 4], title: '平台' },
        orderDate: dateParam('日期'),
        orderCount: { type: 'integer', minimum: 0, maximum: 999999, title: '订单数' },
        orderAmount: money('订单金额'),
        refundAmount: { ...money('退款金额'), type: ['number', 'null'] },
        remark: { type: ['string', 'null'], maxLength: 200, title: '备注' },
      },
    },
  },
  handler: async (req) => {
    const b = req.body as unknown as Day;
    assertCents(b.orderAmount, '订单金额');
    assertCents(b.refundAmount, '退款金额');
    const auth = req.auth!;
    const r = await req.tenantTx((tx) => mergeDays(tx, auth.displayName ?? auth.userName, [b])).catch(asCallerError);
    return ok(r, r.created ? '已新增' : '已更新当天的数据');
  },
});

const COLUMNS = ['门店编码', '平台', '日期', '订单数', '订单金额', '退款金额', '备注'];

registerDocImporter('shopOnlineOrder', {
  template: (_req, reply) => template(reply, '门店线上订单', COLUMNS),
  async run(request, reply) {
    const req = request as Req;
    const sheet = await readSheet(req, COLUMNS.slice(0, 5));
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const errors: ImportRowError[] = [];
    const codes = [...new Set(sheet.rows.map((r) => text(r.get('门店编码'))))];
    const shops = await req.tenantTx((tx) => shopIdsByCode(tx, codes));
    const days: Day[] = [];
    const seen = new Map<string, number>();
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const code = text(r.get('门店编码'));
      const platform = PLATFORMS[text(r.get('平台'))];
      const count = Number(text(r.get('订单数')));
      const amount = amountOf(r.get('订单金额'), '订单金额');
      const refundText = text(r.get('退款金额'));
      const refund = refundText ? amountOf(r.get('退款金额'), '退款金额') : 0;
      if (!shops.has(code)) { fail('门店编码', code ? `门店编码“${code}”不存在` : '门店编码不能为空'); continue; }
      if (!platform) { fail('平台', `平台应为 ${Object.keys(PLATFORMS).join('、')} 之一`); continue; }
      let orderDate: string;
      try {
        orderDate = dateOf(r.get('日期'), '日期');
      } catch (e) {
        fail('日期', (e as Error).message);
        continue;
      }
      if (!Number.isInteger(count) || count < 0 || count > 999999) { fail('订单数', '订单数应为 0 到 999999 的整数'); continue; }
      if (typeof amount === 'string' && !(text(r.get('订单金额')) === '0')) { fail('订单金额', amount); continue; }
      if (typeof refund === 'string') { fail('退款金额', refund); continue; }
      const key = `${code}|${platform}|${orderDate}`;
      if (seen.has(key)) { fail('日期', `与第${seen.get(key)}行是同一门店、平台和日期`); continue; }
      seen.set(key, r.row);
      days.push({ shopId: shops.get(code)!, platform, orderDate, orderCount: count, orderAmount: typeof amount === 'number' ? amount : 0, refundAmount: refund, remark: text(r.get('备注')).slice(0, 200) || null });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    const auth = req.auth!;
    const result = await req.tenantTx((tx) => mergeDays(tx, auth.displayName ?? auth.userName, days)).catch(asCallerError);
    return reply.send({ code: 200, msg: `导入成功：新增 ${result.created} 条，更新 ${result.updated} 条`, data: { total: days.length, imported: days.length, errors: [] } });
  },
});
