import type { Queryable } from '../../db/index.ts';

/** Shop ids by the codes people type in imports (门店编码); codes that are no shop of the tenant are absent. */
export async function shopIdsByCode(tx: Queryable, codes: string[]): Promise<Map<string, number>> {
  const r = await tx.query<{ shop_code: string; shop_id: number }>(`SELECT shop_code, shop_id FROM shop_base WHERE shop_code = ANY($1::text[])`, [[...new Set(codes)]]);
  return new Map(r.rows.map((x) => [x.shop_code, Number(x.shop_id)]));
}
