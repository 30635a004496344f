import type { FastifyInstance } from 'fastify';
import { dbToday } from '../../db/calendar.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { FILE_BODY } from '../../http/inputGuard.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { refuseMissing } from '../../resources/pathParents.ts';
import { report, type ImportRowError } from '../../resources/importer.ts';
import { readSheet, template, text } from '../../resources/sheetImport.ts';
import { cartTotalFen } from '../sales/index.ts';
import { cartLines } from '../sales/index.ts';
import { tellCouponsGiven, tellSheetGiven } from './memberNotices.ts';
import { couponAnswer, couponByCode, couponDiscountFen, couponRefusal, couponsOfMember, giveCoupons, toCoupon } from './coupons.ts';

/**
 * The register's coupon calls and 发券 (wxy-member-server mb-coupon): the member's coupons usable for a cart
 * (order/optional/able), a paper coupon by its code (order/paper/able), a member's coupons (user/{memberId}),
 * giving coupons to a member by phone (member/give/{phoneNumber}) and in bulk from a sheet (batch-give). The
 * coupon definitions, the given coupons and the coupon moves are descriptors.
 */

const tags = ['wxy-member-server'];
const SELL = 'order:retail:sell';
export const GIVE = 'member:coupon:give';
const PHONE = { type: 'string', title: '手机号码', pattern: '^1[2-9]\\d{9}$', 'x-msg': '手机号码有误，请重填!' };
const CODE = { type: 'string', title: '券码', pattern: '^\\d{12}$', 'x-msg': '券码为12位数字' };
const BATCH_COLUMNS = ['手机号码', '优惠券ID', '张数'];

interface Cart { shopId: number; lines: { skuId: number; quantity: number; price?: number }[] }

