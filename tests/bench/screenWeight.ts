/**
 * Weight of the screens (issue 31): the bytes a browser with a cold cache fetches for the login page, then what the
 * first generic list screen (门店信息) adds once logged in, then what the print designer adds, each summed over the
 * scripts, styles and fonts Chromium loaded (each body gzipped at level 9, as the build's .gz copies are), against
 * the targets: login < 200 KB, the list < 150 KB more, the designer < 500 KB more (the PDF writer and its fonts
 * only when exporting). A later screen counts only files no earlier one fetched (they are hashed and cached
 * for good). Builds nothing: needs dist/ and dist-server/ (npm run bench builds first) and /usr/bin/chromium.
 * BENCH_SCREENS_PORT moves its server off the default port.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { waitForServer } from './serverProcess.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const PORT = Number(process.env.BENCH_SCREENS_PORT || 18970);
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;

type Page = import('@playwright/test').Page;

interface Screen {
  name: string;
  target: number;
  open: (page: Page, base: string) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'login page (cold)',
    target: 200,
    open: async (page, base) => {
      await page.goto(`${base}/login`);
      await page.locator('input[type=password]').first().waitFor();
    },
  },
  {
    name: 'first list (门店信息), added',
    target: 150,
    open: async (page, base) => {
      const answer = await fetch(`${base}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, {
        method: 'POST',
        headers: { authorization: BASIC, 'x-tenant-id': '1' },
      });
      const token = ((await answer.json()) as { access_token: string }).access_token;
      await page.context().addCookies([{ name: 'Admin-Token', value: token, url: base }]);
      await page.goto(`${base}/shopManage/shopBase`);
      await page.getByTestId('shop-base-total').waitFor();
    },
  },
  {
    name: 'print designer, added',
    target: 500,
    open: async (page, base) => {
      await page.goto(`${base}/storageManage/sysPrintTem?id=new`);
      await page.getByTestId('design-paper').waitFor();
    },
  },
];

const STATIC = new Set(['script', 'stylesheet', 'font', 'document', 'image']);

export async function benchScreenWeight(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/index.html')) || !existsSync(path.join(ROOT, 'dist-server/main.js')) || !existsSync('/usr/bin/chromium')) {
    console.log('\n## Weight of the screens: skipped (run `npm run build` and install chromium)');
    return;
  }
  // BENCH_SCREENS_DATA_DIR: a data dir kept between runs (seeded once), else a fresh one.
  const kept = process.env.BENCH_SCREENS_DATA_DIR;
  const dir = kept || mkdtempSync(path.join(tmpdir(), 'wxy-bench-screens-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['dist-server/main.js'], { cwd: ROOT, env, stdio: 'ignore' });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(`${base}/api/wxy-system-server/sys-date/now`, server);
    const context = await browser.newContext({ locale: 'zh-CN', serviceWorkers: 'block', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const seen = new Set<string>();
    let pending: Promise<{ url: string; kind: string; gz: number }>[] = [];
    page.on('response', (res) => {
      const url = res.url().split('?')[0];
      const kind = res.request().resourceType();
      if (!url.startsWith(base) || url.includes('/api/') || !STATIC.has(kind) || res.status() !== 200) return;
      pending.push(res.body().then((b) => ({ url, kind, gz: gzipSync(b, { level: 9 }).length })).catch(() => ({ url, kind, gz: 0 })));
    });
    console.log('\n## Weight of the screens (gzip, cold cache, Chromium; a later screen counts only files not fetched before)');
    for (const screen of SCREENS) {
      pending = [];
      await screen.open(page, base);
      await page.waitForLoadState('networkidle');
      const files = (await Promise.all(pending)).filter((f) => !seen.has(f.url) && seen.add(f.url));
      const by = (kind: string) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gz, 0) / 1024;
      const total = files.reduce((n, f) => n + f.gz, 0) / 1024;
      const largest = [...files].sort((a, b) => b.gz - a.gz).slice(0, 3).map((f) => `${path.basename(f.url)} ${(f.gz / 1024).toFixed(0)}`);
      console.log(
        `${screen.name.padEnd(30)} ${total.toFixed(1).padStart(7)} KB  (${(total / screen.target).toFixed(2)}x the ${screen.target} KB target; ` +
          `JS ${by('script').toFixed(0)}, CSS ${by('stylesheet').toFixed(0)}, fonts ${by('font').toFixed(0)}; ${files.length} files; largest ${largest.join(', ')})`,
      );
      // BENCH_SCREENS_VERBOSE=1: every file, largest first.
      if (process.env.BENCH_SCREENS_VERBOSE) for (const f of [...files].sort((a, b) => b.gz - a.gz)) console.log(`    ${(f.gz / 1024).toFixed(1).padStart(7)} KB  ${path.basename(f.url)}`);
    }
    await context.close();
  } finally {
    await browser.close();
    const done = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await done;
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchScreenWeight();
