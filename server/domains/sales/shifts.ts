import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { assertCents, plainText } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { id } from './orderRoutes.ts';
import { closeShift, openShift, openShiftOf, readShift, SHIFT_LIST_PERM, shiftPayList } from './shiftQueries.ts';
import { shiftPrintData, shiftTemplate } from './shiftPrint.ts';
import { answerPrint } from '../../printTemplates/answerPrint.ts';
import type { AppServices } from '../../context.ts';

/**
 * 收银班次 (shop-class-record): a cashier opens a shift with the change float in the drawer (save), sells, and hands
 * over (update/{id}) by counting the drawer. Every figure of a shift comes from the orders: its sales (orders this
 * cashier made at this shop, in this mode, while the shift was open) and its refunds (money this cashier paid back
 * meanwhile), per payment method; cash expected = float + cash taken (less change) - cash paid back. A counted
 * drawer that differs is told to whoever manages shifts, on the class-record queue. The handlers validate and call
 * shiftQueries.ts.
 */

const tags = ['wxy-shop-server'];
const SELL = 'order:retail:sell';
const LIST = SHIFT_LIST_PERM;

const money = (title: string) => ({ type: 'number', minimum: 0, maximum: 9999999.99, title });

export const shiftRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: { shopId: number; isPractice?: boolean; openingCash?: number } }>(
    '/shop-class-record/save',
    {
      config: { perm: SELL },
      schema: {
        tags,
        summary: '开班：收银员在门店开始一个班次，登记钱箱备用零钱；同一收银员在同一门店只能有一个未交班的班次',
        body: { type: 'object', required: ['shopId'], additionalProperties: false, properties: { shopId: id('门店'), isPractice: { type: 'boolean', title: '练习收银' }, openingCash: money('备用零钱') } },
      },
    },
    async (req) => {
      assertCents(req.body.openingCash, '备用零钱');
      return ok(await req.tenantTx((tx) => openShift(tx, req.auth!, req.body)).catch(asCallerError), '开班成功');
    },
  );

  app.get<{ Params: { userId: number; isPractice: boolean }; Querystring: { shopId?: number } }>(
    '/shop-class-record/getByUserId/:userId/:isPractice',
    {
      config: { perm: SELL },
      schema: {
        tags,
        summary: '收银员当前未交班的班次（没有则为 null），带本班次实时的销售、退款与应有现金；?shopId= 限定门店',
        params: { type: 'object', required: ['userId', 'isPractice'], properties: { userId: id('收银员'), isPractice: { type: 'boolean', title: '练习收银' } } },
        querystring: { type: 'object', properties: { shopId: id('门店') } },
      },
    },
    async (req) => {
      const auth = req.auth!;
      if (req.params.userId !== auth.userId && !auth.isAdmin) throw new ApiError('FORBIDDEN', '只能查看自己的班次');
      const shift = await req.tenantTx((tx) => openShiftOf(tx, req.params.userId, req.params.isPractice, req.query.shopId ?? null));
      return ok(shift);
    },
  );

  app.put<{ Params: { id: number }; Body: { countedCash: number; remark?: string | null } }>(
    '/shop-class-record/update/:id',
    {
      config: { perm: SELL },
      schema: {
        tags,
        summary: '交班：清点钱箱现金，与应有现金（备用零钱 + 现金收款 - 现金退款）比较；班次的销售按支付方式汇总后不再变化',
        params: { type: 'object', required: ['id'], properties: { id: id('班次') } },
        body: { type: 'object', required: ['countedCash'], additionalProperties: false, properties: { countedCash: money('实点现金'), remark: { ...plainText('备注', 200), type: ['string', 'null'] } } },
      },
    },
    async (req) => {
      assertCents(req.body.countedCash, '实点现金');
      return ok(await req.tenantTx((tx) => closeShift(tx, req.auth!, req.params.id, req.body)).catch(asCallerError), '交班成功');
    },
  );

  app.get<{ Params: { id: number } }>(
    '/shop-class-record/info/:id',
    { config: { perm: LIST }, schema: { tags, summary: '班次详情：按支付方式的销售、退款与现金', params: { type: 'object', required: ['id'], properties: { id: id('班次') } } } },
    async (req) => {
      const shift = await req.tenantTx((tx) => readShift(tx, req.params.id));
      if (!shift) throw new ApiError('NOT_FOUND', '班次不存在');
      return ok(shift);
    },
  );
};

/**
 * shop-class-record/print/{id}?type=pdf|data: the shift's 交班单 on the tenant's template (打印模板 交班单, else the
 * default 58 mm slip) — for its cashier (or an admin), at hand-over or later.
 */
export const shiftPrintRoute = (services?: AppServices) => async (app: FastifyInstance) => {
  app.get<{ Params: { id: number }; Querystring: { type?: 'pdf' | 'data' } }>(
    '/shop-class-record/print/:id',
    {
      config: { perm: SELL },
      schema: {
        tags,
        summary: '交班单打印：type=data 为模板（打印模板设计中业务类型「交班单」，没有则用默认 58mm 交班单）与打印数据，type=pdf（默认）为 PDF；只能打印自己的班次',
        params: { type: 'object', required: ['id'], properties: { id: id('班次') } },
        querystring: { type: 'object', additionalProperties: false, properties: { type: { type: 'string', enum: ['pdf', 'data'], title: '打印类型' } } },
      },
    },
    async (req, reply) => {
      const auth = req.auth!;
      const found = await req.tenantTx(async (tx) => {
        const shift = await readShift(tx, req.params.id);
        if (!shift) throw new ApiError('NOT_FOUND', '班次不存在');
        if (shift.userId !== auth.userId && !auth.isAdmin) throw new ApiError('FORBIDDEN', '只能打印自己的班次');
        return { data: await shiftPrintData(tx, auth, shift), tpl: await shiftTemplate(tx) };
      }).catch(asCallerError);
      return answerPrint(reply, { kind: req.query.type ?? 'pdf', tpl: found.tpl, data: found.data, title: `交班单_${req.params.id}`, services, tenantId: auth.tenantId, log: req.log, logContext: { classId: req.params.id } });
    },
  );
};

/** order/classRecordPay?classId= (wxy-order-server): a shift's money per payment method, for its hand-over slip. */
export const classRecordPayRoute = async (app: FastifyInstance) => {
  app.get<{ Querystring: { classId: number } }>(
    '/order/classRecordPay',
    {
      config: { perm: SELL },
      schema: { tags: ['wxy-order-server'], summary: '班次按支付方式的收款、退款与净额（交班单）', querystring: { type: 'object', required: ['classId'], properties: { classId: id('班次') } } },
    },
    async (req) => {
      const auth = req.auth!;
      const data = await req.tenantTx((tx) => shiftPayList(tx, auth, req.query.classId));
      return ok(data);
    },
  );
};
