import type { Database, Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { aiBoxAt, BoxRefused, BoxUnreachable, type AiBoxAdapter, type HourCount } from './adapter.ts';
import { hourOf } from './lines.ts';

/**
 * Camera-box rules that touch the database. A box is never called inside a database transaction: the row is
 * read in one, the box is asked with its timeout outside, and what it answered (or that it did not) is written
 * in another, so a silent box holds no connection and no lock.
 */
export interface BoxRow {
  ai_box_id: number;
  shop_id: number;
  shop_name: string;
  box_name: string;
  serial_no: string;
  address: string;
  nvr_address: string | null;
  status: number;
  last_seen_at: Date | null;
  /** last_seen_at as the lists show date-times (YYYY-MM-DD HH:mm:ss). */
  last_seen_text: string | null;
  last_check_text: string | null;
  firmware_version: string | null;
  counts_until: Date | null;
}

export const STATUS = { unknown: 0, online: 1, offline: 2 } as const;
export const STATUS_NAMES: Record<number, string> = { 0: '未检测', 1: '在线', 2: '离线' };

const BOX_COLUMNS = `ai_box_id, shop_id, shop_name, box_name, serial_no, address, nvr_address, status, last_seen_at, counts_until, firmware_version,
  to_char(last_seen_at, 'YYYY-MM-DD HH24:MI:SS') AS last_seen_text, to_char(last_check_at, 'YYYY-MM-DD HH24:MI:SS') AS last_check_text`;

export async function loadBox(tx: Queryable, aiBoxId: number): Promise<BoxRow> {
  const row = (await tx.query<BoxRow>(`SELECT ${BOX_COLUMNS} FROM shop_ai_box WHERE ai_box_id = $1`, [aiBoxId])).rows[0];
  if (!row) throw new ApiError('NOT_FOUND', '客流设备不存在');
  return row;
}

export const offlineMessage = (box: Pick<BoxRow, 'box_name' | 'last_seen_text'>, reason: string): string =>
  `客流设备「${box.box_name}」离线（${reason}），${box.last_seen_text ? `最后应答时间 ${box.last_seen_text}` : '从未应答过'}`;

/** Writes what the box answered: online and seen now, or offline with the reason; the last answer's time stays. */
export async function recordContact(tx: Queryable, aiBoxId: number, outcome: { ok: true; firmwareVersion?: string | null } | { ok: false; error: string }): Promise<BoxRow | undefined> {
  const res = outcome.ok
    ? await tx.query<BoxRow>(
        `UPDATE shop_ai_box SET status = 1, last_seen_at = now(), last_check_at = now(), last_error = NULL,
                firmware_version = COALESCE($2, firmware_version)
          WHERE ai_box_id = $1 RETURNING ${BOX_COLUMNS}`,
        [aiBoxId, outcome.firmwareVersion?.slice(0, 48) ?? null],
      )
    : await tx.query<BoxRow>(
        `UPDATE shop_ai_box SET status = 2, last_check_at = now(), last_error = $2 WHERE ai_box_id = $1 RETURNING ${BOX_COLUMNS}`,
        [aiBoxId, outcome.error.slice(0, 200)],
      );
  return res.rows[0];
}

type TenantRunner = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

/**
 * Asks the box something: reads it, calls `fn` with its adapter outside any transaction, records the contact.
 * A box that does not answer is marked 离线 and the caller gets DEVICE_OFFLINE naming the last answer's time;
 * a box that refuses the call is online but the call is a 400 with its reason.
 */
export async function withBox<T>(run: TenantRunner, aiBoxId: number, fn: (box: AiBoxAdapter, row: BoxRow) => Promise<T>): Promise<{ result: T; box: BoxRow }> {
  const row = await run((tx) => loadBox(tx, aiBoxId));
  try {
    const result = await fn(aiBoxAt(row.address), row);
    const box = (await run((tx) => recordContact(tx, aiBoxId, { ok: true }))) ?? row;
    return { result, box };
  } catch (err) {
    if (err instanceof BoxUnreachable) {
      const box = (await run((tx) => recordContact(tx, aiBoxId, { ok: false, error: err.message }))) ?? row;
      throw new ApiError('DEVICE_OFFLINE', offlineMessage(box, err.message));
    }
    if (err instanceof BoxRefused) {
      await run((tx) => recordContact(tx, aiBoxId, { ok: true }));
      throw new ApiError('BAD_REQUEST', `客流设备「${row.box_name}」${err.message}`);
    }
    throw err;
  }
}

export interface PingResult {
  aiBoxId: number;
  online: boolean;
  status: number;
  statusName: string;
  lastSeenAt: string | null;
  lastCheckAt: string;
  firmwareVersion: string | null;
  message: string;
}

/** Pings a box: never an error for a silent box, it is the answer (离线 with the last answer's time). */
export async function pingBox(run: TenantRunner, aiBoxId: number): Promise<PingResult> {
  const row = await run((tx) => loadBox(tx, aiBoxId));
  let outcome: { ok: true; firmwareVersion?: string | null } | { ok: false; error: string };
  try {
    const p = await aiBoxAt(row.address).ping();
    outcome = p.serialNo === row.serial_no ? { ok: true, firmwareVersion: p.firmwareVersion ?? null } : { ok: false, error: `应答的序列号 ${p.serialNo.slice(0, 48)} 与登记的 ${row.serial_no} 不一致` };
  } catch (err) {
    if (!(err instanceof BoxUnreachable) && !(err instanceof BoxRefused)) throw err;
    outcome = { ok: false, error: err.message };
  }
  const box = await run((tx) => recordContact(tx, aiBoxId, outcome));
  if (!box) throw new ApiError('NOT_FOUND', '客流设备不存在');
  return {
    aiBoxId,
    online: outcome.ok,
    status: box.status,
    statusName: STATUS_NAMES[box.status],
    lastSeenAt: box.last_seen_text,
    lastCheckAt: box.last_check_text!,
    firmwareVersion: box.firmware_version,
    message: outcome.ok ? `客流设备「${box.box_name}」在线` : offlineMessage(box, outcome.error),
  };
}

/**
 * The two hours before the cursor's are read again: their totals may still grow (a box that finishes an hour
 * late, or answers while the hour is running). First read: the last 7 days.
 */
export const REREAD_HOURS = 2;
export function countsSince(cursor: Date | null, now = new Date()): Date {
  if (!cursor) return new Date(hourOf(now).getTime() - 7 * 24 * 3600_000);
  return new Date(hourOf(cursor).getTime() - REREAD_HOURS * 3600_000);
}

/** One row per (channel, hour); a box that repeats an hour in one answer counts once (the last figure). */
export function dedupeCounts(counts: HourCount[]): HourCount[] {
  const byKey = new Map<string, HourCount>();
  for (const c of counts) byKey.set(`${c.channelNo}|${hourOf(c.hour).toISOString()}`, { ...c, hour: hourOf(c.hour).toISOString() });
  return [...byKey.values()];
}

export interface PullResult {
  aiBoxId: number;
  online: boolean;
  hours: number;
  changed: number;
  message: string;
}

/**
 * Reads a box's counts since its cursor and upserts them by (box, channel, hour): the box reports each hour's
 * total, so reading an hour again replaces its figure and nobody is counted twice.
 */
export async function pullCounts(run: TenantRunner, aiBoxId: number, now = new Date()): Promise<PullResult> {
  const row = await run((tx) => loadBox(tx, aiBoxId));
  let counts: HourCount[];
  try {
    counts = dedupeCounts(await aiBoxAt(row.address).countsSince(countsSince(row.counts_until, now)));
  } catch (err) {
    if (!(err instanceof BoxUnreachable) && !(err instanceof BoxRefused)) throw err;
    const box = (await run((tx) => recordContact(tx, aiBoxId, { ok: false, error: err.message }))) ?? row;
    return { aiBoxId, online: false, hours: 0, changed: 0, message: offlineMessage(box, err.message) };
  }
  // Hours in the future are a box's clock gone wrong: kept out.
  const limit = hourOf(now).getTime() + 3600_000;
  counts = counts.filter((c) => Date.parse(c.hour) < limit);
  const changed = await run(async (tx) => {
    const box = (await tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_ai_box WHERE ai_box_id = $1 FOR UPDATE`, [aiBoxId])).rows[0];
    if (!box) return 0;
    let n = 0;
    if (counts.length) {
      const res = await tx.query(
        `INSERT INTO shop_passengers_count (tenant_id, shop_id, ai_box_id, serial_no, channel_no, count_hour, count_date, in_count, out_count)
         SELECT app_current_tenant(), $1, $2, $3, c.channel_no, c.hour, c.hour::date, c.in_count, c.out_count
           FROM unnest($4::int[], $5::timestamptz[], $6::int[], $7::int[]) AS c(channel_no, hour, in_count, out_count)
         ON CONFLICT (tenant_id, ai_box_id, channel_no, count_hour) DO UPDATE
            SET in_count = EXCLUDED.in_count, out_count = EXCLUDED.out_count, update_time = now()
          WHERE (shop_passengers_count.in_count, shop_passengers_count.out_count) IS DISTINCT FROM (EXCLUDED.in_count, EXCLUDED.out_count)`,
        [box.shop_id, aiBoxId, row.serial_no, counts.map((c) => c.channelNo), counts.map((c) => c.hour), counts.map((c) => c.in), counts.map((c) => c.out)],
      );
      n = res.rowCount ?? 0;
    }
    await tx.query(
      `UPDATE shop_ai_box SET status = 1, last_seen_at = now(), last_check_at = now(), last_error = NULL,
              counts_until = GREATEST(COALESCE(counts_until, $2::timestamptz), $2::timestamptz)
        WHERE ai_box_id = $1`,
      [aiBoxId, now.toISOString()],
    );
    return n;
  });
  return { aiBoxId, online: true, hours: counts.length, changed, message: `客流设备「${row.box_name}」读取 ${counts.length} 条小时客流，更新 ${changed} 条` };
}

/** Pulls every box of a tenant, a few at a time (each bounded by the box timeout). */
export async function pullTenant(db: Database, tenantId: number, concurrency = 4): Promise<PullResult[]> {
  const run: TenantRunner = (fn) => db.tenant(tenantId, fn);
  return pullMany(run, await run(allBoxIds), concurrency);
}

/** Every box of the tenant, by id. */
export async function allBoxIds(tx: Queryable): Promise<number[]> {
  return (await tx.query<{ ai_box_id: number }>(`SELECT ai_box_id FROM shop_ai_box ORDER BY ai_box_id`)).rows.map((r) => r.ai_box_id);
}

export async function pullMany(run: TenantRunner, ids: number[], concurrency = 4): Promise<PullResult[]> {
  const results: PullResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      try {
        results.push(await pullCounts(run, id));
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 404) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return results.sort((a, b) => a.aiBoxId - b.aiBoxId);
}
