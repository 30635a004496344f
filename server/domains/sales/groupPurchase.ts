import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { type AuthContext, actorName } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { registerDocFn, registerDocImporter } from '../../documents/registry.ts';
import { importDocuments } from '../../documents/writing.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { report, type ImportRowError } from '../../resources/importer.ts';
import { amountOf, dateOf, readSheet, template, text } from '../../resources/sheetImport.ts';
import { postStock } from '../stock/index.ts';
import { onProcessEnd, registerProcessBusiness, startProcess } from '../process/index.ts';
import { shopIdsByCode } from '../shops/index.ts';
import { assertShopTakes, BALANCE, PAY_TYPES } from './pricing.ts';
import { shopOf } from './registerShop.ts';
import { readOrder } from './settlement.ts';
import { fenOf, yuanText, amountText } from '../../../core/money.ts';

/**
 * 团购单 (poGroupPurchase): a customer organisation buys many SKUs from one shop at negotiated prices.
 *
 *   草稿 (1) --submit--> 待审核 (2) --audit 通过--> 已审核 (3) --unitOrder/insert--> 已完成 (4)
 *                        <--audit 驳回 (back to draft, with the reason)--
 *
 * Saving checks the shop (active, with a warehouse, the caller's own for a shop-bound user) and each line's price
 * (a 团购价 above the retail price is refused) and keeps the retail and discount figures to the fen. Submitting
 * starts the process `groupPurchase` when the tenant deployed one (its approvers decide in 我的待办; the audit
 * button then refuses), else tells whoever may audit. order/unitOrder/insert turns an approved group purchase into
 * its sales order (po_order, order_type 2) once: the goods leave the shop's warehouse through the stock ledger
 * (409 naming the SKU when they are not there), the money is recorded under the payment named, a repeated call
 * answers the same order.
 */

export const GROUP_STATUS = { draft: 1, submitted: 2, approved: 3, done: 4 } as const;
export const PROCESS_KEY = 'groupPurchase';
export const BUSINESS_TYPE = 'groupPurchase';
/** The notice of a group purchase waiting for its audit, or audited (src/notices/noticeDestination.ts opens its detail). */
export const GROUP_NOTICE = 2031;
const AUDIT = 'order:groupPurchase:audit';
const ORDER_TYPE_GROUP = 2;

registerProcessBusiness(BUSINESS_TYPE, { noticeType: 2001, label: '团购单', noticeId: 'instance' });

async function usesProcess(tx: Queryable): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM wf_definition WHERE process_key = $1 AND deleted_at IS NULL AND NOT suspended LIMIT 1`, [PROCESS_KEY]);
  return r.rows.length > 0;
}

async function inProcess(tx: Queryable, id: number): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM wf_instance WHERE business_type = $1 AND business_id = $2 AND status = 1`, [BUSINESS_TYPE, String(id)]);
  return r.rows.length > 0;
}

/** The shop a group purchase sells from: active, with a warehouse; a shop-bound user's own only. */
async function shopFor(tx: Queryable, auth: AuthContext, shopId: number) {
  if (auth.shopId && auth.shopId !== shopId) throw new ApiError('FORBIDDEN', '只能为本门店做团购单');
  const s = (await tx.query<{ shop_name: string; status: number; wh_id: number | null }>(
    `SELECT s.shop_name, s.status, (SELECT w.wh_id FROM wh_base_info w WHERE w.shop_id = s.shop_id AND w.status = 1 ORDER BY w.wh_id LIMIT 1) AS wh_id
       FROM shop_base s WHERE s.shop_id = $1`,
    [shopId],
  )).rows[0];
  if (!s) throw new ApiError('BAD_REQUEST', '门店不存在');
  if (Number(s.status) !== 1) throw new ApiError('BAD_REQUEST', `门店「${s.shop_name}」已停用，不能团购`);
  if (!s.wh_id) throw new ApiError('BAD_REQUEST', `门店「${s.shop_name}」没有启用的门店仓，不能团购`);
  return { shopName: s.shop_name, whId: Number(s.wh_id) };
}

