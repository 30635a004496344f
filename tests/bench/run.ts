/**
 * npm run bench (builds first; the server runs from dist-server/ as `npm start` runs it): performance figures as ratios against baselines measured in the same run.
 * Not a test: nothing here fails on a number; it prints them for the issue notes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../../server/auth/passwords.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function firstAnswer(url: string, started: number, child: ReturnType<typeof spawn>): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('process exited before answering');
    try {
      await fetch(url);
      return performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

async function timeStart(dataDir: string, port: number): Promise<{ ms: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['dist-server/main.js'], { cwd: ROOT, env, stdio: 'ignore' });
  const t = await firstAnswer(`http://127.0.0.1:${port}/api/wxy-system-server/sys-date/now`, started, child);
  return {
    ms: t,
    stop: async () => {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await done;
    },
  };
}

async function baselineNodeStart(port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`], { stdio: 'ignore' });
  const t = await firstAnswer(`http://127.0.0.1:${port}/`, started, child);
  child.kill();
  return t;
}

async function benchStartupAndLogin(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-bench-'));
  const port = 18950;
  try {
    const bare = await baselineNodeStart(port + 1);
    const fresh = await timeStart(dir, port);
    await fresh.stop();
    // Existing dir: five restarts, median and worst, so one noisy start on a shared machine does not decide the figure.
    const restarts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await timeStart(dir, port);
      restarts.push(s.ms);
      await s.stop();
    }
    const existing = await timeStart(dir, port);
    restarts.push(existing.ms);
    const median = pct(restarts, 50);
    console.log('\n## Start-up to the first answered request');
    console.log(`baseline: bare node http server           ${ms(bare)}`);
    console.log(`new data dir (migrate + seed)             ${ms(fresh.ms)}  (${(fresh.ms / bare).toFixed(1)}x baseline)`);
    console.log(`existing data dir, median of 5            ${ms(median)}  (${(median / bare).toFixed(1)}x baseline; target < 1500 ms; worst ${ms(Math.max(...restarts))})`);

    const base = `http://127.0.0.1:${port}`;
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, {
        method: 'POST',
        headers: { authorization: BASIC, 'x-tenant-id': '1' },
      });
      if (res.status !== 200) throw new Error(`login failed: ${await res.text()}`);
      times.push(performance.now() - t0);
    }
    const hash = await hashPassword('admin123');
    const verify: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await verifyPassword('admin123', hash);
      verify.push(performance.now() - t0);
    }
    console.log('\n## Login (password grant), 200 sequential logins on PGlite');
    console.log(`baseline: one scrypt verification p50     ${ms(pct(verify, 50))}`);
    console.log(`login p50                                 ${ms(pct(times, 50))}  (${(pct(times, 50) / pct(verify, 50)).toFixed(2)}x scrypt)`);
    console.log(`login p99                                 ${ms(pct(times, 99))}  (${(pct(times, 99) / pct(verify, 50)).toFixed(2)}x scrypt)`);
    await existing.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** JS (gzip) the browser loads before the login page is interactive, measured in Chromium. */
async function benchLoginBundle(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/index.html')) || !existsSync('/usr/bin/chromium')) {
    console.log('\n## Login page JS: skipped (run `npx vite build` and install chromium)');
    return;
  }
  const { chromium } = await import('@playwright/test');
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-bench-ui-'));
  const server = await timeStart(dir, 18960);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js') || res.request().resourceType() === 'script') bodies.push(res.body());
    });
    const t0 = performance.now();
    await page.goto('http://127.0.0.1:18960/login');
    await page.locator('input[type=password]').first().waitFor();
    const interactive = performance.now() - t0;
    const buffers = await Promise.all(bodies);
    const gz = buffers.reduce((n, b) => n + gzipSync(b).length, 0) / 1024;
    const raw = buffers.reduce((n, b) => n + b.length, 0) / 1024;
    console.log('\n## Login page JS before it is interactive (Chromium, built SPA)');
    console.log(`scripts: ${buffers.length}, ${raw.toFixed(0)} KB raw, ${gz.toFixed(1)} KB gzip  (${(gz / 250).toFixed(2)}x the 250 KB target); interactive after ${ms(interactive)}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchDesigner(): Promise<void> {
  const file = path.join(ROOT, 'core/print/bench.ts');
  if (!existsSync(file)) return;
  const mod = (await import(file)) as { benchDesignerCores?: () => Promise<Record<string, number | string>> };
  if (!mod.benchDesignerCores) return;
  console.log('\n## Designer cores');
  for (const [k, v] of Object.entries(await mod.benchDesignerCores())) console.log(`${k}: ${v}`);
}

console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (figures are only comparable on a quiet machine)`);
// BENCH_ONLY=resources,print runs only those parts (names below); unset runs all.
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const parts: [string, () => Promise<void>][] = [
  ['startup', benchStartupAndLogin],
  ['bundle', benchLoginBundle],
  ['screens', async () => (await import('./screenWeight.ts')).benchScreenWeight()],
  ['designer', benchDesigner],
  ['files', async () => (await import('./files.ts')).benchFiles()],
  ['print', async () => (await import('./print.ts')).benchPrint()],
  ['engine', async () => (await import('./engine.ts')).benchEngine()],
  ['notices', async () => (await import('./notices.ts')).benchNotices()],
  ['resources', async () => (await import('./resources.ts')).benchResources()],
  ['stockpage', async () => (await import('./stockPage.ts')).benchStockPage()],
  ['confirmout', async () => (await import('./documents.ts')).benchConfirmOut()],
  ['stocktake', async () => (await import('./documents.ts')).benchStocktake()],
  ['settlement', async () => (await import('./documents.ts')).benchSettlement()],
  ['register', async () => (await import('./register.ts')).benchRegister()],
  ['targets', async () => (await import('./targets.ts')).benchTargets()],
  ['reports', async () => (await import('./reports.ts')).benchReports()],
  ['designer-ui', async () => (await import('./designer-ui.ts')).benchDesignerUi()],
  ['process', async () => (await import('./process.ts')).benchProcess()],
  ['salary', async () => (await import('./salary.ts')).benchSalary()],
  ['bigrams', async () => (await import('./bigrams.ts')).benchBigrams()],
];
for (const [name, part] of parts) if (!only || only.includes(name)) await part();
