/**
 * The cash register in Chromium (issue 13): scan-to-line-shown time (Enter of a scanned code until the cart's
 * total shows the new count; target < 50 ms p95) against the bare order/scanCode round trip made by fetch from the
 * same page (the baseline, same run), and the JS (gzip) the register loads before it is usable. Needs the built
 * SPA (npm run bench builds) and /usr/bin/chromium. BENCH_REGISTER_PORT moves its server; BENCH_SCANS the count.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { waitForServer } from './serverProcess.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const PORT = Number(process.env.BENCH_REGISTER_PORT || 18187);
const SCANS = Number(process.env.BENCH_SCANS || 60);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchRegister(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/index.html')) || !existsSync('/usr/bin/chromium')) {
    console.log('\n## Register in Chromium: skipped (build the SPA and install chromium)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-bench-register-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['dist-server/main.js'], { cwd: ROOT, env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${PORT}`;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    await waitForServer(`${base}/api/wxy-system-server/sys-date/now`, child);
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('admin123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/home\/index$/);
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' };
    const shops = ((await (await fetch(`${base}/api/wxy-shop-server/shop-base/list`, { method: 'POST', headers, body: '{}' })).json()) as { data: { shopId: number }[] }).data;
    const shopId = Math.min(...shops.map((s) => s.shopId));
    const cat = ((await (await fetch(`${base}/api/wxy-order-server/order/catalogue/${shopId}`, { headers })).json()) as { data: { skus: { barcode: string | null; available: number }[] } }).data;
    const codes = cat.skus.filter((k) => k.barcode && k.available > 0).slice(0, 5).map((k) => k.barcode!);
    await context.addCookies([{ name: 'deviceShopId', value: String(shopId), url: base }]);

    // The register opened in a fresh page (no HTTP cache): the scripts it loads until the scan box is usable.
    const fresh = await context.newPage();
    const cdp = await context.newCDPSession(fresh);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bodies: Promise<{ name: string; body: Buffer } | null>[] = [];
    fresh.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().then((body) => ({ name: path.basename(new URL(res.url()).pathname), body })).catch(() => null));
    });
    const t0 = performance.now();
    await fresh.goto('/orderInfo/retailOrder');
    await fresh.getByTestId('register-opening-cash').fill('100');
    const shown = performance.now() - t0;
    await fresh.getByTestId('register-open-shift-ok').click();
    await fresh.getByTestId('register-scan').waitFor();
    const scripts = (await Promise.all(bodies)).filter((b) => b !== null).map((s) => ({ ...s, gz: gzipSync(s.body).length / 1024 }));
    const gz = scripts.reduce((n, s) => n + s.gz, 0);
    const raw = scripts.reduce((n, s) => n + s.body.length, 0) / 1024;
    const largest = [...scripts].sort((a, b) => b.gz - a.gz).slice(0, 6).map((s) => `${s.name} ${s.gz.toFixed(1)}`).join(', ');

    // Scan-to-line: Enter (captured first) until the total's text changes.
    const scan = fresh.getByTestId('register-scan');
    await fresh.waitForFunction(() => !(document.querySelector('[data-testid="register-scan"]') as HTMLInputElement | null)?.disabled);
    await fresh.evaluate(`(() => {
      window.__lat = [];
      const box = document.querySelector('[data-testid="register-scan"]');
      box.addEventListener('keydown', (e) => { if (e.key === 'Enter') window.__t0 = performance.now(); }, true);
      const total = document.querySelector('[data-testid="register-total"]');
      new MutationObserver(() => { if (window.__t0) { window.__lat.push(performance.now() - window.__t0); window.__t0 = 0; } })
        .observe(total, { childList: true, subtree: true, characterData: true });
    })()`);
    for (let i = 0; i < SCANS; i++) {
      const before = await fresh.evaluate('window.__lat.length') as number;
      await scan.fill(codes[i % codes.length]);
      await scan.press('Enter');
      await fresh.waitForFunction((n) => (window as unknown as { __lat: number[] }).__lat.length > n, before);
    }
    const lat = (await fresh.evaluate('window.__lat')) as number[];
    // Baseline: the same call by fetch from the page, no React in between.
    const rtt = (await fresh.evaluate(async ({ codes, shopId, token, n }) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await (await fetch('/api/wxy-order-server/order/scanCode', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' }, body: JSON.stringify({ code: codes[i % codes.length], shopId }) })).json();
        out.push(performance.now() - t);
      }
      return out;
    }, { codes, shopId, token, n: SCANS })) as number[];
    console.log(`\n## Cash register in Chromium (PGlite, ${SCANS} scans of ${codes.length} SKUs)`);
    console.log(`baseline: order/scanCode by fetch from the page   p50 ${pct(rtt, 50).toFixed(1)} ms, p95 ${pct(rtt, 95).toFixed(1)} ms`);
    console.log(`scan to line shown                               p50 ${pct(lat, 50).toFixed(1)} ms, p95 ${pct(lat, 95).toFixed(1)} ms  (${(pct(lat, 95) / pct(rtt, 95)).toFixed(2)}x the baseline p95; target < 50 ms p95)`);
    console.log(`register JS before usable: ${scripts.length} scripts, ${raw.toFixed(0)} KB raw, ${gz.toFixed(1)} KB gzip; shift dialog shown after ${shown.toFixed(0)} ms`);
    console.log(`largest (KB gzip): ${largest}`);
  } finally {
    await browser.close();
    const done = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  }
}
