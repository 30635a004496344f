import QRCode from 'qrcode';
import { ApiError } from '../../errors.ts';
import { zipStored } from '../../files/zip.ts';
import { ok } from '../../http/envelope.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { idField } from '../../http/fields.ts';

/**
 * The shop calls that are not a list or a form: each shop's QR code (a PNG, or a ZIP of many) leading to the
 * shop's scan page, the shop's own warehouse, a reference minimum cost from comparable shops, and a shop's
 * place in the region tree with the shops under a region.
 */

const MAX_ZIP = 5000;

/** What a shop's QR code opens: the h5 scan page of this server for the tenant and shop. */
export function shopQrUrl(origin: string, tenantId: number, shopId: number): string {
  return `${origin}/h5/scanCode?tenantId=${tenantId}&shopId=${shopId}`;
}

const originOf = (req: Req) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;
const qrPng = (text: string) => QRCode.toBuffer(text, { type: 'png', width: 480, margin: 2, errorCorrectionLevel: 'M' });
/** A file name safe on every system: the shop's code and name without path or reserved characters. */
const fileNameOf = (code: string, name: string) => `${code}_${name}`.replace(/[\\/:*?"<>|\s]+/g, '_');

registerCustomRoute('shopBase.qrCode', {
  schema: { params: { type: 'object', required: ['shopId'], properties: { shopId: idField('门店') } } },
  handler: async (req, reply) => {
    const shopId = Number((req.params as { shopId: number }).shopId);
    const shop = (await req.tenantTx((tx) => tx.query<{ shop_code: string; shop_name: string }>(`SELECT shop_code, shop_name FROM shop_base WHERE shop_id = $1`, [shopId]))).rows[0];
    if (!shop) throw new ApiError('NOT_FOUND', '门店不存在');
    const png = await qrPng(shopQrUrl(originOf(req), req.auth!.tenantId, shopId));
    return reply
      .header('content-type', 'image/png')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`门店二维码_${fileNameOf(shop.shop_code, shop.shop_name)}.png`)}`)
      .send(png);
  },
});

registerCustomRoute('shopBase.qrZip', {
  schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { ids: { type: ['array', 'null'], maxItems: MAX_ZIP, title: '门店', items: idField('门店') } } } },
  handler: async (req, reply) => {
    const ids = (req.body as { ids?: number[] | null } | null)?.ids ?? null;
    const shops = (
      await req.tenantTx((tx) =>
        tx.query<{ shop_id: number; shop_code: string; shop_name: string }>(
          `SELECT shop_id, shop_code, shop_name FROM shop_base WHERE $1::int[] IS NULL OR shop_id = ANY($1::int[]) ORDER BY shop_code LIMIT ${MAX_ZIP + 1}`,
          [ids?.length ? ids : null],
        ),
      )
    ).rows;
    if (!shops.length) throw new ApiError('BAD_REQUEST', '暂无数据');
    if (shops.length > MAX_ZIP) throw new ApiError('BAD_REQUEST', `一次最多下载${MAX_ZIP}个门店的二维码，请筛选后再下载`);
    const origin = originOf(req);
    const files = [];
    for (const s of shops) files.push({ name: `${fileNameOf(s.shop_code, s.shop_name)}.png`, data: await qrPng(shopQrUrl(origin, req.auth!.tenantId, s.shop_id)) });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`门店二维码_${shops.length}个.zip`)}`)
      .send(zipStored(files));
  },
});

registerCustomRoute('shopBase.whOfShop', {
  schema: { body: { type: 'object', required: ['shopId'], additionalProperties: false, properties: { shopId: idField('门店') } } },
  handler: async (req) => {
    const shopId = (req.body as { shopId: number }).shopId;
    const wh = await req.tenantTx(async (tx) => {
      const shop = await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [shopId]);
      if (!shop.rows[0]) throw new ApiError('NOT_FOUND', '门店不存在');
      const r = await tx.query<{ whId: number; whName: string; whCode: string }>(
        `SELECT wh_id AS "whId", wh_name AS "whName", wh_code AS "whCode" FROM wh_base_info WHERE shop_id = $1 AND status = 1 ORDER BY wh_id LIMIT 1`,
        [shopId],
      );
      return r.rows[0] ?? null;
    });
    return ok(wh, wh ? '操作成功' : '该门店还没有启用的门店仓');
  },
});

/**
 * A reference minimum cost for a shop: the cost per square metre of the other shops of its region that have both
 * figures (their median, so one odd shop does not move it), times this shop's area.
 */
