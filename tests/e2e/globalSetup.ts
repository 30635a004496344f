import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BASE_PORT, TMP, choosePort, removeStaleRuns, startServer } from './servers';

const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;

/**
 * The run's template data dir: the built server started once on an empty data dir (migrations and the demo seed,
 * minutes on a loaded machine), left running until the demo's start-up jobs (报表中心's month snapshots) are done,
 * then stopped cleanly. Every worker starts its own server on a copy of it (fixtures.ts), which finds nothing to
 * migrate, seed or compute. Its folder reaches the workers through E2E_RUN_DIR.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  removeStaleRuns();
  const runDir = path.join(TMP, `run-${process.pid}`);
  const template = path.join(runDir, 'template');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const started = Date.now();
  const server = await startServer({ dataDir: template, port: await choosePort(BASE_PORT) });
  try {
    await waitForStartupJobs(server.url);
  } finally {
    await server.stop();
  }
  // The template's outbox would be copied into every worker's data dir: start them empty.
  rmSync(server.smsOutbox, { force: true });
  console.log(`e2e template data dir ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.env.E2E_RUN_DIR = runDir;
  return async () => {
    if (!process.env.E2E_KEEP_TMP) rmSync(runDir, { recursive: true, force: true });
  };
}

/** The background jobs the demo seed enqueued (tenant 1's report snapshots, ids from 1) have finished. */
async function waitForStartupJobs(url: string): Promise<void> {
  const answer = await fetch(`${url}/api/wxy-auth-server/oauth/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'x-tenant-id': '1', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'admin123' }).toString(),
  });
  const token = ((await answer.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1' };
  const deadline = Date.now() + 300_000;
  for (let jobId = 1; ; jobId++) {
    for (;;) {
      const res = await fetch(`${url}/api/wxy-system-server/bg-job/info/${jobId}`, { headers });
      const body = (await res.json()) as { code: number; data?: { status: string } };
      if (body.code !== 200) return; // no such job: every one before it is done
      if (body.data!.status === 'done' || body.data!.status === 'failed') break;
      if (Date.now() > deadline) throw new Error(`the demo's start-up job ${jobId} did not finish in 5 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
