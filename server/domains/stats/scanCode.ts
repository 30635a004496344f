import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { dbToday } from '../../db/calendar.ts';
import { ok } from '../../http/envelope.ts';
import { plainText } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { periodOf, type Period } from './period.ts';
import { mergeScanCodes, NO_DEPT } from './scanCodeMerge.ts';
import { shopsOfCall } from '../../auth/callerShops.ts';
import { bodyOf, STAT_PERMS, type PeriodBody } from './statsRoutes.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { sendTable, type ExportColumn } from './tableExport.ts';
import { addDays, daysOf } from '../../../core/calendar.ts';

/**
 * 扫码统计 (stat/scan-code): how much the registers scanned — each order line of a real sale (练习收银 left out;
 * a later refund does not unscan it) is one scan — per shop, department (the shop's 区域) and day. `merge` takes
 * the snapshot of a period for every shop of the tenant (stat_scan_code_day, and the days it counted in
 * stat_scan_code_merge); page, dept-list, trend-list, shop-num and export read the snapshot and never recompute
 * it, and say which days of the period were not counted yet.
 */
const tags = ['wxy-order-server'];
const DEPT = { ...plainText('部门', 24), type: ['string', 'null'] } as const;
const PAGE_PROPS = {
  pageNum: { type: 'integer', minimum: 1, maximum: 100000, title: '页码' },
  pageSize: { type: 'integer', minimum: 1, maximum: 999999, title: '每页条数' },
} as const;
type ScanBody = PeriodBody & { deptName?: string | null };

/** When the period was last counted, and its days not counted yet. */
async function mergeState(tx: Queryable, p: Period) {
  const r = (await tx.query<{ days: string[]; last: string | null }>(
    `SELECT coalesce(array_agg(to_char(stat_date, 'YYYY-MM-DD') ORDER BY stat_date), '{}') AS days, to_char(max(merge_time), 'YYYY-MM-DD HH24:MI:SS') AS last
       FROM stat_scan_code_merge WHERE stat_date BETWEEN $1::date AND $2::date`,
    [p.from, p.to],
  )).rows[0];
  const merged = new Set(r.days);
  const missing = daysOf(p).filter((d) => !merged.has(d));
  return {
    lastMergeTime: r.last,
    unmergedDays: missing,
    mergeHint: missing.length ? `${missing.length === p.days ? '所选日期' : `其中 ${missing.length} 天`}尚未统计扫码数据，请点击「统计」` : null,
  };
}

async function scope(tx: Queryable, auth: AuthContext, b: ScanBody | null | undefined, defaultDays = 7) {
  const today = await dbToday(tx);
  const from = addDays(today, -(defaultDays - 1));
  const period = periodOf(b?.startDate, b?.endDate, today, { from });
  const shops = await shopsOfCall(tx, auth, b?.shopId);
  return { period, shops, dept: b?.deptName?.trim() || null };
}

const WHERE = `stat_date BETWEEN $1::date AND $2::date AND ($3::int[] IS NULL OR shop_id = ANY($3::int[])) AND ($4::text IS NULL OR dept_name = $4)`;

