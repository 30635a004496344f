import { ApiError } from '../../errors.ts';
import { formatQty, type LotRef, type LotSource } from './moves.ts';
import { addDays } from '../../../core/calendar.ts';

export type { LotRef } from './moves.ts';

/**
 * Which lot each move of a 批次管理 SKU takes or puts: the pure rule, without SQL (server/domains/stock/lots.ts reads
 * the locked lot balances and writes the result).
 *
 * - A move naming a lot uses that lot: going out, it must be in the warehouse with enough on hand (and, at the
 *   register, not expired); coming in, it gets the line's dates (a lot's dates are fixed at its first receipt).
 * - Going out without a lot: first back out of the lots this document line put into the warehouse (a reversal takes
 *   back exactly what was received), then first-expiry-first-out; the register skips expired lots.
 * - Coming in without a lot: back into the lots this document line (or the line it takes back, `lotFrom`) took
 *   out, anywhere (a transfer's goods arrive in the lots they left in); otherwise the line must name a lot.
 */

export interface LotMove {
  whId: number;
  skuId: number;
  qty: number;
  lineId?: number;
  lot?: LotRef | null;
  /** Another document's line whose lots this incoming move puts back (a refund or an exchange: the sale's line). */
  lotFrom?: LotSource;
  /** Coming in without a lot and nothing to put back: 'freshest' = into the warehouse's latest-expiring lot (a stocktake surplus). */
  lotFallback?: 'freshest';
}

export interface LotHolding {
  whId: number;
  skuId: number;
  lotNo: string;
  productionDate: string | null;
  expiryDate: string | null;
  onHand: number;
}

/** A lot row this document (or a lotFrom document) wrote before, netted per line and lot. */
export interface LotHistory extends Omit<LotHolding, 'onHand'> {
  docType: string;
  /** The document's id; absent = this posting's document. */
  docId?: number;
  lineId: number | null;
  qty: number;
}

export interface LotPosting extends Omit<LotHolding, 'onHand'> {
  lineId: number | null;
  qty: number;
}

export interface LotSku {
  skuName: string;
  expiryManaged: boolean;
  shelfLifeDays: number | null;
}

export interface LotRules {
  docType: string;
  docId?: number;
  /** The business day (YYYY-MM-DD): a lot whose expiry date is before it has expired. */
  today: string;
  /** The register: expired lots are not sold (禁止销售过期批次). */
  refuseExpired: boolean;
  sku: (skuId: number) => LotSku;
  whName: (whId: number) => string;
  /** The warehouses other than this one that hold a named lot of the SKU (for a clearer refusal). */
  elsewhere?: (skuId: number, lotNo: string, whId: number) => string[];
}

const QTY = 1000;
const q3 = (v: number) => Math.round(v * QTY) / QTY;
/** FEFO: the earliest expiry first, lots without a date last, then by lot number. */
const fefo = (a: { expiryDate: string | null; lotNo: string }, b: { expiryDate: string | null; lotNo: string }) =>
  (a.expiryDate ?? '9999-12-31').localeCompare(b.expiryDate ?? '9999-12-31') || a.lotNo.localeCompare(b.lotNo);

export const isExpired = (expiryDate: string | null, today: string) => expiryDate !== null && expiryDate < today;

/** The expiry date a receipt gives a lot: typed, or the production date plus the shelf life. */
export function lotExpiry(sku: LotSku, lot: LotRef): string | null {
  if (lot.expiryDate) return lot.expiryDate;
  if (lot.productionDate && sku.shelfLifeDays) return addDays(lot.productionDate, sku.shelfLifeDays);
  return null;
}

