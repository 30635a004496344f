import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/index.ts';
import { UPLOAD_KEY_PATTERN } from './fileTypes.ts';
import type { FileStore } from './storage.ts';

/** How long an unfinished chunked upload may wait for its next part before its parts are removed. */
export const ABANDONED_UPLOAD_MS = 24 * 3600_000;
const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 3600_000;

export interface SweepResult {
  uploads: number;
  orphanDirs: number;
  tempFiles: number;
}

const entries = (dir: string) => readdir(dir).catch(() => [] as string[]);

/**
 * Removes what interrupted uploads leave behind: chunked uploads with no new part for `olderThanMs`
 * (their rows and received parts), part folders without a row, and temporary files of requests
 * that died with the process. A resumed upload within the window keeps every part it has. Parts of swept rows are
 * removed from the store's backend; stray part folders and temporary files are looked for on this server's disk
 * (in an S3 bucket, parts without a row are left to the bucket's lifecycle rule: see docs/operations).
 */
export async function sweepAbandonedUploads(db: Database, store: FileStore, olderThanMs = ABANDONED_UPLOAD_MS): Promise<SweepResult> {
  const seconds = Math.max(0, Math.floor(olderThanMs / 1000));
  // Per tenant, through the tenant's own RLS view: the sweep needs no privilege beyond the app's.
  const tenants = await db.system(async (tx) => (await tx.query<{ id: number }>(`SELECT id FROM sys_tenant ORDER BY id`)).rows.map((r) => r.id));
  const filesRoot = store.root;
  let uploads = 0;
  for (const tenantId of tenants) {
    const keys = await db.tenant(tenantId, async (tx) =>
      (await tx.query<{ upload_key: string }>(`DELETE FROM file_upload WHERE status <> 'done' AND updated_at < now() - make_interval(secs => $1) RETURNING upload_key`, [seconds])).rows,
    );
    for (const r of keys) await store.removeUpload(tenantId, r.upload_key);
    uploads += keys.length;
  }

  let orphanDirs = 0;
  let tempFiles = 0;
  const cutoff = Date.now() - olderThanMs;
  for (const tenant of await entries(filesRoot)) {
    if (!/^\d+$/.test(tenant)) continue;
    const uploads = path.join(filesRoot, tenant, '.uploads');
    const keys = (await entries(uploads)).filter((k) => UPLOAD_KEY_PATTERN.test(k));
    if (keys.length > 0) {
      const live = new Set(
        tenants.includes(Number(tenant))
          ? await db.tenant(Number(tenant), async (tx) =>
              (await tx.query<{ upload_key: string }>(`SELECT upload_key FROM file_upload WHERE upload_key = ANY($1)`, [keys])).rows.map((r) => r.upload_key),
            )
          : [],
      );
      for (const key of keys) {
        if (live.has(key)) continue;
        // A folder whose row is not committed yet (first part arriving) is young; only old ones go.
        const st = await stat(path.join(uploads, key)).catch(() => null);
        if (st && st.mtimeMs < cutoff) {
          await rm(path.join(uploads, key), { recursive: true, force: true });
          orphanDirs++;
        }
      }
    }
    const tmp = path.join(filesRoot, tenant, '.tmp');
    for (const name of await entries(tmp)) {
      const st = await stat(path.join(tmp, name)).catch(() => null);
      if (st?.isFile() && st.mtimeMs < cutoff) {
        await rm(path.join(tmp, name), { force: true });
        tempFiles++;
      }
    }
  }
  return { uploads, orphanDirs, tempFiles };
}

/** Sweeps a minute after start-up, then hourly; the timers never keep the process alive. */
export function scheduleUploadSweeps(db: Database, store: FileStore, log: { info(o: object, m: string): void; error(o: object, m: string): void }): () => void {
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      const r = await sweepAbandonedUploads(db, store);
      if (r.uploads + r.orphanDirs + r.tempFiles > 0) log.info(r, 'removed abandoned upload leftovers');
    } catch (err) {
      log.error({ err }, 'upload sweep failed');
    }
    timer = setTimeout(run, SWEEP_EVERY_MS).unref();
  };
  timer = setTimeout(run, FIRST_SWEEP_MS).unref();
  return () => clearTimeout(timer);
}
