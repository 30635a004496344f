import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';

/**
 * 门店支付方式 (shop-pay-method-config): the list and the edit are the descriptor's; `init` gives shops the
 * default methods they lack (a shop made before payment methods existed, or restored). Every new shop gets
 * them from a trigger (migration 200).
 */

const EDIT = 'shop:payMethod:edit';

export const payMethodRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: { shopIds?: number[] | null } | null }>('/shop-pay-method-config/init', {
    config: { perm: EDIT },
    schema: {
      tags: ['wxy-shop-server'],
      summary: '初始化门店支付方式：给缺少的门店补上默认的现金、银行卡、微信、支付宝（已有的不变）；不传 shopIds 为全部门店（null 或空列表不算全部）',
      body: {
        type: ['object', 'null'], additionalProperties: false,
        properties: { shopIds: { type: 'array', title: '门店', minItems: 1, maxItems: 1000, items: idField('门店') } },
      },
    },
  }, async (req) => {
    const shopIds = req.body?.shopIds ?? null;
    const created = await req.tenantTx(async (tx) => {
      const shops = await tx.query<{ shop_id: number }>(
        `SELECT shop_id FROM shop_base WHERE $1::int[] IS NULL OR shop_id = ANY($1::int[]) ORDER BY shop_id`, [shopIds],
      );
      if (shopIds && shops.rows.length !== new Set(shopIds).size) throw new ApiError('BAD_REQUEST', '门店不存在');
      const res = await tx.query<{ n: number }>(`SELECT shop_pay_method_defaults($1::int[]) AS n`, [shops.rows.map((r) => r.shop_id)]);
      return res.rows[0].n;
    }).catch(asCallerError);
    return ok({ created }, created ? `已补充 ${created} 条支付方式` : '所有门店的支付方式已齐全');
  });
};
