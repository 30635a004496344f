import { defineConfig } from '@playwright/test';
import { BUSINESS_TZ } from './servers';

/**
 * Debian's Chromium, the full browser: its headless shell (package chromium-headless-shell) costs about 15 % less CPU
 * but has no PDF viewer, so a document's or receipt's PDF never shows in its window (register.spec, documents.spec).
 */
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser suite: globalSetup.ts migrates and seeds a template data dir once; every worker (two by default,
 * E2E_WORKERS to change) starts its own built server on a copy of it (fixtures.ts: own port from E2E_PORT, default
 * 18080, own SMS outbox), so spec files run side by side, each file's tests in order in one worker, and no file
 * sees another's data. The browser runs in the business time zone (BUSINESS_TZ, default that of server/config.ts):
 * the user is a shop's staff, whose clock shows it; specs take "today" from the server (or this zone), never UTC.
 * At the end, slowestReporter.mjs prints the ten slowest spec files from the JSON report.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './globalSetup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  // One retry (E2E_RETRIES to change): a test that passes only on its retry is listed as flaky at the end of the run,
  // so a slow moment of a shared 2-core machine does not fail CI while flakiness stays visible.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/report.json' }], ['./slowestReporter.mjs', { report: '.tmp/report.json' }]],
  outputDir: '.tmp/results',
  use: {
    locale: 'zh-CN',
    timezoneId: BUSINESS_TZ,
    // The user asks for reduced motion (the theme respects it): dialogs, menus and folds open without animation, so a
    // step does not wait for a transition to settle.
    reducedMotion: 'reduce',
    trace: 'off',
    // The register installs its offline shell (a service worker); a spec that is not about it runs without, so no
    // worker answers a request a spec routes or watches. registerOffline.spec allows them.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
