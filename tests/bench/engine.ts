/**
 * Engine bench (issue 4): the browser export of 100,000 rows and the time to render a 1,000-row page,
 * both in Chromium with the engine's own code, each against a baseline measured in the same page.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = new URL('../..', import.meta.url).pathname;

interface Bench {
  exportRows(n: number, pauseMs: number): Promise<{ ms: number; bytes: number }>;
  exportBaseline(n: number): { ms: number; bytes: number };
  renderTime(n: number, which: 'engine' | 'plain', runs: number): Promise<number>;
  renderedRows(n: number): Promise<number>;
}

export async function benchEngine(): Promise<void> {
  if (!existsSync('/usr/bin/chromium')) {
    console.log('\n## Schema engine in the browser: skipped (no chromium)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-bench-engine-'));
  try {
    await build({
      entryPoints: [path.join(ROOT, 'tests/bench/engineHarness.tsx')],
      outdir: dir,
      bundle: true,
      minify: true,
      format: 'iife',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.json': 'json' },
      logLevel: 'error',
    });
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // A served origin (not about:blank), so the shell's i18n may read localStorage.
      const files: Record<string, [string, string]> = {
        '/': ['text/html', '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/h.css"></head><body><script src="/h.js"></script></body></html>'],
        '/h.css': ['text/css', readFileSync(path.join(dir, 'engineHarness.css'), 'utf8')],
        '/h.js': ['text/javascript', readFileSync(path.join(dir, 'engineHarness.js'), 'utf8')],
      };
      await page.route('http://bench.local/**', (route) => {
        const [contentType, body] = files[new URL(route.request().url()).pathname] ?? ['text/plain', ''];
        return route.fulfill({ contentType, body });
      });
      await page.goto('http://bench.local/');
      await page.waitForFunction(() => 'engineBench' in window);
      if (errors.length) throw new Error(`engine bench page failed: ${errors.join('; ')}`);
      type W = { engineBench: Bench };

      // Warm-up: JIT and first-use costs stay out of the figures.
      await page.evaluate(() => (window as unknown as W).engineBench.exportRows(10_000, 0));
      const baseline = await page.evaluate(() => (window as unknown as W).engineBench.exportBaseline(100_000));
      const noPause = await page.evaluate(() => (window as unknown as W).engineBench.exportRows(100_000, 0));
      const withPause = await page.evaluate(() => (window as unknown as W).engineBench.exportRows(100_000, 50));
      console.log('\n## Browser export of 100,000 rows (Chromium, engine/export, 10 pages of 10,000)');
      console.log(`baseline: raw join of the same rows into one Blob   ${baseline.ms.toFixed(0)} ms (${(baseline.bytes / 1e6).toFixed(1)} MB)`);
      console.log(`engine export, no pause (formatting + escaping)    ${noPause.ms.toFixed(0)} ms (${(noPause.bytes / 1e6).toFixed(1)} MB)  (${(noPause.ms / baseline.ms).toFixed(2)}x baseline; ${Math.round(100_000 / (noPause.ms / 1000)).toLocaleString('en')} rows/s)`);
      console.log(`engine export with the spec's 50 ms page pause      ${withPause.ms.toFixed(0)} ms  (${(withPause.ms / baseline.ms).toFixed(2)}x baseline; 9 pauses = 450 ms of it)`);

      await page.evaluate(() => (window as unknown as W).engineBench.renderTime(1_000, 'engine', 2));
      await page.evaluate(() => (window as unknown as W).engineBench.renderTime(1_000, 'plain', 2));
      const plain = await page.evaluate(() => (window as unknown as W).engineBench.renderTime(1_000, 'plain', 7));
      const engine = await page.evaluate(() => (window as unknown as W).engineBench.renderTime(1_000, 'engine', 7));
      const mounted = await page.evaluate(() => (window as unknown as W).engineBench.renderedRows(1_000));
      console.log('\n## Rendering a 1,000-row page (Chromium, render to painted frame, median of 7)');
      console.log(`baseline: plain React <table> of all 1,000 rows    ${plain.toFixed(1)} ms`);
      console.log(`engine DataTable (TanStack Table 9, virtual rows)   ${engine.toFixed(1)} ms  (${(engine / plain).toFixed(2)}x baseline; ${mounted} rows in the DOM)`);
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
