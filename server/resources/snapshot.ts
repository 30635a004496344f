import type { ResourceDescriptor } from '../../core/descriptors/types.ts';
import { dbToday } from '../db/calendar.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { activeJob, lastDoneJob, type JobView } from '../jobs/jobs.ts';
import { reportMonth } from '../domains/period/index.ts';

/** What a snapshot report's page says about the asked period when no job has computed it yet. */
export interface NotCollected {
  reportMonth: string;
  message: string;
  /** The job computing it now, if one runs. */
  running: JobView | null;
}

/**
 * The checks of a snapshot report's page (descriptor `snapshot`) before it reads: the period is a month, not after
 * this one (400 naming the field); the shop is one of the caller's tenant (another tenant's is as unknown as a
 * shop that never was: nothing tells them apart); and a month no job ever computed answers `notCollected` beside
 * the empty page, so the list can offer to compute it instead of showing nothing.
 */
export async function snapshotPageCheck(tx: Queryable, r: ResourceDescriptor, input: Record<string, unknown>): Promise<NotCollected | null> {
  const snap = r.snapshot;
  if (!snap) return null;
  if (snap.shop) {
    const shopId = input[snap.shop];
    if (shopId !== undefined && shopId !== null && shopId !== '') {
      const found = await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [Number(shopId)]);
      if (!found.rows.length) throw new ApiError('BAD_REQUEST', `门店不存在（${r.fields[snap.shop]?.title ?? '门店'} ${String(shopId)}）`);
    }
  }
  const value = input[snap.period];
  if (value === undefined || value === null || value === '') return null;
  const title = r.fields[snap.period]?.title ?? '统计月份';
  const { month } = reportMonth(value, title, await dbToday(tx));
  for (const kind of [snap.job, ...(snap.alsoBy ?? [])]) if (await lastDoneJob(tx, kind, month)) return null;
  const running = await activeJob(tx, snap.job, month);
  return {
    reportMonth: month,
    running,
    message: running ? `${month} 的${r.title}正在计算（${running.progress}%），完成后即可查看` : `${month} 的${r.title}尚未计算，请先计算该月`,
  };
}
