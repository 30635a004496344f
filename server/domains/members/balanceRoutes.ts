import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { assertCents, idField, plainText } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { payableOf, shopOf } from '../sales/index.ts';
import { cartLines } from '../sales/index.ts';
import { balanceFen, readRecharge, recharge, type RechargeInput } from './balance.ts';

/**
 * 会员充值 and the balance the register may use (wxy-order-server): balance-recharge save (exactly once per client
 * uuid) and print/{orderId} (the recharge's receipt data), order/canUseMaxBalance (what the member may pay with
 * balance for this cart). The recharge list, the balance ledger and the recharge activities are descriptors.
 */

const tags = ['wxy-order-server'];
const SELL = 'order:retail:sell';
export const RECHARGE = 'order:retail:recharge';
const UUID = { type: 'string', title: '充值标识', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', 'x-msg': '充值标识必须是 UUID' };


export const balanceRoutes = (db: Database) => async (app: FastifyInstance) => {
  app.post<{ Body: RechargeInput }>('/balance-recharge/save', {
    config: { perm: RECHARGE },
    schema: {
      tags,
      summary: '会员充值：按本店开通的支付方式收款，符合充值活动的加送赠送金额，写入余额流水；同一充值标识只充一次，重发返回第一次的结果',
      body: {
        type: 'object', required: ['uuid', 'shopId', 'memberId', 'payType', 'amount'], additionalProperties: false,
        properties: {
          uuid: UUID,
          shopId: idField('门店'),
          memberId: idField('会员'),
          payType: { type: 'integer', enum: [1, 2, 3, 4], title: '支付方式' },
          amount: { type: 'number', minimum: 0.01, maximum: 100000, title: '充值金额' },
          remark: { ...plainText('备注', 200), type: ['string', 'null'] },
        },
      },
    },
  }, async (req) => {
    assertCents(req.body.amount, '充值金额');
    const done = await recharge(db, req.auth!, req.body, (tx) => shopOf(tx, req.auth!, req.body.shopId)).catch(asCallerError);
    return ok(done, '充值成功');
  });

  app.get<{ Params: { orderId: number } }>('/balance-recharge/print/:orderId', {
    config: { perm: RECHARGE },
    schema: { tags, summary: '充值小票数据（充值记录ID）', params: { type: 'object', required: ['orderId'], properties: { orderId: idField('充值记录') } } },
  }, async (req) => ok(await req.tenantTx((tx) => readRecharge(tx, req.params.orderId)).catch(asCallerError)));

  app.post<{ Body: { memberId: number; shopId: number; lines: { skuId: number; quantity: number; price?: number }[]; memberCouponId?: number | null } }>('/order/canUseMaxBalance', {
    config: { perm: SELL },
    schema: {
      tags,
      summary: '本单最多可用余额：会员余额与本单应付（服务端定价，减去所选优惠券）中较小者',
      body: {
        type: 'object', required: ['memberId', 'shopId', 'lines'], additionalProperties: false,
        properties: { memberId: idField('会员'), shopId: idField('门店'), lines: cartLines, memberCouponId: { ...idField('优惠券'), type: ['integer', 'null'] } },
      },
    },
  }, async (req) => {
    const answer = await req.tenantTx(async (tx) => {
      const member = (await tx.query<{ member_id: number }>(`SELECT member_id FROM mb_base_info WHERE member_id = $1`, [req.body.memberId])).rows[0];
      if (!member) throw new ApiError('BAD_REQUEST', '会员不存在');
      const payableFen = await payableOf(tx, req.auth!, req.body);
      const balance = await balanceFen(tx, req.body.memberId);
      return { balance: balance / 100, payableAmount: payableFen / 100, maxBalance: Math.min(balance, payableFen) / 100 };
    }).catch(asCallerError);
    return ok(answer);
  });
};
