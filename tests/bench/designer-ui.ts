/**
 * Designer responsiveness (issue 5): frame times in Chromium while dragging an element on a panel
 * holding 200 elements, against the same drag in a second designer (another tab of the same browser)
 * whose template holds only the dragged element (the baseline, measured in the same run; the two
 * alternate over several rounds). Needs the built SPA (npm run bench builds) and /usr/bin/chromium.
 * BENCH_DESIGNER_PORT moves its server off the default port.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitForServer } from './serverProcess.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const PORT = Number(process.env.BENCH_DESIGNER_PORT || 18185);
const ELEMENTS = 200;
const MOVES = 60;
const ROUNDS = 3;

type Page = import('@playwright/test').Page;

async function openDesigner(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/storageManage/sysPrintTem?id=new`);
  await page.getByTestId('design-paper').waitFor();
  // let start-up work (queries, toasts) settle so both runs measure only the drag
  await page.waitForTimeout(3000);
}

/** Drop `type` from the palette at (x, y) px inside the paper. */
async function drop(page: Page, type: string, x: number, y: number): Promise<void> {
  const item = (await page.getByTestId(`palette-${type}`).boundingBox())!;
  const paper = (await page.getByTestId('design-paper').boundingBox())!;
  await page.mouse.move(item.x + 5, item.y + 5);
  await page.mouse.down();
  await page.mouse.move(item.x + 20, item.y + 20, { steps: 2 });
  await page.mouse.move(paper.x + x + 5, paper.y + y + 5, { steps: 2 });
  await page.mouse.up();
}

/**
 * Drag the first element around: the frame intervals (ms) seen meanwhile, and how long each pointer
 * move took to be handled (CDP answers a dispatched mouse event once the page has processed it).
 */
async function dragFrames(page: Page): Promise<{ frames: number[]; moves: number[] }> {
  const el = (await page.getByTestId('design-element').first().boundingBox())!;
  // a string, not a function: tsx would wrap a function's inner helpers in names the page does not have
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__stop = false;
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (!window.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await page.mouse.move(el.x + 4, el.y + 4);
  await page.mouse.down();
  const moves: number[] = [];
  for (let i = 1; i <= MOVES; i++) {
    const t0 = performance.now();
    await page.mouse.move(el.x + 4 + i * 4, el.y + 4 + (i % 20) * 3);
    moves.push(performance.now() - t0);
  }
  await page.mouse.up();
  const frames = (await page.evaluate('(() => { window.__stop = true; return window.__frames.slice(1); })()')) as number[];
  return { frames, moves };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchDesignerUi(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/index.html')) || !existsSync('/usr/bin/chromium')) {
    console.log('\n## Designer drag responsiveness: skipped (needs the built SPA and /usr/bin/chromium)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-bench-designer-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['dist-server/main.js'], { cwd: ROOT, env, stdio: 'ignore' });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(`${base}/api/wxy-system-server/sys-date/now`, server, 30_000);
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('admin123');
    const tenant = page.getByTestId('login-tenant');
    if (await tenant.count()) await tenant.fill('1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/home\/index$/);

    // One tab designs a template of 200 elements, another a template of only the dragged one (the
    // baseline; every panel is drawn, so the baseline must be a template of its own). The two drags
    // alternate over several rounds so that a busy machine weighs on both alike.
    await openDesigner(page, base);
    const types = ['text', 'rect', 'hline', 'oval'];
    for (let i = 0; i < ELEMENTS; i++) await drop(page, types[i % types.length], 20 + (i % 20) * 36, 20 + Math.floor(i / 20) * 50);
    // a drop released too fast can miss; top up to the full count
    for (let i = await page.getByTestId('design-element').count(); i < ELEMENTS; i++) await drop(page, 'text', 40 + (i % 20) * 36, 560);
    const count = await page.getByTestId('design-element').count();
    const lone = await context.newPage();
    await openDesigner(lone, base);
    await drop(lone, 'text', 20, 20);
    const alone = { frames: [] as number[], moves: [] as number[] };
    const crowded = { frames: [] as number[], moves: [] as number[] };
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const [tab, into] of [[lone, alone], [page, crowded]] as const) {
        await tab.bringToFront();
        const run = await dragFrames(tab);
        await tab.keyboard.press('Control+z');
        // round 0 warms up (first render paths, JIT) and is not counted
        if (round > 0) {
          into.frames.push(...run.frames);
          into.moves.push(...run.moves);
        }
      }
    }

    const line = (label: string, xs: number[]) =>
      `${label} p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} frames)`;
    console.log(`\n## Designer drag responsiveness (Chromium, ${ROUNDS} rounds of ${MOVES} pointer moves)`);
    console.log(line('frame time, baseline: 1 element on the panel', alone.frames));
    console.log(line(`frame time, ${count} elements on the panel   `, crowded.frames));
    const ratio = (xs: number[], ys: number[], p: number) => `p${p} ${(pct(xs, p) / pct(ys, p)).toFixed(2)}x`;
    console.log(`frame time ratio ${ratio(crowded.frames, alone.frames, 50)}, ${ratio(crowded.frames, alone.frames, 95)}, ${ratio(crowded.frames, alone.frames, 99)} baseline`);
    console.log(line('pointer move handled, baseline            ', alone.moves).replace('frames', 'moves'));
    console.log(line(`pointer move handled, ${count} elements      `, crowded.moves).replace('frames', 'moves'));
    console.log(`pointer move ratio ${ratio(crowded.moves, alone.moves, 50)}, ${ratio(crowded.moves, alone.moves, 95)}, ${ratio(crowded.moves, alone.moves, 99)} baseline`);
  } finally {
    await browser.close();
    const done = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDesignerUi();
