// `npm test`: every test of the project, in the order that costs least on a 2-core machine, then the ten slowest
// test files of the run (so growth is seen when it happens).
//  1. the type check and the import boundary rules beside the unit tests;
//  2. the API suite in full on one backend — the PostgreSQL server when DATABASE_URL is set, else PGlite — and,
//     with a server, the subset that covers what differs between the backends (API_SUBSET=1, vitest.config.ts) on PGlite;
//  3. the browser suite (builds first).
// Every stage runs even when an earlier one failed (one run tells everything); the exit code is the first failure's.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileTimes } from '../tests/slowest.mjs';

const REPORTS = path.resolve('.test-reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
rmSync('tests/e2e/.tmp/report.json', { force: true }); // the browser run's report (its config names it)

const started = Date.now();
const stages = [];

/**
 * The machine's CPU counters (/proc/stat, Linux): a stage's busy share tells whether it is bound by the processors
 * (near 100 %: only less work helps) or waits (disk, timers, one busy thread: overlapping stages would help).
 */
function cpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = fields.map(Number);
    return { idle: n[3] + (n[4] || 0), total: n.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}
const busyShare = (a, b) => (a && b && b.total > a.total ? 1 - (b.idle - a.idle) / (b.total - a.total) : null);

function run(label, cmd, args, env = {}) {
  const t0 = Date.now();
  const cpu0 = cpuTicks();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => {
      const ok = code === 0;
      stages.push({ label, ok, seconds: (Date.now() - t0) / 1000, code: code ?? signal, busy: busyShare(cpu0, cpuTicks()) });
      resolve(ok);
    });
  });
}

const vitest = (project, report, env) =>
  ['npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(REPORTS, report)}`], env];

const withoutServer = { DATABASE_URL: '' };
const server = process.env.DATABASE_URL;

// 1. Type check and the boundary rules (.dependency-cruiser.cjs) beside unit tests.
await Promise.all([
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']).then(() => run('boundaries', 'npm', ['run', '--silent', 'boundaries'])),
  run('unit', ...vitest('unit*', 'unit.json')),
]);

// 2. API: full on one backend, the subset on the other.
if (server) {
  await run('api (PostgreSQL server, full)', ...vitest('api', 'api-postgres.json'));
  await run('api (PGlite, backend subset)', ...vitest('api', 'api-pglite-subset.json', { ...withoutServer, API_SUBSET: '1' }));
} else {
  await run('api (PGlite, full)', ...vitest('api', 'api-pglite.json', withoutServer));
}

// 3. Browser tests (build first).
await run('e2e', 'npm', ['run', 'test:e2e']);

// The ten slowest files of the run, from the reporters' JSON (tests/slowest.mjs reads both kinds).
const files = [];
for (const [file, kind] of [
  [path.join(REPORTS, 'unit.json'), 'unit'],
  [path.join(REPORTS, 'api-postgres.json'), 'api pg'],
  [path.join(REPORTS, 'api-pglite.json'), 'api pglite'],
  [path.join(REPORTS, 'api-pglite-subset.json'), 'api pglite'],
  [path.resolve('tests/e2e/.tmp/report.json'), 'e2e'],
]) {
  if (!existsSync(file)) continue;
  for (const f of fileTimes(JSON.parse(readFileSync(file, 'utf8')))) files.push({ kind, name: f.file, seconds: f.ms / 1000 });
}
files.sort((a, b) => b.seconds - a.seconds);
const pad = (s, n) => String(s).padEnd(n);
console.log('\n## Ten slowest test files');
for (const f of files.slice(0, 10)) console.log(`${pad(f.seconds.toFixed(1) + ' s', 10)}${pad(f.kind, 12)}${f.name}`);
console.log('\n## Stages');
for (const s of stages) {
  const busy = s.busy === null ? '' : `cpu ${Math.round(s.busy * 100)} %`;
  console.log(`${pad(s.ok ? 'ok' : `FAILED (${s.code})`, 14)}${pad(s.seconds.toFixed(0) + ' s', 8)}${pad(busy, 11)}${s.label}`);
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(stages.every((s) => s.ok) ? 0 : 1);
