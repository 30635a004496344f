/**
 * Designer responsiveness (issue 5): frame times in Chromium while dragging an element on a panel
 * holding 200 elements, against the same drag on a panel holding only the dragged element (the
 * baseline, measured in the same run). Needs the built SPA (npm run bench builds) and /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const PORT = 18185;
const ELEMENTS = 200;
const MOVES = 60;
const ROUNDS = 3;

type Page = import('@playwright/test').Page;

async function waitForServer(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('server did not answer');
}

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
    await waitForServer(`${base}/api/wxy-system-server/sys-date/now`, server);
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`${base}/login`);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('admin123');
    const tenant = page.getByTestId('login-tenant');
    if (await tenant.count()) await tenant.fill('1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/home\/index$/);

    // Panel 1 holds 200 elements, panel 2 only the dragged one (the baseline). The two drags
    // alternate over several rounds so that a busy machine weighs on both alike.
    await openDesigner(page, base);
    const types = ['text', 'rect', 'hline', 'oval'];
    for (let i = 0; i < ELEMENTS; i++) await drop(page, types[i % types.length], 20 + (i % 20) * 36, 20 + Math.floor(i / 20) * 50);
    const count = await page.getByTestId('design-element').count();
    await page.getByTestId('panel-tab-add').click();
    await drop(page, 'text', 20, 20);
    const alone = { frames: [] as number[], moves: [] as number[] };
    const crowded = { frames: [] as number[], moves: [] as number[] };
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const [tab, into] of [[1, alone], [0, crowded]] as const) {
        await page.getByTestId(`panel-tab-${tab}`).click();
        const run = await dragFrames(page);
        await page.keyboard.press('Control+z');
        // round 0 warms up (first render paths, JIT) and is not counted
        if (round > 0) {
          into.frames.push(...run.frames);
          into.moves.push(...run.moves);
        }
      }
    }

    const line = (label: string, xs: number[]) =>
      `${label} p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} frames)`;
    console.log(`\n## Designer drag responsiveness (Chromium, ${ROUNDS} rounds of ${MOVES} pointer moves)`);
    console.log(line('frame time, baseline: 1 element on the panel', alone.frames));
    console.log(line(`frame time, ${count} elements on the panel   `, crowded.frames));
    console.log(`frame time ratio p50 ${(pct(crowded.frames, 50) / pct(alone.frames, 50)).toFixed(2)}x, p95 ${(pct(crowded.frames, 95) / pct(alone.frames, 95)).toFixed(2)}x baseline`);
    console.log(line('pointer move handled, baseline            ', alone.moves).replace('frames', 'moves'));
    console.log(line(`pointer move handled, ${count} elements      `, crowded.moves).replace('frames', 'moves'));
    console.log(`pointer move ratio p50 ${(pct(crowded.moves, 50) / pct(alone.moves, 50)).toFixed(2)}x, p95 ${(pct(crowded.moves, 95) / pct(alone.moves, 95)).toFixed(2)}x baseline`);
  } finally {
    await browser.close();
    const done = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDesignerUi();
