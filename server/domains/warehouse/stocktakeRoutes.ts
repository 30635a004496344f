import type { FastifyInstance } from 'fastify';
import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import type { Queryable } from '../../db/index.ts';
import { docContext } from '../../documents/context.ts';
import { readDocument } from '../../documents/routes.ts';
import { ApiError } from '../../errors.ts';
import { offsetOf, ok } from '../../http/envelope.ts';
import { dateParam, plainText } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { lockWarehouseCounts, refuseOverlap, UNCOUNTED } from './stocktake.ts';

/**
 * The stocktake calls beside the generic document routes (wh-inventory descriptor): by key, line lists (by SKU
 * and by SPU), status counts, header edits, lines added or removed while counting, the difference preview,
 * differences across stocktakes, the counting config, and the ticket (wxy-warehouse-server).
 */

type Row = Record<string, unknown>;
const tags = ['wxy-warehouse-server'];
const LIST = 'wh:inventory:list';
const idSchema = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2147483647, title });
const keySchema = { type: 'string', title: '盘点标识', minLength: 1, maxLength: 36, pattern: '^[A-Za-z0-9-]+$', 'x-msg': '盘点标识格式不正确' };
const pagingProps = { pageNum: { type: 'integer', minimum: 1, maximum: 2147483647, title: '页码' }, pageSize: { type: 'integer', minimum: 1, maximum: 999999, title: '每页条数' } };

const LINE_COLUMNS = `d.det_id AS "detId", d.inventory_id AS "inventoryId", d.line_no AS "lineNo", d.sku_id AS "skuId", d.sku_code AS "skuCode", d.sku_name AS "skuName",
  d.barcode, d.spec, d.unit, d.spu_id AS "spuId", d.spu_name AS "spuName", d.book_quantity::float8 AS "bookQuantity", d.quantity::float8 AS quantity,
  d.book_at_count::float8 AS "bookAtCount", d.diff_quantity::float8 AS "diffQuantity", d.unit_cost::float8 AS "unitCost", d.diff_amount::float8 AS "diffAmount",
  to_char(d.count_time, 'YYYY-MM-DD HH24:MI:SS') AS "countTime", d.remark`;

async function idByKey(tx: Queryable, key: string): Promise<number> {
  const r = await tx.query<{ inventory_id: number }>(`SELECT inventory_id FROM wh_inventory WHERE inventory_key = $1`, [key]);
  if (!r.rows[0]) throw new ApiError('NOT_FOUND', '盘点单不存在');
  return r.rows[0].inventory_id;
}

async function mustExist(tx: Queryable, id: number): Promise<{ status: number; wh_id: number }> {
  const r = await tx.query<{ status: number; wh_id: number }>(`SELECT status, wh_id FROM wh_inventory WHERE inventory_id = $1 FOR UPDATE`, [id]);
  if (!r.rows[0]) throw new ApiError('NOT_FOUND', '盘点单不存在');
  return r.rows[0];
}

/** Differences of one stocktake as they would post now (counted lines against their book at count). */
async function preview(tx: Queryable, id: number) {
  const cfg = await tx.query<{ uncounted_as: number }>(`SELECT uncounted_as FROM wh_inventory_config`);
  const zero = Number(cfg.rows[0]?.uncounted_as ?? UNCOUNTED.skip) === UNCOUNTED.zero;
  const h = await mustExist(tx, id);
  const rows = (
    await tx.query<Row>(
      `SELECT d.det_id AS "detId", d.sku_id AS "skuId", d.sku_code AS "skuCode", d.sku_name AS "skuName",
              coalesce(d.book_at_count, b.on_hand, 0)::float8 AS book, d.quantity::float8 AS counted,
              CASE WHEN d.quantity IS NOT NULL THEN (d.quantity - coalesce(d.book_at_count, 0))::float8
                   WHEN $2 THEN (0 - coalesce(b.on_hand, 0))::float8 END AS diff,
              coalesce(b.avg_cost, d.unit_cost)::float8 AS "unitCost"
         FROM wh_inventory_det d LEFT JOIN stock_balance b ON b.wh_id = $3 AND b.sku_id = d.sku_id
        WHERE d.inventory_id = $1 ORDER BY d.line_no`,
      [id, zero, h.wh_id],
    )
  ).rows;
  const lines = rows.map((r) => ({ ...r, diff: r.diff as number | null, diffAmount: r.diff === null ? null : Math.round(Number(r.diff) * Number(r.unitCost) * 100) / 100 }));
  const changed = lines.filter((l) => l.diff !== null && Number(l.diff) !== 0);
  return {
    uncountedAs: zero ? UNCOUNTED.zero : UNCOUNTED.skip,
    lines,
    diffLines: changed.length,
    gainQuantity: changed.reduce((a, l) => a + Math.max(0, Number(l.diff)), 0),
    lossQuantity: changed.reduce((a, l) => a + Math.max(0, -Number(l.diff)), 0),
    diffAmount: Math.round(changed.reduce((a, l) => a + Number(l.diffAmount), 0) * 100) / 100,
  };
}

