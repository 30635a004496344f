import type { FastifyInstance } from 'fastify';
import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import { ApiError } from '../../errors.ts';
import { ok, pageParamsSchema } from '../../http/envelope.ts';
import { dateParam, idField, plainText } from '../../http/fields.ts';
import { sendCsv } from '../../http/sendCsv.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { locationTotals, setLocationStockCount, setPickingUser } from './locations.ts';
import { createPickingTasks, syncOnlineOrders } from './picking.ts';
import { modifyTasks, orderPicker, pickingTaskInfo, sumTaskDetail, sumTaskPage, type TaskFilter, taskPage, taskTotals } from './pickingTasks.ts';
import { pickingOrderDetail, pickingOrderWarehouse, skuPickListOfOrders, skuPickListOfTask, waitingPickingOrders } from './pickLists.ts';
import { ecConfigInfo, type EcConfig, lastSyncTime, saveEcConfig, syncExceptions, syncRecordPage } from './syncRecords.ts';

/**
 * The warehouse's fulfilment calls beside the generic ones (location and wh-picking descriptors): location
 * totals, pickers and counts; pick lists by order and by SKU (walked in location order); picking tasks and
 * their records; the sync of online orders into picking and its configuration (wxy-warehouse-server).
 * The handlers validate and call the area's modules: locations.ts, pickLists.ts, pickingTasks.ts, syncRecords.ts.
 */

const tags = ['wxy-warehouse-server'];
const idList = (title: string) => ({ type: 'array', minItems: 1, maxItems: 1000, title, items: idField(title) });
const PICK_LIST = 'wh:picking:list';

