import type { ResourceDescriptor } from '../../core/descriptors/types.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import { hiddenFor, type Req } from '../resources/access.ts';
import { asCallerError } from '../resources/dbErrors.ts';

/**
 * docSkuOptions (GET <document>/sku-options): the SKUs a document line may take, for the document page's
 * lines grid. `keyword`: what the clerk scanned or typed — an exact barcode or SKU code comes first, then
 * names containing the text (enabled SKUs only, at most `limit`). `codes`: many barcodes or codes at once
 * (lines pasted from a spreadsheet), answered as every enabled SKU matching one of them. `whId`: each SKU's
 * available stock in that warehouse beside it. The route carries the document's own permission, so a clerk
 * who may write the document can find SKUs without the product menu; purchase and cost prices follow the
 * SKU resource's field permissions.
 */

export const skuOptionsQuerySchema = {
  type: 'object',
  properties: {
    keyword: { type: 'string', title: '商品条码、编码或名称', minLength: 1, maxLength: 48 },
    codes: { type: 'string', title: '条码或编码列表', minLength: 1, maxLength: 20000 },
    whId: { type: 'integer', title: '仓库', minimum: 1, maximum: 2147483647 },
    limit: { type: 'integer', title: '条数', minimum: 1, maximum: 50, default: 20 },
  },
};

const MAX_CODES = 1000;

/**
 * One SKU of the answer. Purchase and cost prices are left out for a caller without their field permission, the
 * available stock when no warehouse was named.
 */
export const skuOptionSchema = {
  type: 'object',
  required: ['skuId', 'skuCode', 'skuName', 'barcode', 'spec', 'unit', 'retailPrice'],
  properties: {
    skuId: { type: 'integer' },
    skuCode: { type: 'string' },
    skuName: { type: 'string' },
    barcode: { type: 'string', nullable: true },
    spec: { type: 'string', nullable: true },
    unit: { type: 'string', nullable: true },
    retailPrice: { type: 'number', nullable: true },
    purchasePrice: { type: 'number', nullable: true },
    costPrice: { type: 'number', nullable: true },
    available: { type: 'number', nullable: true, title: '所选仓库的可用库存' },
  },
} as const;

export interface SkuOption {
  skuId: number;
  skuCode: string;
  skuName: string;
  barcode: string | null;
  spec: string | null;
  unit: string | null;
  retailPrice: number | null;
  purchasePrice?: number | null;
  costPrice?: number | null;
  available?: number | null;
}

const COLUMNS = `s.sku_id::int AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.barcode, s.spec, s.unit,
  s.retail_price::float8 AS "retailPrice", s.purchase_price::float8 AS "purchasePrice", s.cost_price::float8 AS "costPrice"`;

export async function findSkuOptions(
  tx: Queryable,
  q: { keyword?: string; codes?: string[]; whId?: number; limit: number },
): Promise<SkuOption[]> {
  const params: unknown[] = [q.whId ?? null];
  const stock = `(SELECT b.available::float8 FROM stock_balance b WHERE b.wh_id = $1 AND b.sku_id = s.sku_id) AS available`;
  if (q.codes) {
    params.push(q.codes);
    return (await tx.query<SkuOption>(`SELECT ${COLUMNS}, ${stock} FROM pd_sku s WHERE s.status = 1 AND (s.barcode = ANY($2::text[]) OR s.sku_code = ANY($2::text[])) ORDER BY s.sku_code LIMIT ${MAX_CODES * 2}`, params)).rows;
  }
  const text = q.keyword!.trim();
  if (!text) return [];
  params.push(text, `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`, q.limit);
  // Names of two or more characters read the bigram index (migration 036) for their candidates.
  const byName = [...text].length >= 2 ? `(s.sku_name_bigrams @> text_bigrams($2) AND s.sku_name ILIKE $3)` : `s.sku_name ILIKE $3`;
  return (
    await tx.query<SkuOption>(
      `SELECT ${COLUMNS}, ${stock} FROM pd_sku s
        WHERE s.status = 1 AND (s.barcode = $2 OR s.sku_code = $2 OR ${byName})
        ORDER BY (s.barcode = $2 OR s.sku_code = $2) DESC, s.sku_code LIMIT $4`,
      params,
    )
  ).rows;
}

/** Splits pasted codes: commas, blanks or new lines between them; duplicates once. */
export function splitCodes(raw: string): string[] {
  return [...new Set(raw.split(/[\s,，;；]+/).map((c) => c.trim()).filter(Boolean))];
}

export function docSkuOptionsHandler(skuResource: ResourceDescriptor | undefined) {
  return async (req: Req) => {
    const query = (req.query ?? {}) as { keyword?: string; codes?: string; whId?: number; limit?: number };
    if (query.keyword === undefined && query.codes === undefined) throw new ApiError('BAD_REQUEST', '请输入商品条码、编码或名称');
    const codes = query.codes === undefined ? undefined : splitCodes(query.codes);
    if (codes && codes.length > MAX_CODES) throw new ApiError('BAD_REQUEST', `条码或编码列表一次最多${MAX_CODES}个`);
    const rows = await req
      .tenantTx(async (tx) => {
        const hidden = skuResource ? await hiddenFor(tx, req.auth!, skuResource) : new Set(['purchasePrice', 'costPrice']);
        const found = await findSkuOptions(tx, { keyword: query.keyword, codes, whId: query.whId, limit: query.limit ?? 20 });
        for (const row of found) {
          for (const f of hidden) delete (row as unknown as Record<string, unknown>)[f];
          if (query.whId === undefined) delete row.available;
          else row.available ??= 0;
        }
        return found;
      })
      .catch(asCallerError);
    return ok(rows);
  };
}
