import { sendCsv } from '../../http/sendCsv.ts';
import type { FastifyInstance } from 'fastify';
import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import type { Queryable } from '../../db/index.ts';
import { docContext } from '../../documents/context.ts';
import { runDocAction } from '../../documents/routes.ts';
import { ApiError } from '../../errors.ts';
import { offsetOf, ok, pageParamsSchema } from '../../http/envelope.ts';
import { dateParam, plainText } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { createPickingTasks, syncOnlineOrders } from './picking.ts';

/**
 * The warehouse's fulfilment calls beside the generic ones (location and wh-picking descriptors): location
 * totals, pickers and counts; pick lists by order and by SKU (walked in location order); picking tasks and
 * their records; the sync of online orders into picking and its configuration (wxy-warehouse-server).
 */

type Row = Record<string, unknown>;
const tags = ['wxy-warehouse-server'];
const idSchema = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2147483647, title });
const idList = (title: string) => ({ type: 'array', minItems: 1, maxItems: 1000, title, items: idSchema(title) });
const PICK_LIST = 'wh:picking:list';

async function paged(tx: Queryable, sql: string, params: unknown[], pageNum: number, pageSize: number) {
  const res = await tx.query<Row & { __total: number }>(`SELECT *, count(*) OVER () AS "__total" FROM (${sql}) g LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, pageSize, offsetOf(pageNum, pageSize)]);
  let total = Number(res.rows[0]?.__total ?? 0);
  if (!res.rows.length && pageNum > 1) total = Number((await tx.query<{ n: number }>(`SELECT count(*) AS n FROM (${sql}) g`, params)).rows[0].n);
  return { records: res.rows.map(({ __total: _t, ...r }) => r), total };
}

/** SKU totals of some picking orders, with the warehouse's locations of each SKU, in walking order (location code). */
async function skuPickList(tx: Queryable, where: string, params: unknown[]) {
  return (
    await tx.query(
      `SELECT d.sku_id AS "skuId", max(d.sku_code) AS "skuCode", max(d.sku_name) AS "skuName", max(d.barcode) AS barcode, max(d.spec) AS spec, max(d.unit) AS unit,
              sum(d.quantity)::float8 AS quantity, count(DISTINCT d.picking_id)::int AS "orderCount",
              (SELECT string_agg(l.location_code, '、' ORDER BY l.location_code) FROM wh_location l WHERE l.wh_id = max(p.wh_id) AND l.sku_id = d.sku_id AND l.status = 1) AS locations
         FROM wh_picking_order_det d JOIN wh_picking_order p ON p.picking_id = d.picking_id
        WHERE ${where}
        GROUP BY d.sku_id
        ORDER BY locations NULLS LAST, "skuCode"`,
      params,
    )
  ).rows;
}

export function fulfilmentRoutes(resources: ReadonlyMap<string, ResourceDescriptor>) {
  const picking = docContext(resources.get('wh-picking')!, resources);
  const pickAction = picking.doc.actions.find((a) => a.id === 'pick')!;
  return async (app: FastifyInstance) => {
    // ------------------------------------------------------------ locations
    app.post<{ Body: { ids: number[]; pickingUserId: number | null } }>('/location/updatePickingUser', {
      config: { perm: 'wh:location:edit' },
      schema: { tags, summary: '批量设置库位的拣货员', body: { type: 'object', required: ['ids', 'pickingUserId'], properties: { ids: idList('库位'), pickingUserId: { ...idSchema('拣货员'), type: ['integer', 'null'] } } } },
    }, async (req) => {
      const n = await req
        .tenantTx(async (tx) => {
          const res = await tx.query(`UPDATE wh_location SET picking_user_id = $1 WHERE location_id = ANY($2::int[])`, [req.body.pickingUserId, req.body.ids]);
          if (res.rowCount !== new Set(req.body.ids).size) throw new ApiError('NOT_FOUND', '库位不存在，未修改任何记录');
          return res.rowCount;
        })
        .catch(asCallerError);
      return ok({ updated: n }, '操作成功');
    });

    app.post<{ Body: { locationId: number; stockCount: number } }>('/location/updateStockCount', {
      config: { perm: 'wh:location:edit' },
      schema: {
        tags,
        summary: '设置库位数量（同一仓库同一商品各库位合计不超过其实际库存）',
        body: { type: 'object', required: ['locationId', 'stockCount'], properties: { locationId: idSchema('库位'), stockCount: { type: 'integer', minimum: 0, maximum: 9999999, title: '库位数量' } } },
      },
    }, async (req) => {
      await req
        .tenantTx(async (tx) => {
          const loc = (await tx.query<{ wh_id: number; sku_id: number | null; sku_name: string }>(`SELECT wh_id, sku_id, sku_name FROM wh_location WHERE location_id = $1 FOR UPDATE`, [req.body.locationId])).rows[0];
          if (!loc) throw new ApiError('NOT_FOUND', '库位不存在');
          if (!loc.sku_id) throw new ApiError('BAD_REQUEST', '该库位未设置存放商品，不能设置数量');
          const r = (
            await tx.query<{ on_hand: string | null; others: string }>(
              `SELECT (SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2) AS on_hand,
                      (SELECT coalesce(sum(stock_count), 0) FROM wh_location WHERE wh_id = $1 AND sku_id = $2 AND location_id <> $3) AS others`,
              [loc.wh_id, loc.sku_id, req.body.locationId],
            )
          ).rows[0];
          const onHand = Number(r.on_hand ?? 0);
          if (Number(r.others) + req.body.stockCount > onHand)
            throw new ApiError('BAD_REQUEST', `库位数量合计超过实际库存：${loc.sku_name} 实际库存 ${onHand}，其他库位已放 ${Number(r.others)}`);
          await tx.query(`UPDATE wh_location SET stock_count = $1 WHERE location_id = $2`, [req.body.stockCount, req.body.locationId]);
        })
        .catch(asCallerError);
      return ok(null, '保存成功');
    });

    app.post<{ Body: { whId?: number | null } | null }>('/location/findPageTotal', {
      config: { perm: 'wh:location:list' },
      schema: { tags, summary: '库位合计：库位数、已用、空库位、库位数量', body: { type: ['object', 'null'], properties: { whId: { ...idSchema('仓库'), type: ['integer', 'null'] } } } },
    }, async (req) => {
      const row = await req.tenantTx(async (tx) =>
        (
          await tx.query(
            `SELECT count(*)::int AS "locationCount", count(sku_id)::int AS "usedCount", (count(*) - count(sku_id))::int AS "emptyCount", coalesce(sum(stock_count), 0)::float8 AS "stockCount"
               FROM wh_location WHERE ($1::int IS NULL OR wh_id = $1)`,
            [req.body?.whId ?? null],
          )
        ).rows[0],
      );
      return ok(row);
    });

    // ------------------------------------------------------------ pick lists
    const listBody = { type: ['object', 'null'], properties: { whId: { ...idSchema('仓库'), type: ['integer', 'null'] }, keyword: plainText('平台订单号或拣货单号', 48) } };
    app.post<{ Body: { whId?: number | null; keyword?: string } | null }>('/wh-picking/pick/list/order', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '待分配拣货的拣货单（按单），含明细', body: listBody },
    }, async (req) => {
      const rows = await req.tenantTx(async (tx) => {
        const heads = (
          await tx.query(
            `SELECT picking_id AS "pickingId", picking_no AS "pickingNo", wh_id AS "whId", wh_name AS "whName", platform_order_no AS "platformOrderNo", buyer_name AS "buyerName",
                    total_quantity::float8 AS "totalQuantity", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
               FROM wh_picking_order WHERE status = 1 AND task_id IS NULL AND ($1::int IS NULL OR wh_id = $1)
                AND ($2::text IS NULL OR picking_no = $2 OR platform_order_no = $2)
              ORDER BY picking_id LIMIT 1000`,
            [req.body?.whId ?? null, req.body?.keyword?.trim() || null],
          )
        ).rows;
        const lines = (
          await tx.query<Row & { pickingId: number }>(
            `SELECT picking_id AS "pickingId", sku_code AS "skuCode", sku_name AS "skuName", quantity::float8 AS quantity FROM wh_picking_order_det WHERE picking_id = ANY($1::int[]) ORDER BY picking_id, line_no`,
            [heads.map((h) => h.pickingId)],
          )
        ).rows;
        return heads.map((h) => ({ ...h, detList: lines.filter((l) => l.pickingId === h.pickingId) }));
      });
      return ok(rows);
    });

    app.post<{ Body: { pickingIds: number[] } }>('/wh-picking/pick/list/sku', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '所选拣货单按商品汇总（按库位顺序）', body: { type: 'object', required: ['pickingIds'], properties: { pickingIds: idList('拣货单') } } },
    }, async (req) => ok(await req.tenantTx((tx) => skuPickList(tx, 'p.picking_id = ANY($1::int[])', [req.body.pickingIds]))));

    app.post<{ Body: { taskId: number } }>('/wh-picking/pick/sum/sku', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '汇总拣货任务的商品清单（按库位顺序）', body: { type: 'object', required: ['taskId'], properties: { taskId: idSchema('拣货任务') } } },
    }, async (req) => ok(await req.tenantTx((tx) => skuPickList(tx, 'p.task_id = $1', [req.body.taskId]))));

    const saveBody = { type: 'object', required: ['pickingIds', 'pickerId'], properties: { pickingIds: idList('拣货单'), pickerId: idSchema('拣货员') } };
    for (const [path, sum, summary] of [
      ['/wh-picking/save/order', false, '按单拣货：每张拣货单生成一个拣货任务'],
      ['/wh-picking/save/sum', true, '汇总拣货：所选拣货单生成一个拣货任务'],
    ] as const) {
      app.post<{ Body: { pickingIds: number[]; pickerId: number } }>(path, { config: { perm: 'wh:picking:assign' }, schema: { tags, summary, body: saveBody } }, async (req) => {
        const ids = await req.tenantTx((tx) => createPickingTasks(tx, req.auth!, req.body.pickingIds, req.body.pickerId, sum)).catch(asCallerError);
        return ok({ taskIds: ids }, `已生成 ${ids.length} 个拣货任务`);
      });
    }

    app.post<{ Params: { pageNum: number; pageSize: number }; Body: { status?: number | null; whId?: number | null } | null }>('/wh-picking/picking/sum/:pageNum/:pageSize', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '汇总拣货任务分页', params: pageParamsSchema, body: { type: ['object', 'null'], properties: { status: { type: ['integer', 'null'], enum: [1, 2, 9, null], title: '状态' }, whId: { ...idSchema('仓库'), type: ['integer', 'null'] } } } },
    }, async (req) => {
      const page = await req.tenantTx((tx) =>
        paged(
          tx,
          `SELECT ${TASK_COLUMNS} FROM wh_picking_task WHERE task_type = 2 AND ($1::int IS NULL OR status = $1) AND ($2::int IS NULL OR wh_id = $2) ORDER BY task_id DESC`,
          [req.body?.status ?? null, req.body?.whId ?? null],
          req.params.pageNum,
          req.params.pageSize,
        ),
      );
      return ok(page);
    });

    const detailParams = { type: 'object', required: ['id', 'whId'], properties: { id: idSchema('单据ID'), whId: idSchema('仓库') } };
    app.get<{ Params: { id: number; whId: number } }>('/wh-picking/picking/order/detail/:id/:whId', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '按单拣货明细：每行商品的库位', params: detailParams },
    }, async (req) => {
      const doc = await req.tenantTx(async (tx) => {
        const head = (await tx.query(`SELECT picking_id AS "pickingId", picking_no AS "pickingNo", wh_name AS "whName", platform_order_no AS "platformOrderNo", buyer_name AS "buyerName", status, task_id AS "taskId" FROM wh_picking_order WHERE picking_id = $1 AND wh_id = $2`, [req.params.id, req.params.whId])).rows[0];
        if (!head) return undefined;
        const lines = await tx.query(
          `SELECT d.line_no AS "lineNo", d.sku_id AS "skuId", d.sku_code AS "skuCode", d.sku_name AS "skuName", d.barcode, d.spec, d.unit, d.quantity::float8 AS quantity, d.picked_quantity::float8 AS "pickedQuantity",
                  (SELECT string_agg(l.location_code, '、' ORDER BY l.location_code) FROM wh_location l WHERE l.wh_id = $2 AND l.sku_id = d.sku_id AND l.status = 1) AS locations
             FROM wh_picking_order_det d WHERE d.picking_id = $1 ORDER BY locations NULLS LAST, d.line_no`,
          [req.params.id, req.params.whId],
        );
        return { ...head, detList: lines.rows };
      });
      if (!doc) throw new ApiError('NOT_FOUND', '拣货单不存在');
      return ok(doc);
    });

    app.get<{ Params: { id: number; whId: number } }>('/wh-picking/picking/sum/detail/:id/:whId', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '汇总拣货明细：任务的商品清单（按库位）与所含拣货单', params: detailParams },
    }, async (req) => {
      const doc = await req.tenantTx(async (tx) => {
        const task = (await tx.query(`SELECT ${TASK_COLUMNS} FROM wh_picking_task WHERE task_id = $1 AND wh_id = $2`, [req.params.id, req.params.whId])).rows[0];
        if (!task) return undefined;
        const orders = await tx.query(`SELECT picking_id AS "pickingId", picking_no AS "pickingNo", platform_order_no AS "platformOrderNo", buyer_name AS "buyerName", status FROM wh_picking_order WHERE task_id = $1 ORDER BY picking_id`, [req.params.id]);
        return { ...task, skuList: await skuPickList(tx, 'p.task_id = $1', [req.params.id]), orderList: orders.rows };
      });
      if (!doc) throw new ApiError('NOT_FOUND', '拣货任务不存在');
      return ok(doc);
    });

    app.get<{ Params: { id: number } }>('/wh-picking/find/wh/:id', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '拣货单的发货仓库', params: { type: 'object', required: ['id'], properties: { id: idSchema('拣货单') } } },
    }, async (req) => {
      const row = await req.tenantTx(async (tx) => (await tx.query(`SELECT wh_id AS "whId", wh_name AS "whName" FROM wh_picking_order WHERE picking_id = $1`, [req.params.id])).rows[0]);
      if (!row) throw new ApiError('NOT_FOUND', '拣货单不存在');
      return ok(row);
    });

    // ------------------------------------------------------------ picking tasks
    const taskFilter = {
      type: ['object', 'null'],
      properties: {
        status: { type: ['integer', 'null'], enum: [1, 2, 9, null], title: '状态' },
        taskType: { type: ['integer', 'null'], enum: [1, 2, null], title: '拣货方式' },
        pickerId: { ...idSchema('拣货员'), type: ['integer', 'null'] },
        whId: { ...idSchema('仓库'), type: ['integer', 'null'] },
        pageNum: { type: ['integer', 'null'], minimum: 1, maximum: 100000, title: '页码' },
        pageSize: { type: ['integer', 'null'], minimum: 1, maximum: 1000, title: '每页条数' },
        beginDate: dateParam('开始日期', 'date', { nullable: true }),
        endDate: dateParam('结束日期', 'date', { nullable: true }),
      },
    };
    type TaskFilter = { status?: number | null; taskType?: number | null; pickerId?: number | null; whId?: number | null; pageNum?: number | null; pageSize?: number | null; beginDate?: string | null; endDate?: string | null } | null;
    const taskWhere = (f: TaskFilter, fixed = 'TRUE') => ({
      sql: `${fixed} AND ($1::int IS NULL OR status = $1) AND ($2::int IS NULL OR task_type = $2) AND ($3::int IS NULL OR picker_id = $3) AND ($4::int IS NULL OR wh_id = $4)
            AND ($5::date IS NULL OR coalesce(finish_time, create_time) >= $5::date) AND ($6::date IS NULL OR coalesce(finish_time, create_time) < $6::date + 1)`,
      params: [f?.status ?? null, f?.taskType ?? null, f?.pickerId ?? null, f?.whId ?? null, f?.beginDate ?? null, f?.endDate ?? null],
    });

    for (const [path, fixed, summary] of [
      ['/wh-picking-task/findPage', 'TRUE', '拣货任务分页'],
      ['/wh-picking-task_record/findPage', 'status = 2', '拣货记录（已完成的拣货任务）分页'],
    ] as const) {
      app.post<{ Body: TaskFilter }>(path, { config: { perm: PICK_LIST }, schema: { tags, summary, body: taskFilter } }, async (req) => {
        const w = taskWhere(req.body, fixed);
        const page = await req.tenantTx((tx) => paged(tx, `SELECT ${TASK_COLUMNS} FROM wh_picking_task WHERE ${w.sql} ORDER BY task_id DESC`, w.params, req.body?.pageNum ?? 1, req.body?.pageSize ?? 20));
        return ok(page);
      });
    }
    for (const [path, fixed, summary] of [
      ['/wh-picking-task/total/quantum', 'TRUE', '拣货任务合计：按状态的任务数、单数、件数'],
      ['/wh-picking-task_record/total/quantum', 'status = 2', '拣货记录合计：按拣货员的任务数、单数、件数'],
    ] as const) {
      app.post<{ Body: TaskFilter }>(path, { config: { perm: PICK_LIST }, schema: { tags, summary, body: taskFilter } }, async (req) => {
        const w = taskWhere(req.body, fixed);
        const data = await req.tenantTx(async (tx) => {
          const totals = (
            await tx.query(
              `SELECT count(*)::int AS "taskCount", coalesce(sum(order_count), 0)::int AS "orderCount", coalesce(sum(total_quantity), 0)::float8 AS "totalQuantity",
                      count(*) FILTER (WHERE status = 1)::int AS "waitingCount", count(*) FILTER (WHERE status = 2)::int AS "doneCount", count(*) FILTER (WHERE status = 9)::int AS "cancelledCount"
                 FROM wh_picking_task WHERE ${w.sql}`,
              w.params,
            )
          ).rows[0];
          const byPicker = (
            await tx.query(
              `SELECT picker_id AS "pickerId", max(picker_name) AS "pickerName", count(*)::int AS "taskCount", sum(order_count)::int AS "orderCount", sum(total_quantity)::float8 AS "totalQuantity"
                 FROM wh_picking_task WHERE ${w.sql} GROUP BY picker_id ORDER BY "totalQuantity" DESC`,
              w.params,
            )
          ).rows;
          return { ...totals, byPicker };
        });
        return ok(data);
      });
    }

    app.post<{ Body: { taskId: number } }>('/wh-picking-task/getInfo', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '拣货任务详情：任务、所含拣货单、商品清单（按库位）', body: { type: 'object', required: ['taskId'], properties: { taskId: idSchema('拣货任务') } } },
    }, async (req) => {
      const data = await req.tenantTx(async (tx) => {
        const task = (await tx.query(`SELECT ${TASK_COLUMNS} FROM wh_picking_task WHERE task_id = $1`, [req.body.taskId])).rows[0];
        if (!task) return undefined;
        const orders = await tx.query(`SELECT picking_id AS "pickingId", picking_no AS "pickingNo", platform_order_no AS "platformOrderNo", buyer_name AS "buyerName", status FROM wh_picking_order WHERE task_id = $1 ORDER BY picking_id`, [req.body.taskId]);
        return { ...task, orderList: orders.rows, skuList: await skuPickList(tx, 'p.task_id = $1', [req.body.taskId]) };
      });
      if (!data) throw new ApiError('NOT_FOUND', '拣货任务不存在');
      return ok(data);
    });

    // GET with the change in the query, as the spec names it: status 2 completes the tasks (every order picked, stock out), 9 cancels them.
    app.get<{ Querystring: { ids: string; status: number } }>('/wh-picking-task/batch/modify', {
      config: { perm: 'wh:picking:pick' },
      schema: {
        tags,
        summary: '批量完成（status=2：所含拣货单拣货完成、出库）或取消（status=9：拣货单退回待分配）拣货任务',
        querystring: { type: 'object', required: ['ids', 'status'], properties: { ids: { type: 'string', pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,999}$', title: '拣货任务ID列表', 'x-msg': '拣货任务ID列表格式不正确（以逗号分隔的数字）' }, status: { type: 'integer', enum: [2, 9], title: '状态' } } },
      },
    }, async (req) => {
      const ids = [...new Set(req.query.ids.split(',').map(Number))];
      if (ids.some((n) => n > 2147483647)) throw new ApiError('BAD_REQUEST', '拣货任务ID列表格式不正确');
      const auth = req.auth!;
      const results: { taskId: number; taskNo: string | null; ok: boolean; msg: string }[] = [];
      for (const taskId of ids) {
        let taskNo: string | null = null;
        try {
          await req.tenantTx(async (tx) => {
            const task = (await tx.query<{ task_no: string; status: number }>(`SELECT task_no, status FROM wh_picking_task WHERE task_id = $1 FOR UPDATE`, [taskId])).rows[0];
            if (!task) throw new ApiError('NOT_FOUND', '拣货任务不存在');
            taskNo = task.task_no;
            if (task.status !== 1) throw new ApiError('CONFLICT', '单据状态已变更，请刷新后重试');
            const orders = (await tx.query<{ picking_id: number; status: number }>(`SELECT picking_id, status FROM wh_picking_order WHERE task_id = $1 ORDER BY picking_id`, [taskId])).rows;
            if (req.query.status === 2) for (const o of orders.filter((x) => x.status === 1)) await runDocAction(tx, auth, picking, pickAction, o.picking_id, { note: `拣货任务 ${task.task_no}` });
            else await tx.query(`UPDATE wh_picking_order SET task_id = NULL WHERE task_id = $1 AND status = 1`, [taskId]);
            await tx.query(`UPDATE wh_picking_task SET status = $2, finish_time = now() WHERE task_id = $1`, [taskId, req.query.status]);
          });
          results.push({ taskId, taskNo, ok: true, msg: '成功' });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          results.push({ taskId, taskNo, ok: false, msg: err.message });
        }
      }
      const success = results.filter((r) => r.ok).length;
      const failed = results.find((r) => !r.ok);
      return ok({ success, fail: results.length - success, results }, `${success} 条成功，${results.length - success} 条失败${failed ? `：任务 ${failed.taskNo ?? failed.taskId} ${failed.msg}` : ''}`);
    });

    // ------------------------------------------------------------ online orders -> picking
    app.post('/wh-order-sync-rs/sync-data', {
      config: { perm: 'wh:ec:sync' },
      schema: { tags, summary: '同步线上订单到拣货：每单一张拣货单并预占库存；失败的订单记为异常、保持待同步；重复同步不会重复拣货' },
    }, async (req) => {
      const r = await req.tenantTx((tx) => syncOnlineOrders(tx, req.auth!)).catch(asCallerError);
      return ok(r, `同步完成：${r.success} 单成功，${r.fail} 单异常`);
    });

    app.get<{ Params: { pageNum: number; pageSize: number } }>('/wh-order-sync-rs/page/:pageNum/:pageSize', {
      config: { perm: 'wh:ec:list' },
      schema: { tags, summary: '同步记录分页', params: pageParamsSchema },
    }, async (req) => {
      const page = await req.tenantTx((tx) =>
        paged(
          tx,
          `SELECT wh_order_sync_rs_id AS "whOrderSyncRsId", to_char(sync_time, 'YYYY-MM-DD HH24:MI:SS') AS "syncTime", total_count AS "totalCount", success_count AS "successCount", fail_count AS "failCount", user_name AS "userName"
             FROM wh_order_sync_rs ORDER BY sync_time DESC, wh_order_sync_rs_id DESC`,
          [],
          req.params.pageNum,
          req.params.pageSize,
        ),
      );
      return ok(page);
    });

    app.get('/wh-order-sync-rs/last-sync-time', { config: { perm: 'wh:ec:list' }, schema: { tags, summary: '最近一次同步时间' } }, async (req) => {
      const row = await req.tenantTx(async (tx) => (await tx.query<{ t: string | null }>(`SELECT to_char(max(sync_time), 'YYYY-MM-DD HH24:MI:SS') AS t FROM wh_order_sync_rs`)).rows[0]);
      return ok({ lastSyncTime: row.t });
    });

    app.get<{ Querystring: { whOrderSyncRsId: number } }>('/wh-order-sync-rs/exc-det-export', {
      config: { perm: 'wh:ec:list' },
      schema: { tags, summary: '导出一次同步的异常订单（CSV）', querystring: { type: 'object', required: ['whOrderSyncRsId'], properties: { whOrderSyncRsId: idSchema('同步记录') } } },
    }, async (req, reply) => {
      const rows = await req.tenantTx(async (tx) => (await tx.query<{ no: string; reason: string }>(`SELECT platform_order_no AS no, reason FROM wh_order_sync_exc WHERE wh_order_sync_rs_id = $1 ORDER BY exc_id`, [req.query.whOrderSyncRsId])).rows);
      return sendCsv(reply, `同步异常订单_${req.query.whOrderSyncRsId}`, [['no', '平台订单号'], ['reason', '异常原因']], rows);
    });

    app.get('/wh-ec-config/info', { config: { perm: 'wh:ec:list' }, schema: { tags, summary: '电商发货配置' } }, async (req) => {
      const row = await req.tenantTx(async (tx) =>
        (
          await tx.query(
            `SELECT c.default_wh_id AS "defaultWhId", w.wh_name AS "defaultWhName", c.picking_mode AS "pickingMode", c.auto_sync AS "autoSync", to_char(c.update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
               FROM wh_ec_config c LEFT JOIN wh_base_info w ON w.wh_id = c.default_wh_id`,
          )
        ).rows[0],
      );
      return ok(row ?? { defaultWhId: null, defaultWhName: null, pickingMode: 1, autoSync: 0, updateTime: null });
    });

    app.post<{ Body: { defaultWhId: number | null; pickingMode: number; autoSync: number } }>('/wh-ec-config/update', {
      config: { perm: 'wh:ec:config' },
      schema: {
        tags,
        summary: '保存电商发货配置：默认发货仓库、拣货方式（1 按单 2 汇总）、自动同步',
        body: { type: 'object', required: ['defaultWhId', 'pickingMode', 'autoSync'], properties: { defaultWhId: { ...idSchema('默认发货仓库'), type: ['integer', 'null'] }, pickingMode: { type: 'integer', enum: [1, 2], title: '拣货方式' }, autoSync: { type: 'integer', enum: [0, 1], title: '自动同步' } } },
      },
    }, async (req) => {
      const auth = req.auth!;
      await req
        .tenantTx(async (tx) => {
          if (req.body.defaultWhId !== null && !(await tx.query(`SELECT 1 FROM wh_base_info WHERE wh_id = $1 AND status = 1`, [req.body.defaultWhId])).rows.length)
            throw new ApiError('BAD_REQUEST', '默认发货仓库不存在或已停用');
          await tx.query(
            `INSERT INTO wh_ec_config (tenant_id, default_wh_id, picking_mode, auto_sync) VALUES ($1, $2, $3, $4)
             ON CONFLICT (tenant_id) DO UPDATE SET default_wh_id = EXCLUDED.default_wh_id, picking_mode = EXCLUDED.picking_mode, auto_sync = EXCLUDED.auto_sync, update_time = now()`,
            [auth.tenantId, req.body.defaultWhId, req.body.pickingMode, req.body.autoSync],
          );
        })
        .catch(asCallerError);
      return ok(null, '保存成功');
    });
  };
}

const TASK_COLUMNS = `task_id AS "taskId", task_no AS "taskNo", wh_id AS "whId", wh_name AS "whName", task_type AS "taskType", picker_id AS "pickerId", picker_name AS "pickerName",
  status, order_count AS "orderCount", total_quantity::float8 AS "totalQuantity", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", to_char(finish_time, 'YYYY-MM-DD HH24:MI:SS') AS "finishTime"`;
