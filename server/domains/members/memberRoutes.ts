import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';

/**
 * The register's member calls (wxy-member-server): a member by phone number, and the consume rule. The member
 * list, registration (add), edit, import and export are the mb-base-info descriptor's.
 */

const tags = ['wxy-member-server'];
const SELL = 'order:retail:sell';
const PHONE = { type: 'string', title: '手机号码', pattern: '^1[2-9]\\d{9}$', 'x-msg': '手机号码格式不正确' };

export const memberRoutes = async (app: FastifyInstance) => {
  app.get<{ Params: { phoneNumber: string; isPractice: string } }>('/mb-base-info/info/:phoneNumber/:isPractice', {
    config: { perm: SELL },
    schema: {
      tags,
      summary: '按手机号查会员（收银台）：isPractice 为 1/true 时查练习会员；没有时 data 为 null',
      params: {
        type: 'object', required: ['phoneNumber', 'isPractice'],
        properties: { phoneNumber: PHONE, isPractice: { type: 'string', title: '练习收银', enum: ['0', '1', 'true', 'false'] } },
      },
    },
  }, async (req) => {
    const practice = req.params.isPractice === '1' || req.params.isPractice === 'true';
    const member = await req.tenantTx(async (tx) => (await tx.query(
      `SELECT member_id AS "memberId", phone_number AS "phoneNumber", member_name AS "memberName", sex, member_level AS "memberLevel", points, balance::float8 AS balance,
              total_amount::float8 AS "totalAmount", order_count AS "orderCount", status, shop_name AS "shopName",
              to_char(last_order_time, 'YYYY-MM-DD HH24:MI:SS') AS "lastOrderTime"
         FROM mb_base_info WHERE phone_number = $1 AND is_practice = $2`,
      [req.params.phoneNumber, practice],
    )).rows[0] ?? null).catch(asCallerError);
    return ok(member, member ? '操作成功' : '未找到该手机号的会员');
  });

  app.get('/mb-consume-rule/info', {
    config: { perm: SELL },
    schema: { tags, summary: '会员消费规则：每消费 1 元（取整）积多少分' },
  }, async (req) => {
    const rule = await req.tenantTx(async (tx) => (await tx.query<{ pointsPerYuan: number }>(
      `SELECT coalesce((SELECT points_per_yuan FROM mb_consume_rule), 1) AS "pointsPerYuan"`,
    )).rows[0]).catch(asCallerError);
    return ok(rule);
  });
};