export function fulfilmentRoutes(resources: ReadonlyMap<string, ResourceDescriptor>) {
  const pickOrder = orderPicker(resources);
  return async (app: FastifyInstance) => {
    // ------------------------------------------------------------ locations
    app.post<{ Body: { ids: number[]; pickingUserId: number | null } }>('/location/updatePickingUser', {
      config: { perm: 'wh:location:edit' },
      schema: { tags, summary: '批量设置库位的拣货员', body: { type: 'object', required: ['ids', 'pickingUserId'], properties: { ids: idList('库位'), pickingUserId: { ...idField('拣货员'), type: ['integer', 'null'] } } } },
    }, async (req) => {
      const n = await req.tenantTx((tx) => setPickingUser(tx, req.body.ids, req.body.pickingUserId)).catch(asCallerError);
      return ok({ updated: n }, '操作成功');
    });

    app.post<{ Body: { locationId: number; stockCount: number } }>('/location/updateStockCount', {
      config: { perm: 'wh:location:edit' },
      schema: {
        tags,
        summary: '设置库位数量（同一仓库同一商品各库位合计不超过其实际库存）',
        body: { type: 'object', required: ['locationId', 'stockCount'], properties: { locationId: idField('库位'), stockCount: { type: 'integer', minimum: 0, maximum: 9999999, title: '库位数量' } } },
      },
    }, async (req) => {
      await req.tenantTx((tx) => setLocationStockCount(tx, req.body.locationId, req.body.stockCount)).catch(asCallerError);
      return ok(null, '保存成功');
    });

    app.post<{ Body: { whId?: number | null } | null }>('/location/findPageTotal', {
      config: { perm: 'wh:location:list' },
      schema: { tags, summary: '库位合计：库位数、已用、空库位、库位数量', body: { type: ['object', 'null'], properties: { whId: { ...idField('仓库'), type: ['integer', 'null'] } } } },
    }, async (req) => ok(await req.tenantTx((tx) => locationTotals(tx, req.body?.whId ?? null))));

    // ------------------------------------------------------------ pick lists
    const listBody = { type: ['object', 'null'], properties: { whId: { ...idField('仓库'), type: ['integer', 'null'] }, keyword: plainText('平台订单号或拣货单号', 48) } };
    app.post<{ Body: { whId?: number | null; keyword?: string } | null }>('/wh-picking/pick/list/order', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '待分配拣货的拣货单（按单），含明细', body: listBody },
    }, async (req) => ok(await req.tenantTx((tx) => waitingPickingOrders(tx, req.body?.whId ?? null, req.body?.keyword?.trim() || null))));

    app.post<{ Body: { pickingIds: number[] } }>('/wh-picking/pick/list/sku', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '所选拣货单按商品汇总（按库位顺序）', body: { type: 'object', required: ['pickingIds'], properties: { pickingIds: idList('拣货单') } } },
    }, async (req) => ok(await req.tenantTx((tx) => skuPickListOfOrders(tx, req.body.pickingIds))));

    app.post<{ Body: { taskId: number } }>('/wh-picking/pick/sum/sku', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '汇总拣货任务的商品清单（按库位顺序）', body: { type: 'object', required: ['taskId'], properties: { taskId: idField('拣货任务') } } },
    }, async (req) => ok(await req.tenantTx((tx) => skuPickListOfTask(tx, req.body.taskId))));

    const saveBody = { type: 'object', required: ['pickingIds', 'pickerId'], properties: { pickingIds: idList('拣货单'), pickerId: idField('拣货员') } };
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
      schema: { tags, summary: '汇总拣货任务分页', params: pageParamsSchema, body: { type: ['object', 'null'], properties: { status: { type: ['integer', 'null'], enum: [1, 2, 9, null], title: '状态' }, whId: { ...idField('仓库'), type: ['integer', 'null'] } } } },
    }, async (req) => ok(await req.tenantTx((tx) => sumTaskPage(tx, req.body?.status ?? null, req.body?.whId ?? null, req.params.pageNum, req.params.pageSize))));

    const detailParams = { type: 'object', required: ['id', 'whId'], properties: { id: idField('单据ID'), whId: idField('仓库') } };
    app.get<{ Params: { id: number; whId: number } }>('/wh-picking/picking/order/detail/:id/:whId', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '按单拣货明细：每行商品的库位', params: detailParams },
    }, async (req) => {
      const doc = await req.tenantTx((tx) => pickingOrderDetail(tx, req.params.id, req.params.whId));
      if (!doc) throw new ApiError('NOT_FOUND', '拣货单不存在');
      return ok(doc);
    });

    app.get<{ Params: { id: number; whId: number } }>('/wh-picking/picking/sum/detail/:id/:whId', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '汇总拣货明细：任务的商品清单（按库位）与所含拣货单', params: detailParams },
    }, async (req) => {
      const doc = await req.tenantTx((tx) => sumTaskDetail(tx, req.params.id, req.params.whId));
      if (!doc) throw new ApiError('NOT_FOUND', '拣货任务不存在');
      return ok(doc);
    });

    app.get<{ Params: { id: number } }>('/wh-picking/find/wh/:id', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '拣货单的发货仓库', params: { type: 'object', required: ['id'], properties: { id: idField('拣货单') } } },
    }, async (req) => {
      const row = await req.tenantTx((tx) => pickingOrderWarehouse(tx, req.params.id));
      if (!row) throw new ApiError('NOT_FOUND', '拣货单不存在');
      return ok(row);
    });

    // ------------------------------------------------------------ picking tasks
    const taskFilter = {
      type: ['object', 'null'],
      properties: {
        status: { type: ['integer', 'null'], enum: [1, 2, 9, null], title: '状态' },
        taskType: { type: ['integer', 'null'], enum: [1, 2, null], title: '拣货方式' },
        pickerId: { ...idField('拣货员'), type: ['integer', 'null'] },
        whId: { ...idField('仓库'), type: ['integer', 'null'] },
        pageNum: { type: ['integer', 'null'], minimum: 1, maximum: 100000, title: '页码' },
        pageSize: { type: ['integer', 'null'], minimum: 1, maximum: 1000, title: '每页条数' },
        beginDate: dateParam('开始日期', 'date', { nullable: true }),
        endDate: dateParam('结束日期', 'date', { nullable: true }),
      },
    };

    for (const [path, fixed, summary] of [
      ['/wh-picking-task/findPage', 'TRUE', '拣货任务分页'],
      ['/wh-picking-task_record/findPage', 'status = 2', '拣货记录（已完成的拣货任务）分页'],
    ] as const) {
      app.post<{ Body: TaskFilter }>(path, { config: { perm: PICK_LIST }, schema: { tags, summary, body: taskFilter } }, async (req) =>
        ok(await req.tenantTx((tx) => taskPage(tx, req.body, fixed))));
    }
    for (const [path, fixed, summary] of [
      ['/wh-picking-task/total/quantum', 'TRUE', '拣货任务合计：按状态的任务数、单数、件数'],
      ['/wh-picking-task_record/total/quantum', 'status = 2', '拣货记录合计：按拣货员的任务数、单数、件数'],
    ] as const) {
      app.post<{ Body: TaskFilter }>(path, { config: { perm: PICK_LIST }, schema: { tags, summary, body: taskFilter } }, async (req) =>
        ok(await req.tenantTx((tx) => taskTotals(tx, req.body, fixed))));
    }

    app.post<{ Body: { taskId: number } }>('/wh-picking-task/getInfo', {
      config: { perm: PICK_LIST },
      schema: { tags, summary: '拣货任务详情：任务、所含拣货单、商品清单（按库位）', body: { type: 'object', required: ['taskId'], properties: { taskId: idField('拣货任务') } } },
    }, async (req) => {
      const data = await req.tenantTx((tx) => pickingTaskInfo(tx, req.body.taskId));
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
      const results = await modifyTasks((fn) => req.tenantTx(fn), req.auth!, pickOrder, ids, req.query.status);
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
    }, async (req) => ok(await req.tenantTx((tx) => syncRecordPage(tx, req.params.pageNum, req.params.pageSize))));

    app.get('/wh-order-sync-rs/last-sync-time', { config: { perm: 'wh:ec:list' }, schema: { tags, summary: '最近一次同步时间' } }, async (req) =>
      ok({ lastSyncTime: await req.tenantTx(lastSyncTime) }));

    app.get<{ Querystring: { whOrderSyncRsId: number } }>('/wh-order-sync-rs/exc-det-export', {
      config: { perm: 'wh:ec:list' },
      schema: { tags, summary: '导出一次同步的异常订单（CSV）', querystring: { type: 'object', required: ['whOrderSyncRsId'], properties: { whOrderSyncRsId: idField('同步记录') } } },
    }, async (req, reply) => {
      const rows = await req.tenantTx((tx) => syncExceptions(tx, req.query.whOrderSyncRsId));
      return sendCsv(reply, `同步异常订单_${req.query.whOrderSyncRsId}`, [['no', '平台订单号'], ['reason', '异常原因']], rows);
    });

    app.get('/wh-ec-config/info', { config: { perm: 'wh:ec:list' }, schema: { tags, summary: '电商发货配置' } }, async (req) => ok(await req.tenantTx(ecConfigInfo)));

    app.post<{ Body: EcConfig }>('/wh-ec-config/update', {
      config: { perm: 'wh:ec:config' },
      schema: {
        tags,
        summary: '保存电商发货配置：默认发货仓库、拣货方式（1 按单 2 汇总）、自动同步',
        body: { type: 'object', required: ['defaultWhId', 'pickingMode', 'autoSync'], properties: { defaultWhId: { ...idField('默认发货仓库'), type: ['integer', 'null'] }, pickingMode: { type: 'integer', enum: [1, 2], title: '拣货方式' }, autoSync: { type: 'integer', enum: [0, 1], title: '自动同步' } } },
      },
    }, async (req) => {
      await req.tenantTx((tx) => saveEcConfig(tx, req.auth!, req.body)).catch(asCallerError);
      return ok(null, '保存成功');
    });
  };
}