export function allocateLots(moves: LotMove[], holdings: LotHolding[], history: LotHistory[], rules: LotRules): LotPosting[] {
  const byKey = new Map<string, LotHolding[]>();
  for (const h of holdings) {
    const k = `${h.whId}:${h.skuId}`;
    byKey.set(k, [...(byKey.get(k) ?? []), { ...h }]);
  }
  const lotsOf = (whId: number, skuId: number) => {
    const k = `${whId}:${skuId}`;
    if (!byKey.has(k)) byKey.set(k, []);
    return byKey.get(k)!;
  };
  const hist = history.map((h) => ({ ...h }));
  const out: LotPosting[] = [];
  const post = (m: LotMove, lot: LotHolding, qty: number) => {
    lot.onHand = q3(lot.onHand + qty);
    const row = { whId: m.whId, skuId: m.skuId, lotNo: lot.lotNo, productionDate: lot.productionDate, expiryDate: lot.expiryDate, lineId: m.lineId ?? null, qty };
    out.push(row);
    hist.push({ ...row, docType: rules.docType, docId: rules.docId });
  };
  const own = (h: LotHistory) => h.docType === rules.docType && (h.docId === undefined || h.docId === rules.docId);
  for (const m of moves) {
    if (m.qty === 0) continue;
    const sku = rules.sku(m.skuId);
    const name = `「${sku.skuName}」`;
    const lots = lotsOf(m.whId, m.skuId);
    if (m.qty < 0) {
      let need = q3(-m.qty);
      if (m.lot?.lotNo) {
        const lot = lots.find((l) => l.lotNo === m.lot!.lotNo);
        if (!lot) {
          const there = rules.elsewhere?.(m.skuId, m.lot.lotNo, m.whId) ?? [];
          throw new ApiError('BAD_REQUEST', `批次不存在：${name}在「${rules.whName(m.whId)}」没有批次 ${m.lot.lotNo}${there.length ? `（该批次在「${there.join('」「')}」）` : ''}`);
        }
        if (rules.refuseExpired && isExpired(lot.expiryDate, rules.today)) throw expired(name, lot);
        if (lot.onHand < need) throw new ApiError('CONFLICT', `批次库存不足：${name}批次 ${lot.lotNo}（${rules.whName(m.whId)}）可用 ${formatQty(lot.onHand)}，需要 ${formatQty(need)}`);
        post(m, lot, -need);
        continue;
      }
      // What this line put here first (a reversal), then first-expiry-first-out.
      const putHere = netByLot(hist.filter((h) => own(h) && h.lineId === (m.lineId ?? null) && h.whId === m.whId && h.skuId === m.skuId));
      const order = [
        ...lots.filter((l) => (putHere.get(l.lotNo) ?? 0) > 0).sort(fefo),
        ...lots.filter((l) => !((putHere.get(l.lotNo) ?? 0) > 0)).sort(fefo),
      ];
      for (const lot of order) {
        if (need <= 0) break;
        if (lot.onHand <= 0) continue;
        if (rules.refuseExpired && isExpired(lot.expiryDate, rules.today)) continue;
        const cap = (putHere.get(lot.lotNo) ?? 0) > 0 ? Math.min(lot.onHand, putHere.get(lot.lotNo)!) : lot.onHand;
        const take = q3(Math.min(cap, need));
        if (take <= 0) continue;
        if ((putHere.get(lot.lotNo) ?? 0) > 0) putHere.set(lot.lotNo, q3(putHere.get(lot.lotNo)! - take));
        post(m, lot, -take);
        need = q3(need - take);
      }
      // A reversal's remainder, or lots it could not take back because they left since: first-expiry-first-out again.
      for (const lot of [...lots].sort(fefo)) {
        if (need <= 0) break;
        if (lot.onHand <= 0 || (rules.refuseExpired && isExpired(lot.expiryDate, rules.today))) continue;
        const take = q3(Math.min(lot.onHand, need));
        post(m, lot, -take);
        need = q3(need - take);
      }
      if (need > 0) {
        const old = rules.refuseExpired ? lots.filter((l) => l.onHand > 0 && isExpired(l.expiryDate, rules.today)).sort(fefo)[0] : undefined;
        if (old) throw expired(name, old);
        const held = q3(lots.reduce((a, l) => a + l.onHand, 0));
        throw new ApiError('CONFLICT', `批次库存不足：${name}（${rules.whName(m.whId)}）各批次合计可用 ${formatQty(held)}，还差 ${formatQty(need)}`);
      }
      continue;
    }
    // Coming in.
    let left = q3(m.qty);
    if (m.lot?.lotNo) {
      const lotNo = m.lot.lotNo.trim();
      const expiry = lotExpiry(sku, m.lot);
      let lot = lots.find((l) => l.lotNo === lotNo);
      if (sku.expiryManaged && !expiry && !lot?.expiryDate)
        throw new ApiError('BAD_REQUEST', `${name}是保质期管理商品，批次 ${lotNo} 请填写到期日期${sku.shelfLifeDays ? '或生产日期' : ''}`);
      if (lot && expiry && lot.expiryDate && lot.expiryDate !== expiry)
        throw new ApiError('BAD_REQUEST', `${name}批次 ${lotNo} 已有到期日期 ${lot.expiryDate}，与本次 ${expiry} 不一致`);
      if (!lot) lots.push((lot = { whId: m.whId, skuId: m.skuId, lotNo, productionDate: m.lot.productionDate ?? null, expiryDate: expiry, onHand: 0 }));
      post(m, lot, left);
      continue;
    }
    const from = m.lotFrom;
    const taken = hist.filter((h) => h.skuId === m.skuId && ((own(h) && h.lineId === (m.lineId ?? null))
      || (from !== undefined && h.docType === from.docType && h.docId === from.docId && h.lineId === from.lineId)));
    const net = new Map<string, LotHistory>();
    for (const h of taken) {
      const n = net.get(h.lotNo);
      net.set(h.lotNo, n ? { ...n, qty: q3(n.qty + h.qty) } : { ...h });
    }
    for (const h of [...net.values()].filter((h) => h.qty < 0).sort(fefo)) {
      if (left <= 0) break;
      const give = q3(Math.min(-h.qty, left));
      let lot = lots.find((l) => l.lotNo === h.lotNo);
      if (!lot) lots.push((lot = { whId: m.whId, skuId: m.skuId, lotNo: h.lotNo, productionDate: h.productionDate, expiryDate: h.expiryDate, onHand: 0 }));
      post(m, lot, give);
      left = q3(left - give);
    }
    // A stocktake's surplus has no lot of its own: it goes to the warehouse's freshest lot (the goods found are taken
    // to be the newest, so first-expiry-first-out never sells them early).
    if (left > 0 && m.lotFallback === 'freshest') {
      const fresh = lots.filter((l) => !isExpired(l.expiryDate, rules.today)).sort(fefo).at(-1);
      if (fresh) {
        post(m, fresh, left);
        left = 0;
      }
    }
    if (left > 0) throw new ApiError('BAD_REQUEST', `${name}是批次管理商品，请填写批次号`);
  }
  return out;
}

function netByLot(rows: { lotNo: string; qty: number }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.lotNo, q3((m.get(r.lotNo) ?? 0) + r.qty));
  return m;
}

const expired = (name: string, lot: LotHolding) =>
  new ApiError('BAD_REQUEST', `批次已过期：${name}批次 ${lot.lotNo} 于 ${lot.expiryDate} 到期，禁止销售`);