export const couponRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: Cart & { memberId: number } }>('/mb-coupon/order/optional/able', {
    config: { perm: SELL },
    schema: {
      tags,
      summary: '本单可选的会员优惠券：会员未使用的券，每张带是否可用（usable）、不可用原因（reason）与可抵扣金额；可用的在前',
      body: { type: 'object', required: ['memberId', 'shopId', 'lines'], additionalProperties: false, properties: { memberId: idField('会员'), shopId: idField('门店'), lines: cartLines } },
    },
  }, async (req) => {
    const list = await req.tenantTx(async (tx) => {
      const totalFen = await cartTotalFen(tx, req.auth!, req.body);
      const today = await dbToday(tx);
      const rows = await couponsOfMember(tx, req.body.memberId, true);
      return rows
        .map((r) => {
          const c = toCoupon(r);
          const reason = couponRefusal(c, { totalFen, shopId: req.body.shopId, memberId: req.body.memberId, today });
          return { ...couponAnswer(r), usable: !reason, reason, discountAmount: reason ? 0 : couponDiscountFen(c, totalFen) / 100 };
        })
        .sort((a, b) => Number(b.usable) - Number(a.usable) || b.discountAmount - a.discountAmount);
    }).catch(asCallerError);
    return ok(list);
  });

  app.post<{ Body: Cart & { couponCode: string; memberId?: number | null } }>('/mb-coupon/order/paper/able', {
    config: { perm: SELL },
    schema: {
      tags,
      summary: '按券码查本单可用的优惠券（纸质券凭码使用；电子券只能给其会员用）；不可用时 400 说明原因',
      body: {
        type: 'object', required: ['couponCode', 'shopId', 'lines'], additionalProperties: false,
        properties: { couponCode: CODE, shopId: idField('门店'), memberId: { ...idField('会员'), type: ['integer', 'null'] }, lines: cartLines },
      },
    },
  }, async (req) => {
    const answer = await req.tenantTx(async (tx) => {
      const r = await couponByCode(tx, req.body.couponCode);
      if (!r) throw new ApiError('BAD_REQUEST', `券码 ${req.body.couponCode} 不存在`);
      const totalFen = await cartTotalFen(tx, req.auth!, req.body);
      const c = toCoupon(r);
      const reason = couponRefusal(c, { totalFen, shopId: req.body.shopId, memberId: req.body.memberId ?? null, today: await dbToday(tx) });
      if (reason) throw new ApiError(c.status === 2 ? 'CONFLICT' : 'BAD_REQUEST', reason);
      return { ...couponAnswer(r), usable: true, reason: null, discountAmount: couponDiscountFen(c, totalFen) / 100 };
    }).catch(asCallerError);
    return ok(answer);
  });

  app.get<{ Params: { memberId: number }; Querystring: { status?: number } }>('/mb-coupon/user/:memberId', {
    config: { perm: SELL },
    schema: {
      tags,
      summary: '会员的优惠券（未使用在前）；status=1 只要未使用的',
      params: { type: 'object', required: ['memberId'], properties: { memberId: idField('会员') } },
      querystring: { type: 'object', properties: { status: { type: 'integer', enum: [1], title: '状态' } } },
    },
  }, async (req) =>
    ok((await req.tenantTx(async (tx) => {
      await refuseMissing(tx, { table: 'mb_base_info', key: 'member_id', title: '会员' }, req.params.memberId);
      return couponsOfMember(tx, req.params.memberId, req.query.status === 1);
    })).map(couponAnswer)));

  app.post<{ Params: { phoneNumber: string }; Body: { couponId: number; count?: number } }>('/mb-coupon/member/give/:phoneNumber', {
    config: { perm: GIVE },
    schema: {
      tags,
      summary: '给会员发券：按手机号把启用且未过期的优惠券发给会员（默认 1 张，最多 100 张），每张一个券码',
      params: { type: 'object', required: ['phoneNumber'], properties: { phoneNumber: PHONE } },
      body: { type: 'object', required: ['couponId'], additionalProperties: false, properties: { couponId: idField('优惠券'), count: { type: 'integer', minimum: 1, maximum: 100, title: '张数' } } },
    },
  }, async (req) => {
    const given = await req.tenantTx(async (tx) => {
      const given = await giveCoupons(tx, req.auth!, req.params.phoneNumber, req.body.couponId, req.body.count ?? 1);
      await tellCouponsGiven(tx, req.auth!, given);
      return given;
    }).catch(asCallerError);
    return ok(given, `已发放 ${given.length} 张`);
  });

  app.get('/mb-coupon/batch-give/template', {
    config: { perm: GIVE },
    schema: { tags, summary: '批量发券导入模板（手机号码、优惠券ID、张数）' },
  }, async (_req, reply) => template(reply, '批量发券', BATCH_COLUMNS));

  app.post('/mb-coupon/batch-give/import', {
    config: { perm: GIVE },
    schema: { tags, consumes: FILE_BODY, summary: '批量发券：上传填好的模板，全部行正确才发放（任何一行有错则一张不发，并列出错误行）' },
  }, async (request, reply) => {
    const req = request as Req;
    const sheet = await readSheet(req, BATCH_COLUMNS);
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const errors: ImportRowError[] = [];
    const rows: { row: number; phone: string; couponId: number; count: number }[] = [];
    for (const r of sheet.rows) {
      const phone = text(r.get('手机号码'));
      const couponId = Number(text(r.get('优惠券ID')));
      const countText = text(r.get('张数'));
      const count = countText === '' ? 1 : Number(countText);
      if (!new RegExp(PHONE.pattern).test(phone)) errors.push({ row: r.row, field: '手机号码', message: PHONE['x-msg'] });
      else if (!Number.isInteger(couponId) || couponId < 1 || couponId > 2147483647) errors.push({ row: r.row, field: '优惠券ID', message: '优惠券ID必须是正整数' });
      else if (!Number.isInteger(count) || count < 1 || count > 100) errors.push({ row: r.row, field: '张数', message: '张数必须是1到100的整数' });
      else rows.push({ row: r.row, phone, couponId, count });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    // All rows or none: a row the domain refuses rolls the whole sheet back and is reported by its row number.
    let failed: ImportRowError | null = null;
    let given = 0;
    try {
      await req.tenantTx(async (tx) => {
        const byCoupon = new Map<number, { members: Set<number | string>; count: number }>();
        for (const r of rows) {
          try {
            const out = await giveCoupons(tx, req.auth!, r.phone, r.couponId, r.count, 2);
            given += out.length;
            const g = byCoupon.get(r.couponId) ?? { members: new Set(), count: 0 };
            g.members.add(r.phone);
            g.count += out.length;
            byCoupon.set(r.couponId, g);
          } catch (e) {
            if (e instanceof ApiError) failed = { row: r.row, field: '手机号码', message: e.message };
            throw e;
          }
        }
        await tellSheetGiven(tx, req.auth!, byCoupon);
      });
    } catch (e) {
      if (!failed) throw e;
      return reply.status(400).send(report(sheet.rows.length, 0, [failed]));
    }
    return report(sheet.rows.length, given, []);
  });
};
