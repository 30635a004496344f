import { registerDocImporter } from '../documents/registry.ts';
import type { Req } from '../resources/access.ts';
import { asCallerError } from '../resources/dbErrors.ts';
import { report, type ImportRowError } from '../resources/importer.ts';
import { readSheet, template, text } from '../resources/sheetImport.ts';
import { shopIdsByCode } from '../domains/shops/index.ts';

/**
 * 手艺人绑定 import (craftsmen-bind template/import): one row per person, shop and platform, by 工号 and 门店编码 (what
 * an administrator has in a spreadsheet, not ids). A row for a person, shop and platform already bound updates that
 * binding (the account changed); a platform account already bound to someone else is refused by row. All rows or none.
 */
const COLUMNS = ['工号', '门店编码', '平台', '手艺人ID', '手艺人名称', '备注'];
const PLATFORMS: Record<string, number> = { 美团: 1, 饿了么: 2, 京东到家: 3, 抖音: 4 };
const ACCOUNT = /^[A-Za-z0-9_-]{1,48}$/;

interface Row {
  row: number;
  userId: number;
  shopId: number;
  platform: number;
  no: string;
  name: string | null;
  remark: string | null;
}

registerDocImporter('craftsmenBind', {
  template: (_req, reply) => template(reply, '手艺人绑定', COLUMNS),
  async run(request, reply) {
    const req = request as Req;
    const sheet = await readSheet(req, COLUMNS.slice(0, 4));
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const errors: ImportRowError[] = [];
    const userNos = [...new Set(sheet.rows.map((r) => text(r.get('工号'))))];
    const [users, shops] = await req.tenantTx(async (tx) => [
      new Map((await tx.query<{ user_no: string; id: number }>(`SELECT user_no, id FROM sys_user WHERE user_no = ANY($1::text[]) AND status = 1`, [userNos])).rows.map((u) => [u.user_no, u.id])),
      await shopIdsByCode(tx, [...new Set(sheet.rows.map((r) => text(r.get('门店编码'))))]),
    ] as const);
    const rows: Row[] = [];
    const accounts = new Map<string, number>();
    const keys = new Map<string, number>();
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const userNo = text(r.get('工号'));
      const code = text(r.get('门店编码'));
      const platform = PLATFORMS[text(r.get('平台'))];
      const no = text(r.get('手艺人ID'));
      const name = text(r.get('手艺人名称'));
      const remark = text(r.get('备注'));
      if (!users.has(userNo)) { fail('工号', userNo ? `工号“${userNo}”不存在或已停用` : '工号不能为空'); continue; }
      if (!shops.has(code)) { fail('门店编码', code ? `门店编码“${code}”不存在` : '门店编码不能为空'); continue; }
      if (!platform) { fail('平台', `平台应为 ${Object.keys(PLATFORMS).join('、')} 之一`); continue; }
      if (!ACCOUNT.test(no)) { fail('手艺人ID', '手艺人ID只能包含字母、数字、下划线或短横线，最多48位'); continue; }
      if (name.length > 24) { fail('手艺人名称', '手艺人名称长度不能超过24个字符'); continue; }
      if (remark.length > 100) { fail('备注', '备注长度不能超过100个字符'); continue; }
      const account = `${platform}/${no}`;
      if (accounts.has(account)) { fail('手艺人ID', `手艺人ID ${no} 与第${accounts.get(account)}行重复`); continue; }
      const key = `${users.get(userNo)}/${shops.get(code)}/${platform}`;
      if (keys.has(key)) { fail('工号', `该员工在该门店该平台的绑定与第${keys.get(key)}行重复`); continue; }
      accounts.set(account, r.row);
      keys.set(key, r.row);
      rows.push({ row: r.row, userId: users.get(userNo)!, shopId: shops.get(code)!, platform, no, name: name || null, remark: remark || null });
    }
    // An account bound to another person, shop or platform slot is refused; the same slot is an update.
    const taken = await req.tenantTx((tx) =>
      tx.query<{ platform_type: number; craftsman_no: string; user_id: number; shop_id: number; user_name: string }>(
        `SELECT platform_type, craftsman_no, user_id, shop_id, user_name FROM sys_craftsmen_bind
          WHERE (platform_type, craftsman_no) IN (SELECT * FROM unnest($1::smallint[], $2::text[]))`,
        [rows.map((x) => x.platform), rows.map((x) => x.no)],
      ),
    );
    for (const t of taken.rows) {
      const mine = rows.find((x) => x.platform === t.platform_type && x.no === t.craftsman_no)!;
      if (mine.userId !== t.user_id || mine.shopId !== t.shop_id) errors.push({ row: mine.row, field: '手艺人ID', message: `手艺人ID ${t.craftsman_no} 已绑定给“${t.user_name}”` });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors.sort((a, b) => a.row - b.row)));
    await req
      .tenantTx((tx) =>
        tx.query(
          `INSERT INTO sys_craftsmen_bind (tenant_id, user_id, shop_id, platform_type, craftsman_no, craftsman_name, remark)
           SELECT app_current_tenant(), u, s, p, n, m, x FROM unnest($1::int[], $2::int[], $3::smallint[], $4::text[], $5::text[], $6::text[]) AS t(u, s, p, n, m, x)
           ON CONFLICT (tenant_id, user_id, shop_id, platform_type) DO UPDATE
             SET craftsman_no = EXCLUDED.craftsman_no, craftsman_name = EXCLUDED.craftsman_name, remark = EXCLUDED.remark, status = 1`,
          [rows.map((x) => x.userId), rows.map((x) => x.shopId), rows.map((x) => x.platform), rows.map((x) => x.no), rows.map((x) => x.name), rows.map((x) => x.remark)],
        ),
      )
      .catch(asCallerError);
    return reply.send(report(rows.length, rows.length, []));
  },
});
