import { defineConfig } from '@playwright/test';
import { BUSINESS_TZ } from './servers';

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
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/report.json' }], ['./slowestReporter.mjs', { report: '.tmp/report.json' }]],
  outputDir: '.tmp/results',
  use: {
    locale: 'zh-CN',
    timezoneId: BUSINESS_TZ,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