registerDocFn('groupPurchase.save', async ({ tx, auth, id, header, lines }) => {
  if (!lines.length) throw new ApiError('BAD_REQUEST', '团购单至少要有一个商品');
  const shop = await shopFor(tx, auth, Number(header.shopId));
  if (header.deliveryDate && String(header.deliveryDate) < (await tx.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)).rows[0].d)
    throw new ApiError('BAD_REQUEST', '交货日期不能早于今天');
  const retail = new Map((await tx.query<{ sku_id: number; retail_price: string }>(`SELECT sku_id, retail_price FROM pd_sku WHERE sku_id = ANY($1::int[])`, [lines.map((l) => Number(l.skuId))])).rows.map((r) => [Number(r.sku_id), fenOf(r.retail_price)]));
  lines.forEach((l, i) => {
    const r = retail.get(Number(l.skuId)) ?? 0;
    if (fenOf(l.unitPrice) > r) throw new ApiError('BAD_REQUEST', `第${i + 1}行：${String(l.skuName)} 团购价 ${yuanText(fenOf(l.unitPrice))} 不能高于零售价 ${yuanText(r)}`);
  });
  await tx.query(`UPDATE po_group_purchase_det d SET retail_price = s.retail_price FROM pd_sku s WHERE s.sku_id = d.sku_id AND d.group_purchase_id = $1`, [id]);
  await tx.query(
    `UPDATE po_group_purchase h SET shop_name = $2, wh_id = $3,
            retail_amount = t.retail, discount_amount = t.retail - h.total_amount
       FROM (SELECT coalesce(sum(round(quantity * retail_price, 2)), 0) AS retail FROM po_group_purchase_det WHERE group_purchase_id = $1) t
      WHERE h.group_purchase_id = $1`,
    [id, shop.shopName, shop.whId],
  );
});

registerDocFn('groupPurchase.submit', async ({ tx, auth, id, ref, header }) => {
  await shopFor(tx, auth, Number(header.shopId));
  await tx.query(`UPDATE po_group_purchase SET submit_time = now(), audit_user_name = NULL, audit_time = NULL, audit_remark = NULL WHERE group_purchase_id = $1`, [id]);
  const amount = Number(header.totalAmount);
  const title = `团购单 ${ref.docNo}：${String(header.customerName)} ${amountText(amount)} 元（${String(header.shopName)}）`;
  if (await usesProcess(tx)) {
    await startProcess(tx, auth, {
      processKey: PROCESS_KEY,
      businessType: BUSINESS_TYPE,
      businessId: String(id),
      title: title.slice(0, 100),
      shopId: Number(header.shopId),
      variables: { amount, shopId: Number(header.shopId), customerName: header.customerName, purchaseNo: ref.docNo, discountAmount: Number(header.discountAmount) },
    });
    return { note: '已发起团购审批流程' };
  }
  await notifyConfirmers(tx, auth, AUDIT, {
    businessType: GROUP_NOTICE,
    businessId: id,
    messageTypeInfo: '团购单待审核',
    noticeTemplateInfo: `${actorName(auth)} 提交了${title}，请审核。`,
  });
}, { lines: false });

registerDocFn('groupPurchase.audit', async ({ tx, auth, id, body, note }) => {
  const auditStatus = body.auditStatus === undefined || body.auditStatus === null ? 2 : Number(body.auditStatus);
  if (auditStatus !== 2 && auditStatus !== 3) throw new ApiError('BAD_REQUEST', '审核结果（auditStatus）只能是 2（通过）或 3（驳回）');
  if (await inProcess(tx, id)) throw new ApiError('CONFLICT', '该团购单正在审批流程中，请由审批人在“我的待办”中审批');
  const remark = (typeof body.auditRemark === 'string' && body.auditRemark.trim()) || note || null;
  if (auditStatus === 3 && !remark) throw new ApiError('BAD_REQUEST', '驳回时请填写审核意见（auditRemark）');
  await setAudited(tx, auth, id, remark, auditStatus === 2);
  return auditStatus === 2 ? { to: GROUP_STATUS.approved, label: '审核通过' } : { to: GROUP_STATUS.draft, label: '驳回' };
}, { lines: false });

async function setAudited(tx: Queryable, auth: AuthContext, id: number, remark: string | null, approved: boolean) {
  const h = (await tx.query<{ purchase_no: string; create_user_id: number | null; customer_name: string }>(
    `UPDATE po_group_purchase SET audit_user_name = $2, audit_time = now(), audit_remark = $3 WHERE group_purchase_id = $1 RETURNING purchase_no, create_user_id, customer_name`,
    [id, actorName(auth), remark?.slice(0, 200) ?? null],
  )).rows[0];
  if (h?.create_user_id && h.create_user_id !== auth.userId)
    await notifyUsersInTx(tx, auth.tenantId, [h.create_user_id], {
      businessType: GROUP_NOTICE,
      businessId: id,
      messageTypeInfo: approved ? '团购单审核通过' : '团购单被驳回',
      noticeTemplateInfo: approved ? `团购单 ${h.purchase_no}（${h.customer_name}）审核通过，可以生成销售单出库。` : `团购单 ${h.purchase_no}（${h.customer_name}）被驳回：${remark ?? ''}`,
    });
}

