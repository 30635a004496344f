import type { FastifyReply } from 'fastify';
import { importDocuments } from '../../documents/writing.ts';
import { registerDocImporter } from '../../documents/registry.ts';
import type { Req } from '../../resources/access.ts';
import { report, type ImportRowError } from '../../resources/importer.ts';
import { amountOf, dateOf, readSheet, template, text } from '../../resources/sheetImport.ts';
import { shopIdsByCode } from '../shops/index.ts';

/**
 * Imports of petty-cash records and transfers: people name shops by code and usages by name, so the rows are
 * read here (shop code -> shopId, usage name -> usageId, amount with at most 2 decimals, a real date), then each
 * row becomes a document through the document layer, with the same checks as one saved on the screen. Any bad
 * row answers the per-row report and nothing is written.
 */

function answer(reply: FastifyReply, total: number, result: { imported: number; errors: ImportRowError[] }, what: string) {
  if (result.errors.length) return reply.status(400).send(report(total, 0, result.errors));
  return reply.send({ code: 200, msg: `导入成功，共${result.imported}条${what}`, data: { total, imported: result.imported, errors: [] } });
}

const RECORD_COLUMNS = ['门店编码', '费用用途', '金额', '发生日期', '关联单号', '说明'];

registerDocImporter('pettyCashRecord', {
  template: (_req, reply) => template(reply, '备用金记录', RECORD_COLUMNS),
  async run(request, reply, doc) {
    const req = request as Req;
    const sheet = await readSheet(req, RECORD_COLUMNS.slice(0, 4));
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const errors: ImportRowError[] = [];
    const { shops, usages } = await req.tenantTx(async (tx) => ({
      shops: await shopIdsByCode(tx, [...new Set(sheet.rows.map((r) => text(r.get('门店编码'))))]),
      usages: new Map((await tx.query<{ usage_name: string; usage_id: number }>(`SELECT usage_name, usage_id FROM shop_petty_cash_usage_config`)).rows.map((u) => [u.usage_name, Number(u.usage_id)])),
    }));
    const bodies: { row: number; body: Record<string, unknown> }[] = [];
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const code = text(r.get('门店编码'));
      const usage = text(r.get('费用用途'));
      const amount = amountOf(r.get('金额'), '金额');
      const orderNo = text(r.get('关联单号'));
      const remark = text(r.get('说明'));
      if (!code) { fail('门店编码', '门店编码不能为空'); continue; }
      if (!shops.has(code)) { fail('门店编码', `门店编码“${code}”不存在`); continue; }
      if (!usage) { fail('费用用途', '费用用途不能为空'); continue; }
      if (!usages.has(usage)) { fail('费用用途', `费用用途“${usage}”不存在`); continue; }
      if (typeof amount === 'string') { fail('金额', amount); continue; }
      let occurDate: string;
      try {
        occurDate = dateOf(r.get('发生日期'), '发生日期');
      } catch (e) {
        fail('发生日期', (e as Error).message);
        continue;
      }
      if (orderNo && !/^[A-Za-z0-9-]{1,32}$/.test(orderNo)) { fail('关联单号', '关联单号只能包含字母、数字和短横线，最多32位'); continue; }
      if (remark.length > 200) { fail('说明', '说明长度不能超过200个字符'); continue; }
      bodies.push({ row: r.row, body: { shopId: shops.get(code), usageId: usages.get(usage), amount, occurDate, orderNo: orderNo || null, remark: remark || null } });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    return answer(reply, sheet.rows.length, await importDocuments(req, doc!, bodies), '备用金记录（待审核）');
  },
});

const TRANSFER_COLUMNS = ['门店编码', '调拨金额', '调拨日期', '备注'];

registerDocImporter('pettyCashTransfer', {
  template: (_req, reply) => template(reply, '备用金调拨', TRANSFER_COLUMNS),
  async run(request, reply, doc) {
    const req = request as Req;
    const sheet = await readSheet(req, TRANSFER_COLUMNS.slice(0, 3));
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const errors: ImportRowError[] = [];
    const shops = await req.tenantTx((tx) => shopIdsByCode(tx, [...new Set(sheet.rows.map((r) => text(r.get('门店编码'))))]));
    const bodies: { row: number; body: Record<string, unknown> }[] = [];
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const code = text(r.get('门店编码'));
      const amount = amountOf(r.get('调拨金额'), '调拨金额');
      const remark = text(r.get('备注'));
      if (!code) { fail('门店编码', '门店编码不能为空'); continue; }
      if (!shops.has(code)) { fail('门店编码', `门店编码“${code}”不存在`); continue; }
      if (typeof amount === 'string') { fail('调拨金额', amount); continue; }
      let transferDate: string;
      try {
        transferDate = dateOf(r.get('调拨日期'), '调拨日期');
      } catch (e) {
        fail('调拨日期', (e as Error).message);
        continue;
      }
      if (remark.length > 200) { fail('备注', '备注长度不能超过200个字符'); continue; }
      bodies.push({ row: r.row, body: { shopId: shops.get(code), amount, transferDate, remark: remark || null } });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    return answer(reply, sheet.rows.length, await importDocuments(req, doc!, bodies), '调拨单（待门店确认）');
  },
});
