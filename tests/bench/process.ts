/**
 * Approval bench (issue 15): task completion through the API by 50 concurrent approvers, on PGlite and on the
 * PostgreSQL server when one answers (a throwaway database).
 * - throughput: BENCH_PROCESS_TASKS (default 1,000) instances, each waiting on one user task of one of 50
 *   approvers; every approver completes their own tasks (list, then complete) at the same time as the others.
 * - contention: BENCH_PROCESS_RACES (default 50) role tasks, each clicked by all 50 approvers at once: exactly one
 *   completion and 49 answers 409 per task.
 * Then zero double completions: one 'approve' history row per task, every instance ended once.
 *
 *   node --import tsx tests/bench/process.ts      (BENCH_PORT, default 18098)
 */
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../../server/auth/passwords.ts';
import type { AuthContext } from '../../server/context.ts';
import { bpmnXml } from '../../server/domains/process/bpmnXml.ts';
import { deployDefinition, startProcess } from '../../server/domains/process/index.ts';
import { type BenchServer, onBothBackends } from './backends.ts';

const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const PORT = Number(process.env.BENCH_PORT || 18098);
const APPROVERS = 50;
type Server = BenchServer;

async function setUp(server: Server, tasks: number, races: number) {
  const hash = await hashPassword('bench123');
  const ids = await server.db.tenant(1, async (tx) => {
    const role = (await tx.query<{ id: number }>(`INSERT INTO sys_role(tenant_id, code, name) VALUES (1, 'bench_approver', '压测审批人') RETURNING id`)).rows[0].id;
    await tx.query(
      `INSERT INTO sys_role_menu(tenant_id, role_id, menu_id) SELECT 1, $1, id FROM sys_menu WHERE perms IN ('process:task:todo', 'process:task:complete')`,
      [role],
    );
    const users = (
      await tx.query<{ id: number }>(
        `INSERT INTO sys_user(tenant_id, user_no, user_name, name, password_hash)
         SELECT 1, 'B' || lpad(g::text, 4, '0'), 'bench' || g, '审批人' || g, $1 FROM generate_series(1, $2) g RETURNING id`,
        [hash, APPROVERS],
      )
    ).rows.map((r) => r.id);
    await tx.query(`INSERT INTO sys_user_role(tenant_id, user_id, role_id) SELECT 1, u, $1 FROM unnest($2::int[]) u`, [role, users]);
    const admin = (await tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`)).rows[0].id;
    const auth: AuthContext = { tenantId: 1, userId: admin, userName: 'admin', displayName: '系统管理员', shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const flow = (key: string, attrs: Record<string, string>) =>
      bpmnXml(key, key, [{ type: 'startEvent', id: 's' }, { type: 'userTask', id: 'approve', name: '审批', attrs }, { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 'approve' }, { id: 'b', from: 'approve', to: 'e' }]);
    await deployDefinition(tx, auth, { bpmnXml: flow('benchOwn', { 'flowable:assignee': '${approver}' }) });
    await deployDefinition(tx, auth, { bpmnXml: flow('benchRace', { 'flowable:candidateGroups': 'bench_approver' }) });
    for (let i = 0; i < tasks; i++) await startProcess(tx, auth, { processKey: 'benchOwn', businessType: 'bench', businessId: `own-${i}`, variables: { approver: users[i % APPROVERS] } });
    for (let i = 0; i < races; i++) await startProcess(tx, auth, { processKey: 'benchRace', businessType: 'bench', businessId: `race-${i}` });
    return users;
  });
  const tokens = await Promise.all(
    ids.map(async (_id, i) => {
      const r = await fetch(`${server.url}/api/wxy-auth-server/oauth/token?grant_type=password&username=bench${i + 1}&password=bench123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
      return ((await r.json()) as { access_token: string }).access_token;
    }),
  );
  return tokens;
}

const P = '/api/wxy-process-server/process';

