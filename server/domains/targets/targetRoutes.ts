import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../../errors.ts';
import { ok, pageParamsSchema } from '../../http/envelope.ts';
import { FILE_BODY } from '../../http/inputGuard.ts';
import { dateParam } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { reachDaysAnswer, reachInfoAnswer, refreshAnswer, reportConfigAnswer, targetDetailAnswer, targetPageAnswer } from './answers.ts';
import { loadExcel } from '../../resources/excel.ts';
import { attachment } from '../../resources/exporter.ts';
import { cellValue, fileBuffer, report, type ImportRowError } from '../../resources/importer.ts';
import type { Req } from '../../resources/access.ts';
import { dateParamMessage } from '../../../core/descriptors/dates.ts';
import { shopIdsByCode } from '../shops/index.ts';
import { dailyRows, deleteTargets, enabledUsers, targetPage, type TargetFilters as ListFilters, userTargetPage } from './targetLists.ts';
import {
  amountFen, reachByDay, reachInfo, recentSellers, refreshDayTargets, reportConfig, saveReportConfig, shopOfTenant, targetOf, userTargetsOf, writeTarget,
  type TargetInput,
} from './targets.ts';
import { isMonth } from '../../../core/calendar.ts';

/**
 * 绩效目标 (wxy-shop-server): shop-performance-target, shop-user-performance-target and
 * shop-user-performance-daily-target. Targets are typed; every reached figure is computed from the orders. The
 * handlers validate and call targets.ts (writes, reach) and targetLists.ts (lists).
 */

export const TARGET_PERMS = {
  list: 'shop:target:list',
  add: 'shop:target:add',
  edit: 'shop:target:edit',
  delete: 'shop:target:delete',
  import: 'shop:target:import',
  export: 'shop:target:export',
  config: 'shop:target:config',
} as const;

const tags = ['wxy-shop-server'];
const SHOP_ID = { type: 'integer', title: '门店', minimum: 1, maximum: 2147483647 } as const;
const MONTH = dateParam('目标月份', 'month');
const AMOUNT = { type: 'number', title: '目标金额', minimum: 0, maximum: 99999999999 } as const;
const USER_TARGETS = {
  type: ['array', 'null'], title: '人员目标', maxItems: 200,
  items: {
    type: 'object', required: ['userId', 'targetAmount'], additionalProperties: false,
    properties: { userId: { type: 'integer', title: '人员', minimum: 1, maximum: 2147483647 }, targetAmount: { ...AMOUNT, title: '人员目标金额' } },
  },
} as const;
const TARGET_PROPS = {
  shopId: SHOP_ID,
  targetMoonTime: MONTH,
  targetAmount: AMOUNT,
  remark: { type: ['string', 'null'], title: '备注', maxLength: 200 },
  userTargets: USER_TARGETS,
} as const;
const TARGET_BODY = { type: 'object', required: ['shopId', 'targetMoonTime', 'targetAmount'], additionalProperties: false, properties: TARGET_PROPS } as const;

/** JSON null on a required number would pass as 0 (ajv coerces): refuse it by name. */
function refuseNulls(body: Record<string, unknown>, fields: Record<string, string>): void {
  for (const [f, title] of Object.entries(fields)) if (body[f] === null) throw new ApiError('BAD_REQUEST', `${title}不能为空`);
}

const LIST_FILTERS = {
  type: ['object', 'null'], additionalProperties: false,
  properties: {
    shopId: { type: ['integer', 'null'], title: '门店', minimum: 1, maximum: 2147483647 },
    shopName: { type: ['string', 'null'], title: '门店名称', maxLength: 24 },
    targetMoonTime: dateParam('目标月份', 'month', { nullable: true }),
    targetMoonTimeStart: dateParam('开始月份', 'month', { nullable: true }),
    targetMoonTimeEnd: dateParam('结束月份', 'month', { nullable: true }),
  },
} as const;

const monthQuery = {
  type: 'object', required: ['shopId', 'targetMoonTime'],
  properties: { shopId: SHOP_ID, targetMoonTime: MONTH },
} as const;

const IMPORT_TITLES = ['门店编码', '目标月份', '目标金额', '备注'] as const;

