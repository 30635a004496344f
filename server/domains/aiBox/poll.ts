import type { Database } from '../../db/index.ts';
import { repeatEvery, type Repeating } from '../../jobs/repeat.ts';
import { pullTenant } from './service.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The passenger-count poll: every AI_BOX_POLL_MS (default 5 minutes) each tenant's camera boxes are read and
 * their hourly counts upserted (service.ts pullCounts: once per box, channel and hour, so a second process
 * polling too, or a manual pull at the same time, never counts twice). Off with AI_BOX_POLL=0; off in tests
 * unless AI_BOX_POLL=1. Rounds never overlap (repeatEvery); stop() waits for the round in flight.
 */
export function startAiBoxPoll(db: Database, log: Log, env: NodeJS.ProcessEnv = process.env): Repeating {
  const enabled = env.AI_BOX_POLL === '1' || (env.AI_BOX_POLL !== '0' && !env.VITEST);
  if (!enabled) return { stop: async () => {} };
  const every = Math.max(1000, Number(env.AI_BOX_POLL_MS) || 5 * 60_000);
  return repeatEvery(
    every,
    async (signal) => {
      const tenants = await db.system((tx) => tx.query<{ id: number }>(`SELECT id FROM sys_tenant ORDER BY id`));
      for (const t of tenants.rows) {
        if (signal.aborted) return;
        // One tenant's failure (its database refusing a row) does not keep the others from being read.
        try {
          const results = await pullTenant(db, t.id);
          const offline = results.filter((r) => !r.online);
          if (results.length) log.info({ tenantId: t.id, boxes: results.length, offline: offline.length, changed: results.reduce((s, r) => s + r.changed, 0) }, 'ai box counts polled');
        } catch (err) {
          log.warn({ err, tenantId: t.id }, 'ai box poll of a tenant failed');
        }
      }
    },
    (err) => log.warn({ err }, 'ai box poll failed'),
  );
}