onProcessEnd(BUSINESS_TYPE, async (tx, e) => {
  if (e.outcome === 'cancelled') return; // the definition was deleted: the document waits for a direct audit
  const id = Number(e.businessId);
  const h = (await tx.query<{ status: number }>(`SELECT status FROM po_group_purchase WHERE group_purchase_id = $1 FOR UPDATE`, [id])).rows[0];
  if (!h) throw new ApiError('CONFLICT', '团购单已被删除，不能审批');
  if (Number(h.status) !== GROUP_STATUS.submitted) throw new ApiError('CONFLICT', '单据状态已变更，请刷新后重试');
  const approved = e.outcome === 'approved';
  const to = approved ? GROUP_STATUS.approved : GROUP_STATUS.draft;
  await tx.query(`UPDATE po_group_purchase SET status = $2 WHERE group_purchase_id = $1`, [id, to]);
  await setAudited(tx, e.auth, id, e.comment ?? null, approved);
  await recordDocEvent(tx, e.auth, { docType: 'groupPurchase', docId: id, action: 'audit', actionLabel: approved ? '审批通过' : '审批驳回', fromStatus: GROUP_STATUS.submitted, toStatus: to, note: e.comment ?? `流程实例 ${e.processInstanceId}` });
});

// ------------------------------------------------------------------ the sales order (order/unitOrder/insert)

interface GroupRow {
  group_purchase_id: number;
  purchase_no: string;
  status: number;
  shop_id: number;
  customer_name: string;
  total_quantity: string;
  total_amount: string;
  order_id: number | null;
}

/**
 * 生成销售单: the approved group purchase becomes its sales order, once. The header row is locked first, so a
 * double click or a second user waits and then answers the order the first one made.
 */
export async function groupPurchaseToOrder(tx: Queryable, auth: AuthContext, groupPurchaseId: number, payType: number | null): Promise<Record<string, unknown>> {
  const g = (await tx.query<GroupRow>(
    `SELECT group_purchase_id, purchase_no, status, shop_id, customer_name, total_quantity, total_amount, order_id
       FROM po_group_purchase WHERE group_purchase_id = $1 FOR UPDATE`,
    [groupPurchaseId],
  )).rows[0];
  if (!g) throw new ApiError('NOT_FOUND', '团购单不存在');
  if (auth.shopId && auth.shopId !== g.shop_id) throw new ApiError('FORBIDDEN', '只能为本门店的团购单生成销售单');
  if (Number(g.status) === GROUP_STATUS.done && g.order_id) return { ...(await readOrder(tx, g.order_id)), groupPurchaseId, purchaseNo: g.purchase_no };
  if (Number(g.status) !== GROUP_STATUS.approved) throw new ApiError('CONFLICT', `团购单 ${g.purchase_no} ${Number(g.status) === GROUP_STATUS.draft ? '还是草稿' : '尚未审核通过'}，不能生成销售单`);
  if (payType !== null && (payType === BALANCE || !PAY_TYPES[payType])) throw new ApiError('BAD_REQUEST', '团购收款方式只能是现金、银行卡、微信或支付宝');
  const shop = await shopOf(tx, auth, g.shop_id);
  // Not named: a company pays by transfer (银行卡) where the shop takes it, else the first method it takes.
  if (payType === null) payType = [2, 3, 4, 1].find((t) => shop.pay_types.map(Number).includes(t)) ?? null;
  if (payType === null) throw new ApiError('BAD_REQUEST', `门店「${shop.shop_name}」没有开通可用于团购收款的支付方式`);
  assertShopTakes(shop.pay_types.map(Number), [{ payType, amount: Number(g.total_amount) }]);
  const orderNo = await nextDocNo(tx, auth.tenantId, 'XS');
  const orderId = (await tx.query<{ order_id: number }>(
    `INSERT INTO po_order (tenant_id, order_no, client_uuid, shop_id, shop_name, wh_id, order_type, total_quantity, total_amount, pay_amount, paid_amount, change_amount,
                           remark, cashier_user_id, cashier_name, group_purchase_id)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, ${ORDER_TYPE_GROUP}, $6, $7, $7, $7, 0, $8, $9, $10, $11) RETURNING order_id`,
    [orderNo, randomUUID(), shop.shop_id, shop.shop_name, shop.wh_id, g.total_quantity, g.total_amount, `团购单 ${g.purchase_no}：${g.customer_name}`.slice(0, 200), auth.userId, actorName(auth), groupPurchaseId],
  )).rows[0].order_id;
  const lines = await tx.query<{ det_id: number; sku_id: number; quantity: string }>(
    `INSERT INTO po_order_det (tenant_id, order_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price)
     SELECT app_current_tenant(), $1, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price
       FROM po_group_purchase_det WHERE group_purchase_id = $2 ORDER BY line_no
     RETURNING det_id, sku_id, quantity`,
    [orderId, groupPurchaseId],
  );
  if (Number(g.total_amount) > 0)
    await tx.query(`INSERT INTO po_order_pay (tenant_id, order_id, pay_type, amount) VALUES (app_current_tenant(), $1, $2, $3)`, [orderId, payType, g.total_amount]);
  await postStock(tx, auth, { docType: 'sale', docId: orderId, docNo: orderNo }, lines.rows.map((l) => ({ whId: shop.wh_id, skuId: l.sku_id, qty: -Number(l.quantity), lineId: l.det_id })), { sale: true });
  await tx.query(`UPDATE po_order_det d SET unit_cost = l.unit_cost FROM stock_ledger l WHERE l.doc_type = 'sale' AND l.doc_id = $1 AND l.line_id = d.det_id AND d.order_id = $1`, [orderId]);
  await tx.query(
    `UPDATE po_group_purchase SET status = ${GROUP_STATUS.done}, order_id = $2, order_no = $3, pay_type = $4, finish_user_name = $5, finish_time = now() WHERE group_purchase_id = $1`,
    [groupPurchaseId, orderId, orderNo, payType, actorName(auth)],
  );
  await recordDocEvent(tx, auth, { docType: 'groupPurchase', docId: groupPurchaseId, action: 'order', actionLabel: '生成销售单', fromStatus: GROUP_STATUS.approved, toStatus: GROUP_STATUS.done, note: `销售单 ${orderNo}，${PAY_TYPES[payType]}收款 ${yuanText(fenOf(g.total_amount))} 元` });
  return { ...(await readOrder(tx, orderId)), groupPurchaseId, purchaseNo: g.purchase_no };
}

