import type { FastifyInstance } from 'fastify';
import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import { docContext } from '../../documents/context.ts';
import { readDocument } from '../../documents/reading.ts';
import { ok } from '../../http/envelope.ts';
import { dateParam, idField, plainText } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import {
  adjustLines, differenceLines, differencePreview, differencesBySpu, type DiffQuery, editRemark, idByKey, type LineQuery, linePage,
  postedDifferencePage, postedDifferencesBySku, setUncountedAs, spuLines, statusCounts, uncountedAs,
} from './stocktakeQueries.ts';

/**
 * The stocktake calls beside the generic document routes (wh-inventory descriptor): by key, line lists (by SKU
 * and by SPU), status counts, header edits, lines added or removed while counting, the difference preview,
 * differences across stocktakes, the counting config, and the ticket (wxy-warehouse-server). The handlers validate
 * and call stocktakeQueries.ts.
 */

type Row = Record<string, unknown>;
const tags = ['wxy-warehouse-server'];
const LIST = 'wh:inventory:list';
const keySchema = { type: 'string', title: '盘点标识', minLength: 1, maxLength: 36, pattern: '^[A-Za-z0-9-]+$', 'x-msg': '盘点标识格式不正确' };
const pagingProps = { pageNum: idField('页码'), pageSize: { type: 'integer', minimum: 1, maximum: 999999, title: '每页条数' } };

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

    app.get<{ Querystring: LineQuery }>('/wh-inventory/sku-list', {
      config: { perm: LIST },
      schema: {
        tags,
        summary: '盘点明细（按 SKU）：可按条码、编码、名称查找，counted=0 只看未盘的',
        querystring: { type: 'object', required: ['inventoryId'], properties: { inventoryId: idField('盘点单'), keyword: plainText('商品', 48), counted: { type: 'integer', enum: [0, 1], title: '是否已盘' }, ...pagingProps } },
      },
    }, async (req) => ok(await req.tenantTx((tx) => linePage(tx, req.query)).catch(asCallerError)));

    app.get<{ Querystring: { inventoryId: number } }>('/wh-inventory/v2/spu-list', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点明细按商品（SPU）汇总：SKU 数、已盘数、账面、实盘、差异', querystring: { type: 'object', required: ['inventoryId'], properties: { inventoryId: idField('盘点单') } } },
    }, async (req) => ok(await req.tenantTx((tx) => spuLines(tx, req.query.inventoryId)).catch(asCallerError)));

    app.get('/wh-inventory/status-list', {
      config: { perm: LIST },
      schema: { tags, summary: '各状态的盘点单数（状态页签用）' },
    }, async (req) => ok(await req.tenantTx(statusCounts)));

    app.post<{ Body: { inventoryId: number; remark?: string | null } }>('/wh-inventory/edit', {
      config: { perm: 'wh:inventory:add' },
      schema: { tags, summary: '修改盘点单备注（盘点中）', body: { type: 'object', required: ['inventoryId'], properties: { inventoryId: idField('盘点单'), remark: { ...plainText('备注', 200), type: ['string', 'null'] } } } },
    }, async (req) => {
      await req.tenantTx((tx) => editRemark(tx, req.body.inventoryId, req.body.remark ?? null)).catch(asCallerError);
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
            inventoryId: idField('盘点单'),
            addSkuIds: { type: 'array', maxItems: 10000, items: idField('商品'), title: '加入的商品' },
            removeDetIds: { type: 'array', maxItems: 10000, items: idField('明细'), title: '移除的明细' },
          },
        },
      },
    }, async (req) => {
      const { inventoryId, addSkuIds = [], removeDetIds = [] } = req.body;
      const res = await req.tenantTx((tx) => adjustLines(tx, inventoryId, addSkuIds, removeDetIds)).catch(asCallerError);
      return ok(res, `加入 ${res.added} 个、移除 ${res.removed} 个商品`);
    });

    app.post<{ Body: { inventoryId: number } }>('/wh-inventory-correction/difference/calculate', {
      config: { perm: LIST },
      schema: { tags, summary: '差异试算：按现在过账会计入的差异（不过账）', body: { type: 'object', required: ['inventoryId'], properties: { inventoryId: idField('盘点单') } } },
    }, async (req) => ok(await req.tenantTx((tx) => differencePreview(tx, req.body.inventoryId)).catch(asCallerError)));

    for (const path of ['/wh-inventory/v2/findCorrectionDetList/:id', '/wh-inventory-diff-det/sku/diff/det/:id'] as const) {
      app.get<{ Params: { id: number } }>(path, {
        config: { perm: LIST },
        schema: { tags, summary: '盘点单的差异明细（差异不为 0 的商品）', params: { type: 'object', required: ['id'], properties: { id: idField('盘点单') } } },
      }, async (req) => ok(await req.tenantTx((tx) => differenceLines(tx, req.params.id)).catch(asCallerError)));
    }

    app.get<{ Params: { id: number } }>('/wh-inventory/v2/find/correction/pd/:id', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点差异按商品（SPU）汇总', params: { type: 'object', required: ['id'], properties: { id: idField('盘点单') } } },
    }, async (req) => ok(await req.tenantTx((tx) => differencesBySpu(tx, req.params.id)).catch(asCallerError)));

    // Differences across posted stocktakes, line by line or merged per SKU.
    const diffFilter = {
      type: 'object',
      properties: {
        whId: { ...idField('仓库'), type: ['integer', 'null'] },
        skuName: { ...plainText('商品名称', 48), type: ['string', 'null'] },
        submitTimeStart: dateParam('过账开始时间', 'date-time', { nullable: true }),
        submitTimeEnd: dateParam('过账结束时间', 'date-time', { nullable: true }),
        ...pagingProps,
      },
    };
    app.post<{ Body: DiffQuery }>('/wh-inventory-diff-det/list', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点差异明细（已过账），可按仓库、商品、过账时间筛选', body: diffFilter },
    }, async (req) => ok(await req.tenantTx((tx) => postedDifferencePage(tx, req.body ?? {})).catch(asCallerError)));
    app.post<{ Body: DiffQuery }>('/wh-inventory-diff-det/list/merge', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点差异按 SKU 合并：盘盈、盘亏、净差异、差异金额', body: diffFilter },
    }, async (req) => ok(await req.tenantTx((tx) => postedDifferencesBySku(tx, req.body ?? {}))));

    app.post('/wh-inventory/inventoryConfig', {
      config: { perm: LIST },
      schema: { tags, summary: '盘点设置：未盘商品过账时的处理（1 不调整，2 按实盘 0 计盘亏）' },
    }, async (req) => ok({ uncountedAs: await req.tenantTx(uncountedAs) }));
    app.post<{ Body: { uncountedAs: number } }>('/wh-inventory/updateInventoryConfig', {
      config: { perm: 'wh:inventory:submit' },
      schema: {
        tags,
        summary: '保存盘点设置（下一次过账起生效）',
        body: { type: 'object', required: ['uncountedAs'], properties: { uncountedAs: { type: 'integer', enum: [1, 2], title: '未盘商品处理' } } },
      },
    }, async (req) => {
      await req.tenantTx((tx) => setUncountedAs(tx, req.body.uncountedAs));
      return ok(null, '保存成功');
    });

    // The spec's ticket/{id}: the same PDF as print/{id}/pdf.
    app.get<{ Params: { id: number } }>('/wh-inventory/ticket/:id', {
      config: { perm: LIST },
      schema: { tags, summary: '打印盘点单（PDF）', params: { type: 'object', required: ['id'], properties: { id: idField('盘点单') } } },
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
