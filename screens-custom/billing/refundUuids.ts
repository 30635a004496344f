/**
 * The uuid a refund of lines of an order goes under at this register, kept in the tab's session storage until the
 * server answers a refund under it: the register reloads when the network returns (src/feedback/networkWatch.ts),
 * and a refund whose answer that reload lost must be asked again under the same uuid, so the server answers it
 * instead of refunding twice. A 409 (the uuid already answered another choice of lines) renews it too.
 */
const KEY = 'wxy.register.refundUuids';
const KEEP = 20;

type Kept = Record<string, string>;

function read(): Kept {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Kept) : {};
  } catch {
    return {};
  }
}

function write(kept: Kept): void {
  // The newest orders only: a register refunds a few orders a shift.
  sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(Object.entries(kept).slice(-KEEP))));
}

/** The order's pending refund uuid: the one kept for it, else a new one, kept. */
export function refundUuidFor(orderNo: string): string {
  const kept = read();
  if (kept[orderNo]) return kept[orderNo];
  const uuid = crypto.randomUUID();
  delete kept[orderNo];
  write({ ...kept, [orderNo]: uuid });
  return uuid;
}

/** After the server answered a refund under the order's uuid (or refused it as used): the next refund gets a new one. */
export function renewRefundUuid(orderNo: string): string {
  const kept = read();
  delete kept[orderNo];
  const uuid = crypto.randomUUID();
  write({ ...kept, [orderNo]: uuid });
  return uuid;
}