registerCustomRoute('groupPurchase.toOrder', {
  schema: {
    body: {
      type: 'object', required: ['groupPurchaseId'], additionalProperties: false,
      properties: { groupPurchaseId: idField('团购单'), payType: { type: ['integer', 'null'], enum: [1, 2, 3, 4, null], title: '收款方式' } },
    },
  },
  handler: async (req) => {
    const { groupPurchaseId, payType } = req.body as { groupPurchaseId: number; payType?: number | null };
    return ok(await req.tenantTx((tx) => groupPurchaseToOrder(tx, req.auth!, groupPurchaseId, payType ?? null)).catch(asCallerError), '已生成销售单，商品已从门店仓出库');
  },
});

// ------------------------------------------------------------------ the line picker (po-group-purchase-order/cpSkuList)

/** The shop warehouse's on-sale SKUs with available stock, at their retail price: what a group purchase can take. */
export async function groupSkuList(tx: Queryable, auth: AuthContext, q: { shopId: number; keyword?: string; limit: number }) {
  const shop = await shopFor(tx, auth, q.shopId);
  const kw = q.keyword?.trim() ?? '';
  const like = `%${kw.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows = await tx.query(
    `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.barcode, s.spec, s.unit,
            s.retail_price::float8 AS "retailPrice", b.available::float8 AS available
       FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.available > 0 AND s.status = 1 AND s.retail_price > 0
        AND ($2 = '' OR s.barcode = $2 OR s.sku_code = $2 OR s.sku_name ILIKE $3)
      ORDER BY ($2 <> '' AND (s.barcode = $2 OR s.sku_code = $2)) DESC, s.sku_code LIMIT $4`,
    [shop.whId, kw, like, q.limit],
  );
  return { shopId: q.shopId, shopName: shop.shopName, whId: shop.whId, records: rows.rows };
}

registerCustomRoute('groupPurchase.cpSkuList', {
  schema: {
    querystring: {
      type: 'object', required: ['shopId'], additionalProperties: false,
      properties: { shopId: idField('门店'), keyword: plainText('商品条码、编码或名称', 48), limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, title: '条数' } },
    },
  },
  handler: async (req) => {
    const q = req.query as { shopId: number; keyword?: string; limit?: number };
    return ok(await req.tenantTx((tx) => groupSkuList(tx, req.auth!, { shopId: q.shopId, keyword: q.keyword, limit: q.limit ?? 50 })).catch(asCallerError));
  },
});

// ------------------------------------------------------------------ import

const COLUMNS = ['团购客户', '联系人', '联系电话', '门店编码', 'SKU编码', '数量', '团购价', '交货日期', '备注'];

registerDocImporter('groupPurchase', {
  template: (_req, reply) => template(reply, '团购单', COLUMNS),
  async run(request, reply: FastifyReply, doc) {
    const req = request as Req;
    const sheet = await readSheet(req, COLUMNS.slice(0, 7));
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const errors: ImportRowError[] = [];
    const { shops, skus } = await req.tenantTx(async (tx) => ({
      shops: await shopIdsByCode(tx, sheet.rows.map((r) => text(r.get('门店编码')))),
      skus: new Map((await tx.query<{ code: string; sku_id: number; status: number; retail_price: string }>(
        `SELECT sku_code AS code, sku_id, status, retail_price FROM pd_sku WHERE sku_code = ANY($1::text[])`, [[...new Set(sheet.rows.map((r) => text(r.get('SKU编码'))))]],
      )).rows.map((s) => [s.code, s])),
    }));
    const groups = new Map<string, { row: number; body: Record<string, unknown>; lines: Record<string, unknown>[]; seen: Set<number> }>();
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const customer = text(r.get('团购客户'));
      const contact = text(r.get('联系人'));
      const phone = text(r.get('联系电话'));
      const code = text(r.get('门店编码'));
      const skuCode = text(r.get('SKU编码'));
      const qty = Number(text(r.get('数量')));
      const price = amountOf(r.get('团购价'), '团购价');
      const remark = text(r.get('备注'));
      if (!customer) { fail('团购客户', '团购客户不能为空'); continue; }
      if (customer.length > 48) { fail('团购客户', '团购客户长度不能超过48个字符'); continue; }
      if (!contact) { fail('联系人', '联系人不能为空'); continue; }
      if (contact.length > 24) { fail('联系人', '联系人长度不能超过24个字符'); continue; }
      if (!/^1\d{10}$/.test(phone)) { fail('联系电话', '联系电话应为11位手机号码'); continue; }
      if (!code) { fail('门店编码', '门店编码不能为空'); continue; }
      if (!shops.has(code)) { fail('门店编码', `门店编码“${code}”不存在`); continue; }
      if (!skuCode) { fail('SKU编码', 'SKU编码不能为空'); continue; }
      const sku = skus.get(skuCode);
      if (!sku || Number(sku.status) !== 1) { fail('SKU编码', `SKU编码“${skuCode}”不存在或已停用`); continue; }
      if (!Number.isInteger(qty) || qty < 1 || qty > 99999) { fail('数量', '数量必须是 1 到 99999 的整数'); continue; }
      if (typeof price === 'string') { fail('团购价', price); continue; }
      if (fenOf(price) > fenOf(sku.retail_price)) { fail('团购价', `团购价 ${yuanText(fenOf(price))} 不能高于零售价 ${yuanText(fenOf(sku.retail_price))}`); continue; }
      let deliveryDate: string | null = null;
      if (text(r.get('交货日期'))) {
        try {
          deliveryDate = dateOf(r.get('交货日期'), '交货日期');
        } catch (e) {
          fail('交货日期', (e as Error).message);
          continue;
        }
      }
      if (remark.length > 100) { fail('备注', '备注长度不能超过100个字符'); continue; }
      const key = `${customer}|${phone}|${code}`;
      let g = groups.get(key);
      if (!g) {
        g = { row: r.row, body: { customerName: customer, contactName: contact, contactPhone: phone, shopId: shops.get(code), deliveryDate, remark: '导入' }, lines: [], seen: new Set() };
        groups.set(key, g);
      }
      if (g.seen.has(sku.sku_id)) { fail('SKU编码', `SKU编码“${skuCode}”在同一团购单中重复`); continue; }
      g.seen.add(sku.sku_id);
      g.lines.push({ skuId: sku.sku_id, quantity: qty, unitPrice: price, remark: remark || null });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    const bodies = [...groups.values()].map((g) => ({ row: g.row, body: { ...g.body, detList: g.lines } }));
    const result = await importDocuments(req, doc!, bodies);
    if (result.errors.length) return reply.status(400).send(report(sheet.rows.length, 0, result.errors.map((e) => ({ ...e, field: e.field || '团购客户' }))));
    return reply.send({ code: 200, msg: `导入成功，共${sheet.rows.length}行，生成${bodies.length}张团购单（草稿）`, data: { total: sheet.rows.length, imported: sheet.rows.length, orders: bodies.length, errors: [] } });
  },
});

