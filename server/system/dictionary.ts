import type { Queryable } from '../db/index.ts';

/** A dictionary's items in their order, as every service's dictionary call answers them (label, value, sort). */
export async function dictionaryItems(tx: Queryable, code: string) {
  return (await tx.query<{ label: string; value: string; sort: number }>(`SELECT label, value, sort FROM sys_data_dictionary WHERE code = $1 ORDER BY sort, id`, [code])).rows;
}
