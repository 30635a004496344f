import { registerDocImporter } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { report, type ImportRowError } from '../../resources/importer.ts';
import { readSheet, template, text } from '../../resources/sheetImport.ts';
import { PLATFORMS } from './onlineOrders.ts';
import { shopIdsByCode } from './shopCodes.ts';

/**
 * 平台门店匹配 (shop-rel-poi): the platforms' stores (POIs) imported from their store lists and matched to our shops.
 * relevanceReachMate matches the unmatched ones whose name carries a shop's name (上海徐汇店 in 「某某便利(上海徐汇店)」)
 * or whose address is the shop's, only where exactly one shop and one POI meet; everything else is left for a person.
 */

const platformParam = { type: 'integer', enum: [1, 2, 3, 4], title: '平台' };

registerCustomRoute('shopRelPoi.autoMatch', {
  schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { platformType: { ...platformParam, type: ['integer', 'null'], enum: [1, 2, 3, 4, null] } } } },
  handler: async (req) => {
    const platform = (req.body as { platformType?: number | null } | null)?.platformType ?? null;
    const result = await req
      .tenantTx(async (tx) => {
        const matched = await tx.query(
          `WITH cand AS (
             SELECT p.id, p.platform_type, s.shop_id
               FROM shop_rel_poi p JOIN shop_base s
                 ON s.status = 1 AND (strpos(p.poi_name, regexp_replace(s.shop_name, '店$', '')) > 0
                    OR (s.address IS NOT NULL AND p.poi_address IS NOT NULL AND length(s.address) >= 6 AND strpos(p.poi_address, s.address) > 0))
              WHERE p.shop_id IS NULL AND ($1::int IS NULL OR p.platform_type = $1)
                AND NOT EXISTS (SELECT 1 FROM shop_rel_poi q WHERE q.platform_type = p.platform_type AND q.shop_id = s.shop_id)),
           counted AS (SELECT c.*, count(*) OVER (PARTITION BY c.id) AS per_poi, count(*) OVER (PARTITION BY c.platform_type, c.shop_id) AS per_shop FROM cand c)
           UPDATE shop_rel_poi p SET shop_id = c.shop_id, match_type = 1 FROM counted c WHERE c.id = p.id AND c.per_poi = 1 AND c.per_shop = 1
           RETURNING p.id`,
          [platform],
        );
        const left = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_rel_poi WHERE shop_id IS NULL AND ($1::int IS NULL OR platform_type = $1)`, [platform])).rows[0].n;
        return { matched: matched.rows.length, unmatched: left };
      })
      .catch(asCallerError);
    return ok(result, `自动匹配 ${result.matched} 家，${result.unmatched} 家平台门店需要人工匹配`);
  },
});

registerCustomRoute('shopRelPoi.unmatchedShops', {
  schema: { params: { type: 'object', required: ['platformType'], properties: { platformType: platformParam } } },
  handler: async (req) => {
    const platform = Number((req.params as { platformType: number }).platformType);
    const row = await req.tenantTx(async (tx) => (await tx.query<{ shops: number; matched: number }>(
      `SELECT count(*)::int AS shops, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM shop_rel_poi p WHERE p.platform_type = $1 AND p.shop_id = s.shop_id))::int AS matched
         FROM shop_base s WHERE s.status = 1 AND app_in_scope(s.shop_id)`,
      [platform],
    )).rows[0]);
    return ok({ platformType: platform, shops: row.shops, matched: row.matched, unmatched: row.shops - row.matched });
  },
});

const COLUMNS = ['平台', '平台门店ID', '平台门店名称', '平台门店地址', '门店编码'];

registerDocImporter('shopRelPoi', {
  template: (_req, reply) => template(reply, '平台门店', COLUMNS),
  async run(request, reply) {
    const req = request as Req;
    const sheet = await readSheet(req, COLUMNS.slice(0, 3));
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const codes = [...new Set(sheet.rows.map((r) => text(r.get('门店编码'))).filter(Boolean))];
    const shops = await req.tenantTx((tx) => shopIdsByCode(tx, codes));
    const errors: ImportRowError[] = [];
    const rows: { platform: number; poiId: string; name: string; address: string | null; shopId: number | null }[] = [];
    const seen = new Map<string, number>();
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const platform = PLATFORMS[text(r.get('平台'))];
      const poiId = text(r.get('平台门店ID'));
      const name = text(r.get('平台门店名称'));
      const address = text(r.get('平台门店地址'));
      const code = text(r.get('门店编码'));
      if (!platform) { fail('平台', `平台应为 ${Object.keys(PLATFORMS).join('、')} 之一`); continue; }
      if (!/^[A-Za-z0-9_-]{1,48}$/.test(poiId)) { fail('平台门店ID', '平台门店ID只能包含字母、数字、下划线或短横线，最多48位'); continue; }
      if (!name || name.length > 48) { fail('平台门店名称', '平台门店名称不能为空，最多48个字符'); continue; }
      if (address.length > 100) { fail('平台门店地址', '平台门店地址最多100个字符'); continue; }
      if (code && !shops.has(code)) { fail('门店编码', `门店编码“${code}”不存在`); continue; }
      const key = `${platform}|${poiId}`;
      if (seen.has(key)) { fail('平台门店ID', `与第${seen.get(key)}行重复`); continue; }
      seen.set(key, r.row);
      rows.push({ platform, poiId, name, address: address || null, shopId: code ? shops.get(code)! : null });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    await req
      .tenantTx((tx) =>
        tx.query(
          `INSERT INTO shop_rel_poi (tenant_id, platform_type, poi_id, poi_name, poi_address, shop_id)
           SELECT app_current_tenant(), p, i, n, a, s FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[]) AS u(p, i, n, a, s)
           ON CONFLICT (tenant_id, platform_type, poi_id) DO UPDATE SET poi_name = EXCLUDED.poi_name, poi_address = EXCLUDED.poi_address,
             shop_id = coalesce(EXCLUDED.shop_id, shop_rel_poi.shop_id)`,
          [rows.map((x) => x.platform), rows.map((x) => x.poiId), rows.map((x) => x.name), rows.map((x) => x.address), rows.map((x) => x.shopId)],
        ),
      )
      .catch((e: { code?: string }) => {
        if (e.code === '23505') throw new ApiError('CONFLICT', '同一个门店在一个平台只能对应一个平台门店，请检查“门店编码”列');
        return asCallerError(e);
      });
    return reply.send(report(rows.length, rows.length, []));
  },
});
