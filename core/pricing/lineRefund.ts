import { splitFen } from '../money.ts';

/**
 * 部分退款's money rules (the server applies them; the order detail asks the server for a quote): integers only —
 * fen for money, thousandths for quantities.
 *
 * - A line's share of what the order took (`lineShares`): the order's payable (after promotions, 满减 and the coupon)
 *   split over its lines in proportion to each line's amount after its own promotion (largest remainder, so the shares
 *   add up to the payable exactly; a gift's share is 0).
 * - Units of a line (`partOf`) are paid back cumulatively: after `b` of `q` units came back, `⌊share × b / q⌋` has been
 *   paid back; a refund of `n` more pays `⌊share × (b + n) / q⌋ − ⌊share × b / q⌋`. So every unit gets its share rounded
 *   down, the last unit takes the remainder, and however the line is split into refunds, they add up to its share and
 *   never exceed it.
 * - What follows the money (the member's points, the balance and each payment method's part of the money back) follows
 *   it the same way, cumulatively over the order: after `r` of the payable `p` came back, `⌊total × r / p⌋` of each;
 *   the refund that brings the last unit back takes what is left of each.
 */

/** Each line's share of the order's payable (fen), in proportion to its amount after its own promotion. */
export function lineShares(payableFen: number, lineNetFen: readonly number[]): number[] {
  if (!lineNetFen.length) return [];
  if (!lineNetFen.some((x) => x > 0)) return lineNetFen.map((_, i) => (i === lineNetFen.length - 1 ? payableFen : 0));
  return splitFen(payableFen, lineNetFen);
}

/** ⌊total × upTo / whole⌋, exact for operands below 2^53 as products (bigint). `whole` 0: nothing until `upTo` reaches it. */
function shareUpTo(total: number, whole: number, upTo: number): number {
  if (whole <= 0) return upTo >= whole ? total : 0;
  if (upTo >= whole) return total;
  return Number((BigInt(total) * BigInt(upTo)) / BigInt(whole));
}

/**
 * What `total` (fen, points) follows when `now` more of `whole` comes back after `before` did: cumulative and rounded
 * down, so the part that reaches `whole` takes the remainder and all parts add up to `total`.
 */
export const partOf = (total: number, whole: number, before: number, now: number): number =>
  shareUpTo(total, whole, before + now) - shareUpTo(total, whole, before);

/**
 * The money back split over the order's payment methods (each method's net take, cash less the change), in the
 * order given: each but the last its cumulative part, the last what is left, so the parts add up to `backFen`.
 */
export function splitBack(backFen: number, methodFen: readonly number[], payableFen: number, refundedBeforeFen: number): number[] {
  if (!methodFen.length) return [];
  const parts = methodFen.map((t, i) => (i === methodFen.length - 1 ? 0 : partOf(t, payableFen, refundedBeforeFen, backFen)));
  parts[parts.length - 1] = backFen - parts.reduce((a, b) => a + b, 0);
  return parts;
}