export function stocktakeRoutes(resources: ReadonlyMap<string, ResourceDescriptor>) {
  const inv = docContext(resources.get('wh-inventory')!, resources);
  return async (app: FastifyInstance) => {
    app.get<{ Params: { inventoryKey: string } }>('/wh-inventory/info/:inventoryKey', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点单详情（按盘点标识）：表头、明细、历史、可执行操作', params: { type: 'object', required: ['inventoryKey'], properties: { inventoryKey: keySchema } } },
    }, async (req) => {
      const doc = await req.tenantTx(async (tx) => readDocument(tx, req.auth!, inv, await idByKey(tx, req.params.inventoryKey))).catch(asCallerError);
      return ok(doc);
    });

    app.get<{ Params: { inventoryKey: string } }>('/wh-inventory/v2/primary/info/:inventoryKey', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点单表头（按盘点标识，不含明细）', params: { type: 'object', required: ['inventoryKey'], properties: { inventoryKey: keySchema } } },
    }, async (req) => {
      const doc = await req.tenantTx(async (tx) => readDocument(tx, req.auth!, inv, await idByKey(tx, req.params.inventoryKey))).catch(asCallerError);
      const { detList: _lines, ...header } = doc as Row;
      void _lines;
      return ok(header);
    });

    app.get<{ Querystring: { inventoryId: number; keyword?: string; counted?: 0 | 1; pageNum?: number; pageSize?: number } }>('/wh-inventory/sku-list', {
      config: { perm: LIST },
      schema: {
        tags,
        summary: '盘点明细（按 SKU）：可按条码、编码、名称查找，counted=0 只看未盘的',
        querystring: { type: 'object', required: ['inventoryId'], properties: { inventoryId: idSchema('盘点单'), keyword: plainText('商品', 48), counted: { type: 'integer', enum: [0, 1], title: '是否已盘' }, ...pagingProps } },
      },
    }, async (req) => {
      const q = req.query;
      const pageNum = q.pageNum ?? 1;
      const pageSize = q.pageSize ?? 100;
      const kw = q.keyword?.trim() ? `%${q.keyword.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const page = await req
        .tenantTx(async (tx) => {
          await mustExist(tx, q.inventoryId);
          const where = `d.inventory_id = $1 AND ($2::text IS NULL OR d.sku_name ILIKE $2 OR d.sku_code ILIKE $2 OR d.barcode ILIKE $2)
                         AND ($3::int IS NULL OR ($3 = 1) = (d.quantity IS NOT NULL))`;
          const total = Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wh_inventory_det d WHERE ${where}`, [q.inventoryId, kw, q.counted ?? null])).rows[0].n);
          const records = (await tx.query(`SELECT ${LINE_COLUMNS} FROM wh_inventory_det d WHERE ${where} ORDER BY d.line_no LIMIT $4 OFFSET $5`, [q.inventoryId, kw, q.counted ?? null, pageSize, offsetOf(pageNum, pageSize)])).rows;
          return { records, total };
        })
        .catch(asCallerError);
      return ok(page);
    });

    app.get<{ Querystring: { inventoryId: number } }>('/wh-inventory/v2/spu-list', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点明细按商品（SPU）汇总：SKU 数、已盘数、账面、实盘、差异', querystring: { type: 'object', required: ['inventoryId'], properties: { inventoryId: idSchema('盘点单') } } },
    }, async (req) => {
      const rows = await req
        .tenantTx(async (tx) => {
          await mustExist(tx, req.query.inventoryId);
          return (
            await tx.query(
              `SELECT d.spu_id AS "spuId", coalesce(max(d.spu_name), '未归类') AS "spuName", count(*)::int AS "skuCount", count(d.quantity)::int AS "countedCount",
                      sum(d.book_quantity)::float8 AS "bookQuantity", sum(d.quantity)::float8 AS quantity, coalesce(sum(d.diff_quantity), 0)::float8 AS "diffQuantity"
                 FROM wh_inventory_det d WHERE d.inventory_id = $1 GROUP BY d.spu_id ORDER BY "spuName"`,
              [req.query.inventoryId],
            )
          ).rows;
        })
        .catch(asCallerError);
      return ok(rows);
    });

    app.get('/wh-inventory/status-list', {
      config: { perm: LIST },
      schema: { tags, summary: '各状态的盘点单数（状态页签用）' },
    }, async (req) => {
      const rows = await req.tenantTx(async (tx) =>
        (
          await tx.query<{ value: number; count: number }>(
            `SELECT s.value, count(h.inventory_id)::int AS count FROM unnest(ARRAY[1, 2, 3]) AS s(value) LEFT JOIN wh_inventory h ON h.status = s.value GROUP BY s.value ORDER BY s.value`,
          )
        ).rows,
      );
      const labels: Record<number, string> = { 1: '盘点中', 2: '已复核', 3: '已过账' };
      return ok(rows.map((r) => ({ value: r.value, label: labels[r.value], count: r.count })));
    });

    app.post<{ Body: { inventoryId: number; remark?: string | null } }>('/wh-inventory/edit', {
      config: { perm: 'wh:inventory:add' },
      schema: { tags, summary: '修改盘点单备注（盘点中）', body: { type: 'object', required: ['inventoryId'], properties: { inventoryId: idSchema('盘点单'), remark: { ...plainText('备注', 200), type: ['string', 'null'] } } } },
    }, async (req) => {
      await req
        .tenantTx(async (tx) => {
          const h = await mustExist(tx, req.body.inventoryId);
          if (h.status !== 1) throw new ApiError('CONFLICT', '盘点单已复核，不能修改');
          await tx.query(`UPDATE wh_inventory SET remark = $2 WHERE inventory_id = $1`, [req.body.inventoryId, req.body.remark ?? null]);
        })
        .catch(asCallerError);
      return ok(null, '保存成功');
    });

    app.post<{ Body: { inventoryId: number; addSkuIds?: number[]; removeDetIds?: number[] } }>('/wh-inventory/adjust-det', {
      config: { perm: 'wh:inventory:add' },
      schema: {
        tags,
        summary: '盘点中增删商品：addSkuIds 加入（账面取此刻库存），removeDetIds 移除',
        body: {
          type: 'object',
          required: ['inventoryId'],
          properties: {
            inventoryId: idSchema('盘点单'),
            addSkuIds: { type: 'array', maxItems: 10000, items: idSchema('商品'), title: '加入的商品' },
            removeDetIds: { type: 'array', maxItems: 10000, items: idSchema('明细'), title: '移除的明细' },
          },
        },
      },
    }, async (req) => {
      const { inventoryId, addSkuIds = [], removeDetIds = [] } = req.body;
      const res = await req
        .tenantTx(async (tx) => {
          const h = await mustExist(tx, inventoryId);
          if (h.status !== 1) throw new ApiError('CONFLICT', '盘点单已复核，不能增删商品');
          if (addSkuIds.length) {
            const bad = await tx.query<{ id: number }>(`SELECT x.id FROM unnest($1::int[]) AS x(id) LEFT JOIN pd_sku s ON s.sku_id = x.id AND s.status = 1 WHERE s.sku_id IS NULL LIMIT 1`, [addSkuIds]);
            if (bad.rows[0]) throw new ApiError('BAD_REQUEST', `商品 ${bad.rows[0].id} 不存在或已停用`);
          }
          if (addSkuIds.length) await lockWarehouseCounts(tx, h.wh_id);
          const removed = removeDetIds.length ? (await tx.query(`DELETE FROM wh_inventory_det WHERE inventory_id = $1 AND det_id = ANY($2::int[])`, [inventoryId, removeDetIds])).rowCount : 0;
          const added = addSkuIds.length
            ? (
                await tx.query(
                  `INSERT INTO wh_inventory_det (tenant_id, inventory_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, spu_id, spu_name, book_quantity, unit_cost)
                   SELECT app_current_tenant(), $1, (SELECT coalesce(max(line_no), 0) FROM wh_inventory_det WHERE inventory_id = $1) + row_number() OVER (ORDER BY s.sku_id),
                          s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, s.spu_id, s.spu_name, coalesce(b.on_hand, 0), coalesce(b.avg_cost, 0)
                     FROM pd_sku s LEFT JOIN stock_balance b ON b.wh_id = $2 AND b.sku_id = s.sku_id
                    WHERE s.sku_id = ANY($3::int[])
                   ON CONFLICT (tenant_id, inventory_id, sku_id) DO NOTHING`,
                  [inventoryId, h.wh_id, addSkuIds],
                )
              ).rowCount
            : 0;
          if (added) await refuseOverlap(tx, inventoryId, h.wh_id, false);
          await tx.query(
            `UPDATE wh_inventory h SET total_lines = t.n, counted_lines = t.c, total_quantity = t.q
               FROM (SELECT count(*)::int n, count(quantity)::int c, coalesce(sum(quantity), 0) q FROM wh_inventory_det WHERE inventory_id = $1) t WHERE h.inventory_id = $1`,
            [inventoryId],
          );
          return { added, removed };
        })
        .catch(asCallerError);
      return ok(res, `加入 ${res.added} 个、移除 ${res.removed} 个商品`);
    });

    app.post<{ Body: { inventoryId: number } }>('/wh-inventory-correction/difference/calculate', {
      config: { perm: LIST },
      schema: { tags, summary: '差异试算：按现在过账会计入的差异（不过账）', body: { type: 'object', required: ['inventoryId'], properties: { inventoryId: idSchema('盘点单') } } },
    }, async (req) => ok(await req.tenantTx((tx) => preview(tx, req.body.inventoryId)).catch(asCallerError)));

    for (const path of ['/wh-inventory/v2/findCorrectionDetList/:id', '/wh-inventory-diff-det/sku/diff/det/:id'] as const) {
      app.get<{ Params: { id: number } }>(path, {
        config: { perm: LIST },
        schema: { tags, summary: '盘点单的差异明细（差异不为 0 的商品）', params: { type: 'object', required: ['id'], properties: { id: idSchema('盘点单') } } },
      }, async (req) => {
        const rows = await req
          .tenantTx(async (tx) => {
            await mustExist(tx, req.params.id);
            return (await tx.query(`SELECT ${LINE_COLUMNS} FROM wh_inventory_det d WHERE d.inventory_id = $1 AND d.diff_quantity <> 0 ORDER BY d.line_no`, [req.params.id])).rows;
          })
          .catch(asCallerError);
        return ok(rows);
      });
    }

    app.get<{ Params: { id: number } }>('/wh-inventory/v2/find/correction/pd/:id', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点差异按商品（SPU）汇总', params: { type: 'object', required: ['id'], properties: { id: idSchema('盘点单') } } },
    }, async (req) => {
      const rows = await req
        .tenantTx(async (tx) => {
          await mustExist(tx, req.params.id);
          return (
            await tx.query(
              `SELECT d.spu_id AS "spuId", coalesce(max(d.spu_name), '未归类') AS "spuName", count(*)::int AS "skuCount",
                      sum(d.diff_quantity)::float8 AS "diffQuantity", sum(d.diff_amount)::float8 AS "diffAmount"
                 FROM wh_inventory_det d WHERE d.inventory_id = $1 AND d.diff_quantity <> 0 GROUP BY d.spu_id ORDER BY "spuName"`,
              [req.params.id],
            )
          ).rows;
        })
        .catch(asCallerError);
      return ok(rows);
    });

    // Differences across posted stocktakes, line by line or merged per SKU.
    const diffFilter = {
      type: 'object',
      properties: {
        whId: { ...idSchema('仓库'), type: ['integer', 'null'] },
        skuName: { ...plainText('商品名称', 48), type: ['string', 'null'] },
        submitTimeStart: dateParam('过账开始时间', 'date-time', { nullable: true }),
        submitTimeEnd: dateParam('过账结束时间', 'date-time', { nullable: true }),
        ...pagingProps,
      },
    };
    type DiffQuery = { whId?: number | null; skuName?: string | null; submitTimeStart?: string | null; submitTimeEnd?: string | null; pageNum?: number; pageSize?: number };
    const diffWhere = (b: DiffQuery): [string, unknown[]] => [
      `h.status = 3 AND d.diff_quantity <> 0 AND ($1::int IS NULL OR h.wh_id = $1) AND ($2::text IS NULL OR d.sku_name ILIKE '%' || $2 || '%')
       AND ($3::text IS NULL OR h.submit_time >= $3::timestamp) AND ($4::text IS NULL OR h.submit_time < $4::timestamp + interval '1 second')`,
      [b.whId ?? null, b.skuName?.trim() || null, b.submitTimeStart || null, b.submitTimeEnd || null],
    ];
    app.post<{ Body: DiffQuery }>('/wh-inventory-diff-det/list', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点差异明细（已过账），可按仓库、商品、过账时间筛选', body: diffFilter },
    }, async (req) => {
      const b = req.body ?? {};
      const [where, params] = diffWhere(b);
      const pageNum = b.pageNum ?? 1;
      const pageSize = b.pageSize ?? 20;
      const page = await req
        .tenantTx(async (tx) => {
          const total = Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wh_inventory_det d JOIN wh_inventory h ON h.inventory_id = d.inventory_id WHERE ${where}`, params)).rows[0].n);
          const records = (
            await tx.query(
              `SELECT ${LINE_COLUMNS}, h.inventory_no AS "inventoryNo", h.wh_name AS "whName", to_char(h.submit_time, 'YYYY-MM-DD HH24:MI:SS') AS "submitTime"
                 FROM wh_inventory_det d JOIN wh_inventory h ON h.inventory_id = d.inventory_id WHERE ${where}
                ORDER BY h.submit_time DESC, d.line_no LIMIT $5 OFFSET $6`,
              [...params, pageSize, offsetOf(pageNum, pageSize)],
            )
          ).rows;
          return { records, total };
        })
        .catch(asCallerError);
      return ok(page);
    });
    app.post<{ Body: DiffQuery }>('/wh-inventory-diff-det/list/merge', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点差异按 SKU 合并：盘盈、盘亏、净差异、差异金额', body: diffFilter },
    }, async (req) => {
      const [where, params] = diffWhere(req.body ?? {});
      const rows = await req.tenantTx(async (tx) =>
        (
          await tx.query(
            `SELECT d.sku_id AS "skuId", max(d.sku_code) AS "skuCode", max(d.sku_name) AS "skuName", count(DISTINCT d.inventory_id)::int AS "inventoryCount",
                    sum(greatest(d.diff_quantity, 0))::float8 AS "gainQuantity", sum(greatest(-d.diff_quantity, 0))::float8 AS "lossQuantity",
                    sum(d.diff_quantity)::float8 AS "diffQuantity", sum(d.diff_amount)::float8 AS "diffAmount"
               FROM wh_inventory_det d JOIN wh_inventory h ON h.inventory_id = d.inventory_id WHERE ${where}
              GROUP BY d.sku_id ORDER BY abs(sum(d.diff_amount)) DESC NULLS LAST, "skuCode" LIMIT 1000`,
            params,
          )
        ).rows,
      );
      return ok(rows);
    });

    app.post('/wh-inventory/inventoryConfig', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点设置：未盘商品过账时的处理（1 不调整，2 按实盘 0 计盘亏）' },
    }, async (req) => {
      const row = await req.tenantTx(async (tx) => (await tx.query<{ uncounted_as: number }>(`SELECT uncounted_as FROM wh_inventory_config`)).rows[0]);
      return ok({ uncountedAs: Number(row?.uncounted_as ?? UNCOUNTED.skip) });
    });
    app.post<{ Body: { uncountedAs: number } }>('/wh-inventory/updateInventoryConfig', {
      config: { perm: 'wh:inventory:submit' },
      schema: {
        tags,
        summary: '保存盘点设置（下一次过账起生效）',
        body: { type: 'object', required: ['uncountedAs'], properties: { uncountedAs: { type: 'integer', enum: [1, 2], title: '未盘商品处理' } } },
      },
    }, async (req) => {
      await req.tenantTx((tx) =>
        tx.query(
          `INSERT INTO wh_inventory_config (tenant_id, uncounted_as) VALUES (app_current_tenant(), $1)
           ON CONFLICT (tenant_id) DO UPDATE SET uncounted_as = EXCLUDED.uncounted_as, update_time = now()`,
          [req.body.uncountedAs],
        ),
      );
      return ok(null, '保存成功');
    });

    // The spec's ticket/{id}: the same PDF as print/{id}/pdf.
    app.get<{ Params: { id: number } }>('/wh-inventory/ticket/:id', {
      config: { perm: LIST },
      schema: { tags, summary: '打印盘点单（PDF）', params: { type: 'object', required: ['id'], properties: { id: idSchema('盘点单') } } },
    }, async (req, reply) => {
      // Rendered by the document's own print route, with the caller's session (permissions are checked there too).
      const res = await app.inject({
        method: 'GET',
        url: `/api/wxy-warehouse-server/wh-inventory/print/${req.params.id}/pdf`,
        headers: { authorization: String(req.headers.authorization ?? ''), 'x-tenant-id': String(req.headers['x-tenant-id'] ?? '') },
      });
      for (const h of ['content-type', 'content-disposition', 'x-page-count'] as const) if (res.headers[h]) reply.header(h, res.headers[h] as string);
      return reply.status(res.statusCode).send(res.rawPayload);
    });
  };
}