async function run(label: string, server: Server) {
  const tasks = Number(process.env.BENCH_PROCESS_TASKS || 1000);
  const races = Number(process.env.BENCH_PROCESS_RACES || 50);
  const tokens = await setUp(server, tasks, races);
  const headers = (t: string) => ({ authorization: `Bearer ${t}`, 'x-tenant-id': '1', 'content-type': 'application/json' });
  const todo = async (t: string, key: string) => {
    const r = await fetch(`${server.url}${P}/task/agents/list/1/1000?processKey=${key}`, { headers: headers(t) });
    return ((await r.json()) as { data: { records: { taskId: number; processInstanceId: number }[] } }).data.records;
  };
  const complete = (t: string, task: { taskId: number; processInstanceId: number }) =>
    fetch(`${server.url}${P}/task/complete/${task.processInstanceId}/${task.taskId}/1`, { method: 'POST', headers: headers(t), body: JSON.stringify({ comment: '同意' }) }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });

  // Throughput: each approver works through their own list while the 49 others do theirs.
  const statuses: number[] = [];
  const t0 = performance.now();
  await Promise.all(tokens.map(async (t) => { for (const task of await todo(t, 'benchOwn')) statuses.push(await complete(t, task)); }));
  const ms = performance.now() - t0;
  const ok = statuses.filter((s) => s === 200).length;

  // Baseline in the same run: the same number of rows, 50 workers each marking its own rows done with a plain
  // conditional UPDATE in its own transaction (the database's floor for "complete once"), no API, no process rules.
  await server.db.system((tx) => tx.query(`CREATE TABLE IF NOT EXISTS bench_plain_task (id integer PRIMARY KEY, worker integer NOT NULL, status smallint NOT NULL DEFAULT 0)`));
  await server.db.system((tx) => tx.query(`TRUNCATE bench_plain_task`));
  await server.db.system((tx) => tx.query(`INSERT INTO bench_plain_task (id, worker) SELECT g, g % $2 FROM generate_series(1, $1) g`, [tasks, APPROVERS]));
  let plainDone = 0;
  const p0 = performance.now();
  await Promise.all(
    Array.from({ length: APPROVERS }, async (_, w) => {
      const mine = (await server.db.system((tx) => tx.query<{ id: number }>(`SELECT id FROM bench_plain_task WHERE worker = $1 AND status = 0 ORDER BY id`, [w]))).rows;
      for (const row of mine) {
        const r = await server.db.system((tx) => tx.query(`UPDATE bench_plain_task SET status = 1 WHERE id = $1 AND status = 0`, [row.id]));
        plainDone += r.rowCount ?? 0;
      }
    }),
  );
  const plainMs = performance.now() - p0;
  await server.db.system((tx) => tx.query(`DROP TABLE bench_plain_task`));

  // Contention: all 50 click the same role task at once, task after task.
  const raceTasks = await todo(tokens[0], 'benchRace');
  const wins: number[] = [];
  const conflicts: number[] = [];
  const r0 = performance.now();
  for (const task of raceTasks) {
    const answers = await Promise.all(tokens.map((t) => complete(t, task)));
    wins.push(answers.filter((s) => s === 200).length);
    conflicts.push(answers.filter((s) => s === 409).length);
  }
  const raceMs = performance.now() - r0;

  const check = await server.db.tenant(1, (tx) =>
    tx.query<{ doubles: number; open: number; ended: number; instances: number }>(
      `SELECT (SELECT count(*)::int FROM (SELECT task_id FROM wf_history WHERE action = 'approve' GROUP BY task_id HAVING count(*) > 1) d) AS doubles,
              (SELECT count(*)::int FROM wf_task t JOIN wf_instance i ON i.instance_id = t.instance_id WHERE i.business_type = 'bench' AND t.status = 0) AS open,
              (SELECT count(*)::int FROM wf_history h JOIN wf_instance i ON i.instance_id = h.instance_id WHERE i.business_type = 'bench' AND h.action = 'end') AS ended,
              (SELECT count(*)::int FROM wf_instance WHERE business_type = 'bench') AS instances`,
    ),
  );
  const c = check.rows[0];
  console.log(`\n## Task completion by ${APPROVERS} concurrent approvers (${label})`);
  const apiRate = (ok / ms) * 1000;
  const plainRate = (plainDone / plainMs) * 1000;
  console.log(`baseline: ${plainDone}/${tasks} rows marked done by plain conditional UPDATEs (50 workers, one transaction each) in ${plainMs.toFixed(0)} ms = ${plainRate.toFixed(0)} updates/s`);
  console.log(`own tasks: ${ok}/${tasks} completed in ${ms.toFixed(0)} ms = ${apiRate.toFixed(0)} completions/s (list + complete through the API; ${(apiRate / plainRate).toFixed(2)}x the plain UPDATE rate)`);
  console.log(
    `races: ${raceTasks.length} role tasks x ${APPROVERS} clicks at once in ${raceMs.toFixed(0)} ms; completions per task ${Math.min(...wins)}-${Math.max(...wins)}, ` +
      `409 answers per task ${Math.min(...conflicts)}-${Math.max(...conflicts)}`,
  );
  console.log(`double completions: ${c.doubles}; tasks left open: ${c.open}; instances ended ${c.ended}/${c.instances}`);
}

const onBoth = () => onBothBackends('process', PORT, run, { pglite: process.env.BENCH_PROCESS_PGLITE !== '0' });

export const benchProcess = onBoth;

if (import.meta.url === `file://${process.argv[1]}`) await onBoth();
