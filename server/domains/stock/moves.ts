import { ApiError } from '../../errors.ts';

/** The lot a move of a 批次管理 SKU names: its number, and on a receipt its dates (YYYY-MM-DD). */
export interface LotRef {
  lotNo: string;
  productionDate?: string | null;
  expiryDate?: string | null;
}

/** A document line whose lots an incoming move puts back. */
export interface LotSource {
  docType: string;
  docId: number;
  lineId: number;
}

/** One change of stock of a SKU in a warehouse, from one document line. */
export interface StockMove {
  whId: number;
  skuId: number;
  /** on_hand change, signed (receipt +, issue -). */
  qty: number;
  /** reserved change (a pre-sale or a picking reservation +, its release -). */
  reserved?: number;
  /** in_transit change (goods on their way to this warehouse +, arrived -). */
  inTransit?: number;
  /**
   * Unit cost of an inbound move; moves the moving average. Outbound moves take the average. A move of transit only
   * (qty 0: a transfer's shortfall leaving transit, or its reversal) may carry one too: its ledger row is then valued
   * at inTransit x unitCost (the value lost, or put back), the average untouched.
   */
  unitCost?: number;
  /** The ledger row's doc_type when it is not the posting document's own (a transfer's 调拨短少 rows). */
  docType?: string;
  /** The document line the move comes from. */
  lineId?: number;
  /** The lot a 批次管理 SKU's move receives or names; without it, postLots picks (server/domains/stock/lotAllocation.ts). */
  lot?: LotRef | null;
  /** An incoming move that puts back what another document's line took out (a refund or an exchange: the sale's line). */
  lotFrom?: LotSource;
  /** Coming in without a lot and nothing to put back: 'freshest' = into the warehouse's latest-expiring lot (a stocktake surplus). */
  lotFallback?: 'freshest';
}

/** The moves of one (warehouse, SKU), netted: what the balance row changes by. */
export interface KeyedMoves {
  whId: number;
  skuId: number;
  qty: number;
  reserved: number;
  inTransit: number;
  /** Σ qty x cost of the inbound moves that carry a cost, exact decimal text; null when none does. */
  inboundAmount: string | null;
  /** Inbound quantity without a cost (valued at the current average). */
  inboundUncosted: number;
  moves: StockMove[];
}

const QTY_SCALE = 1000n;
const COST_SCALE = 10000n;

/** A quantity as an exact count of thousandths (quantities have at most 3 decimals). */
function thousandths(v: number, what: string): bigint {
  if (!Number.isFinite(v)) throw new ApiError('BAD_REQUEST', `${what}格式不正确`);
  const scaled = Math.round(v * 1000);
  if (Math.abs(scaled - v * 1000) > 1e-6) throw new ApiError('BAD_REQUEST', `${what}最多3位小数`);
  return BigInt(scaled);
}

const fromThousandths = (v: bigint) => Number(v) / 1000;

/** Groups moves by (warehouse, SKU) in key order — the order balance rows are locked in — and nets them exactly. */
export function mergeMoves(moves: StockMove[]): KeyedMoves[] {
  const byKey = new Map<string, { whId: number; skuId: number; qty: bigint; reserved: bigint; inTransit: bigint; amount: bigint | null; uncosted: bigint; moves: StockMove[] }>();
  for (const m of moves) {
    if (!Number.isSafeInteger(m.whId) || !Number.isSafeInteger(m.skuId)) throw new ApiError('BAD_REQUEST', '仓库或商品不正确');
    const key = `${m.whId}:${m.skuId}`;
    let k = byKey.get(key);
    if (!k) byKey.set(key, (k = { whId: m.whId, skuId: m.skuId, qty: 0n, reserved: 0n, inTransit: 0n, amount: null, uncosted: 0n, moves: [] }));
    const q = thousandths(m.qty, '数量');
    k.qty += q;
    k.reserved += thousandths(m.reserved ?? 0, '预占数量');
    k.inTransit += thousandths(m.inTransit ?? 0, '在途数量');
    if (q > 0n) {
      if (m.unitCost !== undefined && m.unitCost !== null) {
        const c = BigInt(Math.round(m.unitCost * Number(COST_SCALE)));
        if (c < 0n) throw new ApiError('BAD_REQUEST', '成本单价不能小于0');
        k.amount = (k.amount ?? 0n) + q * c;
      } else k.uncosted += q;
    }
    k.moves.push(m);
  }
  return [...byKey.values()]
    .sort((a, b) => a.whId - b.whId || a.skuId - b.skuId)
    .map((k) => ({
      whId: k.whId,
      skuId: k.skuId,
      qty: fromThousandths(k.qty),
      reserved: fromThousandths(k.reserved),
      inTransit: fromThousandths(k.inTransit),
      inboundAmount: k.amount === null ? null : decimalText(k.amount, QTY_SCALE * COST_SCALE),
      inboundUncosted: fromThousandths(k.uncosted),
      moves: k.moves,
    }));
}

/** An exact decimal text of value / scale (scale a power of ten). */
export function decimalText(value: bigint, scale: bigint): string {
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const digits = scale.toString().length - 1;
  const int = abs / scale;
  const frac = (abs % scale).toString().padStart(digits, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** 3, 2.5, 0.125 — a quantity as people write it. */
export const formatQty = (v: number) => String(Math.round(v * 1000) / 1000);