async function pageRows(tx: Queryable, auth: AuthContext, b: ScanBody | null) {
  const { period, shops, dept } = await scope(tx, auth, b);
  const pageNum = b?.pageNum ?? 1;
  const pageSize = b?.pageSize ?? 20;
  const params = [period.from, period.to, shops, dept];
  const records = (await tx.query(
    `SELECT to_char(stat_date, 'YYYY-MM-DD') || '-' || shop_id AS "rowKey", shop_id AS "shopId", shop_name AS "shopName", dept_name AS "deptName", to_char(stat_date, 'YYYY-MM-DD') AS "statDate",
            scan_count AS "scanCount", sku_count AS "skuCount", order_count AS "orderCount", quantity::float8 AS quantity,
            to_char(merge_time, 'YYYY-MM-DD HH24:MI:SS') AS "mergeTime", merge_user_name AS "mergeUserName"
       FROM stat_scan_code_day WHERE ${WHERE}
      ORDER BY stat_date DESC, scan_count DESC, shop_id LIMIT $5 OFFSET $6`,
    [...params, pageSize, (pageNum - 1) * pageSize],
  )).rows;
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM stat_scan_code_day WHERE ${WHERE}`, params)).rows[0].n;
  return { period, records, total };
}

const EXPORT_COLUMNS: ExportColumn[] = [
  { field: 'statDate', title: '日期' }, { field: 'deptName', title: '部门（区域）' }, { field: 'shopName', title: '门店' }, { field: 'scanCount', title: '扫码次数' },
  { field: 'skuCount', title: '扫码SKU数' }, { field: 'orderCount', title: '订单数' }, { field: 'quantity', title: '商品件数' }, { field: 'mergeTime', title: '统计时间' },
];

export const scanCodeRoutes = async (app: FastifyInstance) => {
  const BASE = '/stat/scan-code';
  app.post<{ Body: ScanBody | null }>(`${BASE}/shop-num`, {
    config: { perm: STAT_PERMS.scanCode },
    schema: { tags, summary: '扫码门店数：营业门店总数、期间有扫码与无扫码的门店数，及无扫码的门店', body: bodyOf({ deptName: DEPT }) },
  }, async (req) => ok(await req.tenantTx(async (tx) => {
    const { period, shops, dept } = await scope(tx, req.auth!, req.body);
    const rows = (await tx.query<{ shopId: number; shopName: string; scanned: boolean }>(
      `SELECT s.shop_id AS "shopId", s.shop_name AS "shopName",
              EXISTS (SELECT 1 FROM stat_scan_code_day d WHERE d.shop_id = s.shop_id AND d.stat_date BETWEEN $1::date AND $2::date AND d.scan_count > 0) AS scanned
         FROM shop_base s
        WHERE s.status = 1 AND ($3::int[] IS NULL OR s.shop_id = ANY($3::int[])) AND ($4::text IS NULL OR coalesce(s.region_name, $5) = $4)
        ORDER BY s.shop_id`,
      [period.from, period.to, shops, dept, NO_DEPT],
    )).rows;
    const scanned = rows.filter((r) => r.scanned).length;
    return {
      startDate: period.from, endDate: period.to, shopTotal: rows.length, scannedShopNum: scanned, unscannedShopNum: rows.length - scanned,
      unscannedShops: rows.filter((r) => !r.scanned).map((r) => ({ shopId: r.shopId, shopName: r.shopName })), ...(await mergeState(tx, period)),
    };
  }).catch(asCallerError)));
};

// 扫码统计 is a computed report resource (schemas/resources/stat-scan-code.json): the routes, permissions and screen are the
// descriptor's, the figures these handlers'.
registerCustomRoute('stats.scanCode.merge', {
  schema: { body: bodyOf({}) },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const today = await dbToday(tx);
    const body = req.body as PeriodBody | null;
    const period = periodOf(body?.startDate, body?.endDate, today);
    const merged = await mergeScanCodes(tx, req.auth!, period);
    // The report screen's 统计 shows the message of a whole-list call.
    return { startDate: period.from, endDate: period.to, ...merged, message: `扫码统计完成：${merged.rows} 行（${merged.mergeTime}）` };
  }).catch(asCallerError), '扫码统计完成'),
});

registerCustomRoute('stats.scanCode.page', {
  schema: { body: bodyOf({ ...PAGE_PROPS, deptName: DEPT }) },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const { period, records, total } = await pageRows(tx, req.auth!, req.body as ScanBody | null);
    return { records, total, startDate: period.from, endDate: period.to, ...(await mergeState(tx, period)) };
  }).catch(asCallerError)),
});

registerCustomRoute('stats.scanCode.dept', {
  schema: { body: bodyOf({}) },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const { period, shops } = await scope(tx, req.auth!, req.body as ScanBody | null);
    const rows = (await tx.query<{ deptName: string; shopCount: number; scannedShopCount: number; scanCount: number; skuCount: number; orderCount: number; quantity: number }>(
      `WITH shops AS (SELECT shop_id, coalesce(region_name, $4) AS dept FROM shop_base WHERE status = 1 AND ($3::int[] IS NULL OR shop_id = ANY($3::int[]))),
            scans AS (SELECT dept_name AS dept, count(DISTINCT shop_id) AS scanned, sum(scan_count) AS scans, sum(sku_count) AS skus, sum(order_count) AS orders, sum(quantity) AS qty
                        FROM stat_scan_code_day WHERE stat_date BETWEEN $1::date AND $2::date AND ($3::int[] IS NULL OR shop_id = ANY($3::int[])) GROUP BY 1),
            depts AS (SELECT dept, count(*) AS n FROM shops GROUP BY 1)
       SELECT coalesce(d.dept, s.dept) AS "deptName", coalesce(d.n, 0)::int AS "shopCount", coalesce(s.scanned, 0)::int AS "scannedShopCount",
              coalesce(s.scans, 0)::int AS "scanCount", coalesce(s.skus, 0)::int AS "skuCount", coalesce(s.orders, 0)::int AS "orderCount", coalesce(s.qty, 0)::float8 AS quantity
         FROM depts d FULL JOIN scans s ON s.dept = d.dept ORDER BY 4 DESC, 1`,
      [period.from, period.to, shops, NO_DEPT],
    )).rows;
    const records = rows.map((r) => ({ ...r, avgScanPerShop: r.shopCount ? Math.round((r.scanCount * 100) / r.shopCount) / 100 : 0 }));
    return { records, total: records.length, startDate: period.from, endDate: period.to, ...(await mergeState(tx, period)) };
  }).catch(asCallerError)),
});

registerCustomRoute('stats.scanCode.trend', {
  schema: { body: bodyOf({ deptName: DEPT }) },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const { period, shops, dept } = await scope(tx, req.auth!, req.body as ScanBody | null);
    const rows = new Map((await tx.query<{ day: string; scanCount: number; skuCount: number; orderCount: number; shopNum: number }>(
      `SELECT to_char(stat_date, 'YYYY-MM-DD') AS day, sum(scan_count)::int AS "scanCount", sum(sku_count)::int AS "skuCount",
              sum(order_count)::int AS "orderCount", count(DISTINCT shop_id)::int AS "shopNum"
         FROM stat_scan_code_day WHERE ${WHERE} GROUP BY stat_date`,
      [period.from, period.to, shops, dept],
    )).rows.map((r) => [r.day, r]));
    const state = await mergeState(tx, period);
    const missing = new Set(state.unmergedDays);
    const records = daysOf(period).map((d) => {
      const r = rows.get(d);
      return { date: d, merged: !missing.has(d), scanCount: r?.scanCount ?? 0, skuCount: r?.skuCount ?? 0, orderCount: r?.orderCount ?? 0, shopNum: r?.shopNum ?? 0 };
    });
    return { records, total: records.length, startDate: period.from, endDate: period.to, ...state };
  }).catch(asCallerError)),
});

registerCustomRoute('stats.scanCode.export', {
  schema: { body: bodyOf({ deptName: DEPT, format: { type: 'string', enum: ['xlsx', 'csv'], title: '导出格式' } }) },
  handler: async (req, reply) => {
    const body = req.body as (ScanBody & { format?: 'xlsx' | 'csv' }) | null;
    const a = await req.tenantTx((tx) => pageRows(tx, req.auth!, { ...body, pageNum: 1, pageSize: 999999 })).catch(asCallerError);
    return sendTable(reply, '扫码统计', body?.format, EXPORT_COLUMNS, a.records as Record<string, unknown>[]);
  },
});