export const targetRoutes = async (app: FastifyInstance) => {
  // ---- shop-performance-target -------------------------------------------------------------------------------
  app.post<{ Params: { pageNum: number; pageSize: number }; Body: ListFilters | null }>('/shop-performance-target/list/:pageNum/:pageSize', {
    config: { perm: TARGET_PERMS.list },
    schema: { tags, summary: '门店月度绩效目标分页：目标金额、实际销售（订单计算，退款冲减）、达成率', params: pageParamsSchema, body: LIST_FILTERS, response: { 200: targetPageAnswer } },
  }, async (req) => {
    const f = req.body ?? {};
    const { pageNum, pageSize } = req.params;
    return ok(await req.tenantTx((tx) => targetPage(tx, f, pageNum, pageSize)).catch(asCallerError));
  });

  app.route<{ Body: { ids: number[] } }>({
    method: ['POST', 'DELETE'], url: '/shop-performance-target/delete',
    config: { perm: TARGET_PERMS.delete },
    schema: {
      tags, summary: '删除绩效目标（连同人员目标与每日目标）；body {ids}',
      body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: { type: 'array', title: '绩效目标', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 2147483647, title: '绩效目标' } } } },
    },
    handler: async (req) => {
      const n = await req.tenantTx((tx) => deleteTargets(tx, req.body.ids));
      return ok({ deleted: n }, `已删除 ${n} 条绩效目标`);
    },
  });

  app.get<{ Params: { shopId: number; targetMoonTime: string } }>('/shop-performance-target/detail/:shopId/:targetMoonTime', {
    config: { perm: TARGET_PERMS.list },
    schema: { tags, summary: '某门店某月的绩效目标：门店目标、人员目标（可编辑的拆分）与达成', params: monthQuery, response: { 200: targetDetailAnswer } },
  }, async (req) => req.tenantTx(async (tx) => {
    const { shopId, targetMoonTime } = req.params;
    const shop = await shopOfTenant(tx, shopId);
    const target = await targetOf(tx, shopId, targetMoonTime);
    const info = await reachInfo(tx, shopId, targetMoonTime);
    const users = await userTargetsOf(tx, shopId, targetMoonTime);
    return ok({
      ...(target ?? { targetId: null, shopId, shopName: shop.shopName, targetMoonTime, targetAmount: 0, remark: null }),
      exists: Boolean(target),
      actualAmount: info.actualAmount, reachRate: info.reachRate,
      userTargets: users.map((u) => {
        const reached = info.users.find((x) => x.userId === u.userId);
        return { userId: u.userId, userName: u.userName, targetAmount: u.fen / 100, actualAmount: reached?.actualAmount ?? 0, reachRate: reached?.reachRate ?? null };
      }),
    }, target ? '操作成功' : '该门店本月尚未设置绩效目标');
  }).catch(asCallerError));

  app.get<{ Querystring: { shopId: number; targetMoonTime: string } }>('/shop-performance-target/reach/info', {
    config: { perm: TARGET_PERMS.list },
    schema: { tags, summary: '达成情况：目标、实际销售（订单，退款冲减）、达成率、时间进度、各人员达成', querystring: monthQuery, response: { 200: reachInfoAnswer } },
  }, async (req) => ok(await req.tenantTx((tx) => reachInfo(tx, req.query.shopId, req.query.targetMoonTime)).catch(asCallerError)));

  app.get<{ Querystring: { shopId: number; targetMoonTime: string } }>('/shop-performance-target/reach/list-day', {
    config: { perm: TARGET_PERMS.list },
    schema: { tags, summary: '每日达成：当月每天的目标、实际销售、达成率与累计', querystring: monthQuery, response: { 200: reachDaysAnswer } },
  }, async (req) => ok(await req.tenantTx((tx) => reachByDay(tx, req.query.shopId, req.query.targetMoonTime)).catch(asCallerError)));

  app.get<{ Params: { shopId: number; targetMoonTime: string } }>('/shop-performance-target/sellers/:shopId/:targetMoonTime', {
    config: { perm: TARGET_PERMS.list },
    schema: { tags, summary: '拆分目标可选的人员：近 90 天在该店销售的人员（默认拆分对象）与全部启用的用户', params: monthQuery },
  }, async (req) => req.tenantTx(async (tx) => {
    await shopOfTenant(tx, req.params.shopId);
    const recent = await recentSellers(tx, req.params.shopId, req.params.targetMoonTime);
    const users = await enabledUsers(tx);
    return ok({ recent, users });
  }).catch(asCallerError));

  app.post<{ Body: TargetInput }>('/shop-performance-target/add', {
    config: { perm: TARGET_PERMS.add },
    schema: { tags, summary: '新增门店月度目标；不传人员目标时平均拆分给近 90 天在该店销售的人员，再按日拆分（周末按报表配置加权）', body: TARGET_BODY },
  }, async (req) => {
    refuseNulls(req.body as never, { shopId: '门店', targetAmount: '目标金额' });
    const id = await req.tenantTx((tx) => writeTarget(tx, req.auth!, req.body, 'add')).catch(asCallerError);
    return ok({ targetId: id }, '新增成功');
  });

  app.put<{ Body: TargetInput & { targetId: number } }>('/shop-performance-target/edit', {
    config: { perm: TARGET_PERMS.edit },
    schema: {
      tags, summary: '修改门店月度目标（targetId）；人员目标合计须等于门店目标；不传人员目标时按原比例重算',
      body: { ...TARGET_BODY, required: ['targetId', ...TARGET_BODY.required], properties: { targetId: { type: 'integer', title: '绩效目标', minimum: 1, maximum: 2147483647 }, ...TARGET_PROPS } },
    },
  }, async (req) => {
    refuseNulls(req.body as never, { targetId: '绩效目标', shopId: '门店', targetAmount: '目标金额' });
    await req.tenantTx((tx) => writeTarget(tx, req.auth!, req.body, 'edit', req.body.targetId)).catch(asCallerError);
    return ok({ targetId: req.body.targetId }, '修改成功');
  });

  app.post<{ Body: { list: TargetInput[] } }>('/shop-performance-target/mergeNew', {
    config: { perm: TARGET_PERMS.add },
    schema: {
      tags, summary: '批量保存门店月度目标：按门店+月份已有则修改、没有则新增，全部成功或全部不写',
      body: { type: 'object', required: ['list'], additionalProperties: false, properties: { list: { type: 'array', title: '目标', minItems: 1, maxItems: 1000, items: TARGET_BODY } } },
    },
  }, async (req) => {
    req.body.list.forEach((t, i) => {
      try {
        refuseNulls(t as never, { shopId: '门店', targetAmount: '目标金额' });
      } catch (e) {
        throw new ApiError('BAD_REQUEST', `第${i + 1}行：${(e as Error).message}`);
      }
    });
    const keys = req.body.list.map((t) => `${t.shopId}|${t.targetMoonTime}`);
    const dup = keys.findIndex((k, i) => keys.indexOf(k) !== i);
    if (dup >= 0) throw new ApiError('BAD_REQUEST', `第${dup + 1}行：同一门店同一月份重复`);
    const ids = await req.tenantTx(async (tx) => {
      const out: number[] = [];
      for (const [i, t] of req.body.list.entries()) {
        out.push(await writeTarget(tx, req.auth!, t, 'merge').catch((e: unknown) => {
          if (e instanceof ApiError) throw Object.assign(new ApiError(e.status === 409 ? 'CONFLICT' : 'BAD_REQUEST', `第${i + 1}行：${e.message}`));
          throw e;
        }));
      }
      return out;
    }).catch(asCallerError);
    return ok({ targetIds: ids }, `已保存 ${ids.length} 条绩效目标`);
  });

  app.get('/shop-performance-target/report-config/get', {
    config: { perm: TARGET_PERMS.list },
    schema: { tags, summary: '绩效报表配置：预警达成率、达标达成率（%），周末日目标权重', response: { 200: reportConfigAnswer } },
  }, async (req) => ok(await req.tenantTx((tx) => reportConfig(tx))));

  app.post<{ Body: { warnRate: number; goodRate: number; weekendWeight: number } }>('/shop-performance-target/report-config/save', {
    config: { perm: TARGET_PERMS.config },
    schema: {
      tags, summary: '保存绩效报表配置（周末权重在下次保存目标或刷新人员目标时生效）',
      body: {
        type: 'object', required: ['warnRate', 'goodRate', 'weekendWeight'], additionalProperties: false,
        properties: {
          warnRate: { type: 'number', title: '预警达成率', minimum: 0, maximum: 999 },
          goodRate: { type: 'number', title: '达标达成率', minimum: 0, maximum: 999 },
          weekendWeight: { type: 'number', title: '周末权重', minimum: 0.1, maximum: 10 },
        },
      },
    },
  }, async (req) => {
    refuseNulls(req.body as never, { warnRate: '预警达成率', goodRate: '达标达成率', weekendWeight: '周末权重' });
    await req.tenantTx((tx) => saveReportConfig(tx, req.auth!, req.body));
    return ok(null, '保存成功');
  });

  app.get('/shop-performance-target/template', {
    config: { perm: TARGET_PERMS.import },
    schema: { tags, summary: '绩效目标导入模板（门店编码、目标月份、目标金额、备注）' },
  }, async (_req, reply) => {
    const wb = new (await loadExcel()).Workbook();
    const ws = wb.addWorksheet('绩效目标');
    ws.addRow([...IMPORT_TITLES]);
    ws.getRow(1).font = { bold: true };
    ws.columns.forEach((c) => { c.width = 16; });
    ws.getColumn(2).numFmt = '@';
    const help = wb.addWorksheet('填写说明');
    help.addRow(['列', '必填', '规则']);
    help.addRow(['门店编码', '是', '门店信息中的门店编码']);
    help.addRow(['目标月份', '是', 'YYYY-MM，如 2026-11（请设为文本格式）']);
    help.addRow(['目标金额', '是', '元，最多两位小数；平均拆分给近 90 天在该店销售的人员']);
    help.addRow(['备注', '否', '最多 200 个字符']);
    return sendXlsx(reply, '绩效目标导入模板.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
  });

  app.post('/shop-performance-target/import', {
    config: { perm: TARGET_PERMS.import },
    schema: { tags, consumes: FILE_BODY, summary: '导入绩效目标（xlsx）：已有的门店月份被修改；任一行有误则整份不写并返回逐行错误' },
  }, async (req, reply) => {
    const buf = await fileBuffer(req as unknown as Req);
    const wb = new (await loadExcel()).Workbook();
    try {
      await wb.xlsx.load(buf as never);
    } catch {
      throw new ApiError('BAD_REQUEST', '文件不是有效的 xlsx 文件');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new ApiError('BAD_REQUEST', '文件中没有工作表');
    const header = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(cellValue(v as never) ?? '').trim());
    const col = Object.fromEntries(IMPORT_TITLES.map((t) => [t, header.indexOf(t) + 1]));
    const lacking = IMPORT_TITLES.slice(0, 3).filter((t) => !col[t]);
    if (lacking.length) throw new ApiError('BAD_REQUEST', `缺少列：${lacking.join('、')}（请使用导入模板）`);
    const rows: { row: number; code: string; month: string; amount: unknown; remark: string | null }[] = [];
    ws.eachRow((r, n) => {
      if (n === 1) return;
      const get = (t: string) => (col[t] ? cellValue(r.getCell(col[t]).value) : null);
      const code = String(get('门店编码') ?? '').trim();
      let month = get('目标月份');
      if (typeof month === 'string') month = month.trim().slice(0, 7).replace('/', '-');
      const amount = get('目标金额');
      if (!code && !month && (amount === null || amount === '')) return;
      rows.push({ row: n, code, month: String(month ?? ''), amount, remark: get('备注') === null ? null : String(get('备注')).slice(0, 200) });
    });
    if (!rows.length) throw new ApiError('BAD_REQUEST', '暂无数据');
    const errors: ImportRowError[] = [];
    const result = await req.tenantTx(async (tx) => {
      const shops = await shopIdsByCode(tx, rows.map((r) => r.code));
      const seen = new Map<string, number>();
      const inputs: { row: number; input: TargetInput }[] = [];
      for (const r of rows) {
        const shopId = shops.get(r.code);
        if (!r.code) errors.push({ row: r.row, field: '门店编码', message: '门店编码不能为空' });
        else if (!shopId) errors.push({ row: r.row, field: '门店编码', message: `门店编码「${r.code}」不存在` });
        if (!isMonth(r.month)) errors.push({ row: r.row, field: '目标月份', message: dateParamMessage('目标月份', 'month') });
        const amount = typeof r.amount === 'number' ? r.amount : Number(String(r.amount ?? '').trim() || NaN);
        try {
          if (!Number.isFinite(amount)) throw new ApiError('BAD_REQUEST', '目标金额应为数字');
          amountFen(amount, '目标金额');
        } catch (e) {
          errors.push({ row: r.row, field: '目标金额', message: (e as Error).message });
        }
        const key = `${shopId}|${r.month}`;
        if (shopId && seen.has(key)) errors.push({ row: r.row, field: '目标月份', message: `与第${seen.get(key)}行的门店和月份重复` });
        seen.set(key, r.row);
        if (shopId && isMonth(r.month) && Number.isFinite(amount)) inputs.push({ row: r.row, input: { shopId, targetMoonTime: r.month, targetAmount: amount, remark: r.remark } });
      }
      if (errors.length) return null;
      for (const x of inputs) await writeTarget(tx, req.auth!, x.input, 'merge');
      return inputs.length;
    }).catch(asCallerError);
    const answer = report(rows.length, result ?? 0, errors);
    return reply.status(errors.length ? 400 : 200).send(answer);
  });

  // ---- shop-user-performance-target ----------------------------------------------------------------------------
  app.post<{ Params: { pageNum: number; pageSize: number }; Body: { targetMoonTime: string; shopId?: number | null; userName?: string | null } }>('/shop-user-performance-target/list/:pageNum/:pageSize', {
    config: { perm: TARGET_PERMS.list },
    schema: {
      tags, summary: '人员月度目标与达成（按订单收银员计算，退款冲减）',
      params: pageParamsSchema,
      body: { type: 'object', required: ['targetMoonTime'], additionalProperties: false, properties: { targetMoonTime: MONTH, shopId: { ...SHOP_ID, type: ['integer', 'null'] }, userName: { type: ['string', 'null'], title: '姓名', maxLength: 24 } } },
    },
  }, async (req) => {
    const { pageNum, pageSize } = req.params;
    return ok(await req.tenantTx((tx) => userTargetPage(tx, req.body, pageNum, pageSize)).catch(asCallerError));
  });

  app.post<{ Body: { targetMoonTime: string; shopId?: number | null } }>('/shop-user-performance-target/refresh', {
    config: { perm: TARGET_PERMS.edit },
    schema: {
      tags, summary: '按当前报表配置（周末权重）重新拆分某月（某店或全部门店）人员的每日目标；实际销售随时按订单计算，无需刷新',
      body: { type: 'object', required: ['targetMoonTime'], additionalProperties: false, properties: { targetMoonTime: MONTH, shopId: { ...SHOP_ID, type: ['integer', 'null'] } } },
      response: { 200: refreshAnswer },
    },
  }, async (req) => {
    const r = await req.tenantTx(async (tx) => {
      if (req.body.shopId) await shopOfTenant(tx, req.body.shopId);
      return refreshDayTargets(tx, req.body.targetMoonTime, req.body.shopId ?? null);
    }).catch(asCallerError);
    return ok({ ...r, refreshTime: new Date().toISOString() }, `已刷新 ${r.targets} 个门店目标的每日拆分`);
  });

  // ---- shop-user-performance-daily-target ---------------------------------------------------------------------
  const DAILY_BODY = {
    type: 'object', required: ['shopId', 'targetMoonTime'], additionalProperties: false,
    properties: { shopId: SHOP_ID, targetMoonTime: MONTH, userId: { type: ['integer', 'null'], title: '人员', minimum: 1, maximum: 2147483647 } },
  } as const;
  type DailyBody = { shopId: number; targetMoonTime: string; userId?: number | null };
  app.post<{ Body: DailyBody }>('/shop-user-performance-daily-target/findList', {
    config: { perm: TARGET_PERMS.list },
    schema: { tags, summary: '人员每日目标与实际销售（某店某月，可按人员）', body: DAILY_BODY },
  }, async (req) => ok(await req.tenantTx((tx) => dailyRows(tx, req.body)).catch(asCallerError)));

  app.post<{ Body: DailyBody }>('/shop-user-performance-daily-target/excel', {
    config: { perm: TARGET_PERMS.export },
    schema: { tags, summary: '导出人员每日目标与达成（xlsx）', body: DAILY_BODY },
  }, async (req, reply) => {
    const { shopName, rows } = await req.tenantTx(async (tx) => ({ shopName: (await shopOfTenant(tx, req.body.shopId)).shopName, rows: await dailyRows(tx, req.body) })).catch(asCallerError);
    if (!rows.length) throw new ApiError('BAD_REQUEST', '暂无数据');
    const wb = new (await loadExcel()).Workbook();
    const ws = wb.addWorksheet('人员每日目标');
    ws.addRow(['日期', '门店', '人员', '日目标（元）', '实际销售（元）', '达成率（%）', '订单数']);
    ws.getRow(1).font = { bold: true };
    for (const r of rows) ws.addRow([r.date, shopName, r.userName, r.targetAmount, r.actualAmount, r.reachRate ?? '', r.orderCount]);
    ws.columns.forEach((c) => { c.width = 14; });
    return sendXlsx(reply, `人员每日目标_${shopName}_${req.body.targetMoonTime}.xlsx`, Buffer.from(await wb.xlsx.writeBuffer()));
  });
};

function sendXlsx(reply: FastifyReply, name: string, buf: Buffer) {
  reply.header('content-disposition', attachment(name));
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(buf);
}
