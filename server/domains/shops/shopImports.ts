import { registerDocImporter } from '../../documents/registry.ts';
import { fieldPermissionNames } from '../../permissions.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { report, type ImportRowError } from '../../resources/importer.ts';
import { readSheet, template, text, type Cell } from '../../resources/sheetImport.ts';
import { shopIdsByCode } from './shopCodes.ts';

/**
 * shop-base's two sheet imports that update shops already there, found by 门店编码:
 * cost (营业面积, 参考最低成本) and display (陈列面积, 货架数, 橱窗数). A blank cell keeps the shop's value;
 * a row must change something. Every bad cell is reported with its row and column, and nothing is written.
 */

interface Column {
  title: string;
  column: string;
  /** The value, or the reason it is refused. */
  parse: (v: Cell) => number | string;
  /** A field permission (spec 000 §5) the caller needs to write this column. */
  fieldPermission?: string;
}

const decimal = (title: string, max: number) => (v: Cell): number | string => {
  const n = typeof v === 'number' ? v : Number(text(v));
  if (!Number.isFinite(n) || n < 0 || n > max) return `${title}应为0到${max}之间的数字`;
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return `${title}最多2位小数`;
  return Math.round(n * 100) / 100;
};
const count = (title: string) => (v: Cell): number | string => {
  const n = typeof v === 'number' ? v : Number(text(v));
  if (!Number.isInteger(n) || n < 0 || n > 9999) return `${title}应为0到9999之间的整数`;
  return n;
};

function shopSheetImporter(sheetName: string, columns: Column[]) {
  const titles = ['门店编码', ...columns.map((c) => c.title)];
  return {
    template: (_req: unknown, reply: Parameters<typeof template>[0]) => template(reply, sheetName, titles),
    async run(request: unknown, reply: Parameters<typeof template>[0]) {
      const req = request as Req;
      const sheet = await readSheet(req, ['门店编码']);
      if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
      const [shops, perms] = await req.tenantTx(async (tx) => [
        await shopIdsByCode(tx, sheet.rows.map((r) => text(r.get('门店编码')))),
        new Set(await fieldPermissionNames(tx, req.auth!)),
      ] as const);
      const errors: ImportRowError[] = [];
      const updates: { shopId: number; values: (number | null)[] }[] = [];
      const seen = new Map<string, number>();
      for (const r of sheet.rows) {
        const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
        const code = text(r.get('门店编码'));
        if (!code) fail('门店编码', '门店编码不能为空');
        else if (!shops.has(code)) fail('门店编码', `门店编码“${code}”不存在`);
        else if (seen.has(code)) fail('门店编码', `门店编码“${code}”与第${seen.get(code)}行重复`);
        else seen.set(code, r.row);
        const values = columns.map((c) => {
          if (!text(r.get(c.title))) return null;
          if (c.fieldPermission && !perms.has(c.fieldPermission)) return void fail(c.title, `没有“${c.fieldPermission}”字段权限，不能导入${c.title}`), null;
          const v = c.parse(r.get(c.title));
          if (typeof v === 'string') return void fail(c.title, v), null;
          return v;
        });
        if (!errors.some((e) => e.row === r.row) && values.every((v) => v === null)) fail(columns[0].title, `至少填写${columns.map((c) => c.title).join('、')}中的一项`);
        if (!errors.some((e) => e.row === r.row)) updates.push({ shopId: shops.get(code)!, values });
      }
      if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
      const sets = columns.map((c, i) => `${c.column} = CASE WHEN u.v${i} IS NULL THEN s.${c.column} ELSE u.v${i} END`).join(', ');
      const unnests = columns.map((_, i) => `$${i + 2}::numeric[]`).join(', ');
      const names = columns.map((_, i) => `v${i}`).join(', ');
      await req
        .tenantTx((tx) =>
          tx.query(
            `UPDATE shop_base s SET ${sets} FROM unnest($1::int[], ${unnests}) AS u(id, ${names}) WHERE s.shop_id = u.id`,
            [updates.map((u) => u.shopId), ...columns.map((_, i) => updates.map((u) => u.values[i]))],
          ),
        )
        .catch(asCallerError);
      return reply.send(report(updates.length, updates.length, []));
    },
  };
}

registerDocImporter('shopCost', shopSheetImporter('门店成本', [
  { title: '营业面积', column: 'area', parse: decimal('营业面积', 9999999999) },
  { title: '参考最低成本', column: 'min_cost', parse: decimal('参考最低成本', 999999999999), fieldPermission: '成本总金额' },
]));

registerDocImporter('shopDisplay', shopSheetImporter('门店陈列', [
  { title: '陈列面积', column: 'display_area', parse: decimal('陈列面积', 9999999999) },
  { title: '货架数', column: 'shelf_count', parse: count('货架数') },
  { title: '橱窗数', column: 'window_count', parse: count('橱窗数') },
]));