registerCustomRoute('shopBase.refMinCost', {
  schema: { params: { type: 'object', required: ['shopId'], properties: { shopId: idField('门店') } } },
  handler: async (req) => {
    const shopId = Number((req.params as { shopId: number }).shopId);
    const data = await req.tenantTx(async (tx) => {
      const shop = (await tx.query<{ region_name: string | null; area: string | null; min_cost: string | null; shop_name: string }>(
        `SELECT region_name, area::text, min_cost::text, shop_name FROM shop_base WHERE shop_id = $1`, [shopId],
      )).rows[0];
      if (!shop) throw new ApiError('NOT_FOUND', '门店不存在');
      const peers = (await tx.query<{ n: number; median: string | null }>(
        `SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY min_cost / area)::numeric(14,2)::text AS median
           FROM shop_base WHERE shop_id <> $1 AND region_name IS NOT DISTINCT FROM $2 AND area > 0 AND min_cost > 0`,
        [shopId, shop.region_name],
      )).rows[0];
      const perSqm = peers.median === null ? null : Number(peers.median);
      const area = shop.area === null ? null : Number(shop.area);
      return {
        shopId,
        shopName: shop.shop_name,
        regionName: shop.region_name,
        area,
        minCost: shop.min_cost === null ? null : Number(shop.min_cost),
        sampleShops: peers.n,
        costPerSqm: perSqm,
        refMinCost: perSqm !== null && area ? Math.round(perSqm * area * 100) / 100 : null,
      };
    });
    return ok(data, data.refMinCost === null ? (data.area ? '同区域没有可参考的门店' : '请先填写门店面积') : '操作成功');
  },
});

// ---------------------------------------------------------------- regions

/** shop-region/shop/info?shopId=: the shop's region and the path to it from the top of the tree. */
registerCustomRoute('shopRegion.shopInfo', {
  schema: { querystring: { type: 'object', required: ['shopId'], properties: { shopId: idField('门店') } } },
  handler: async (req) => {
    const shopId = Number((req.query as { shopId: number }).shopId);
    const data = await req.tenantTx(async (tx) => {
      const shop = (await tx.query<{ shop_name: string; region_name: string | null }>(`SELECT shop_name, region_name FROM shop_base WHERE shop_id = $1`, [shopId])).rows[0];
      if (!shop) throw new ApiError('NOT_FOUND', '门店不存在');
      const path = (await tx.query<{ regionId: number; regionName: string; regionCode: string }>(
        `WITH RECURSIVE up AS (
           SELECT region_id, parent_id, region_name, region_code, 0 AS depth FROM shop_region WHERE region_name = $1
           UNION ALL
           SELECT r.region_id, r.parent_id, r.region_name, r.region_code, up.depth + 1 FROM shop_region r JOIN up ON r.region_id = up.parent_id WHERE up.depth < 20)
         SELECT region_id AS "regionId", region_name AS "regionName", region_code AS "regionCode" FROM up ORDER BY depth DESC`,
        [shop.region_name],
      )).rows;
      return { shopId, shopName: shop.shop_name, regionName: shop.region_name, regionPath: path };
    });
    return ok(data);
  },
});

/** shop-region/shop/page/{pageNum}/{pageSize} {regionId}: the shops of a region and of the regions under it. */
registerCustomRoute('shopRegion.shopPage', {
  schema: {
    params: { type: 'object', required: ['pageNum', 'pageSize'], properties: { pageNum: { ...idField('页码') }, pageSize: { type: 'integer', minimum: 1, maximum: 1000, title: '每页条数' } } },
    body: { type: 'object', required: ['regionId'], additionalProperties: false, properties: { regionId: idField('区域'), shopName: { type: ['string', 'null'], maxLength: 24, title: '门店名称' } } },
  },
  handler: async (req) => {
    const { pageNum, pageSize } = req.params as unknown as { pageNum: number; pageSize: number };
    const { regionId, shopName } = req.body as { regionId: number; shopName?: string | null };
    const data = await req.tenantTx(async (tx) => {
      const under = `WITH RECURSIVE down AS (SELECT region_id, region_name, 0 AS depth FROM shop_region WHERE region_id = $1
                       UNION ALL SELECT r.region_id, r.region_name, down.depth + 1 FROM shop_region r JOIN down ON r.parent_id = down.region_id WHERE down.depth < 20)`;
      const exists = await tx.query(`SELECT 1 FROM shop_region WHERE region_id = $1`, [regionId]);
      if (!exists.rows[0]) throw new ApiError('NOT_FOUND', '区域不存在');
      // The caller's shops of the region (app_in_scope): shop_base is master data every caller reads.
      const where = `WHERE s.region_name IN (SELECT region_name FROM down) AND app_in_scope(s.shop_id) AND ($2::text IS NULL OR s.shop_name LIKE '%' || $2 || '%')`;
      const total = (await tx.query<{ n: number }>(`${under} SELECT count(*)::int AS n FROM shop_base s ${where}`, [regionId, shopName?.trim() || null])).rows[0].n;
      const records = (await tx.query(
        `${under} SELECT s.shop_id AS "shopId", s.shop_code AS "shopCode", s.shop_name AS "shopName", s.region_name AS "regionName", s.status
           FROM shop_base s ${where} ORDER BY s.shop_code LIMIT $3 OFFSET $4`,
        [regionId, shopName?.trim() || null, pageSize, (pageNum - 1) * pageSize],
      )).rows;
      return { records, total };
    });
    return ok(data);
  },
});
