import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 18080);
const DATA_DIR = `tests/e2e/.tmp/data-${PORT}`;
/** The server's SMS outbox: the phone-login test reads its code here (see SMS_OUTBOX in the README). */
export const SMS_OUTBOX = `${DATA_DIR}/sms-outbox.jsonl`;
/**
 * The server's business time zone (BUSINESS_TZ, default that of server/config.ts) and the browser's: the user is a
 * shop's staff, whose clock shows the business zone. Specs take "today" from the server (or this zone), never UTC.
 */
export const BUSINESS_TZ = process.env.BUSINESS_TZ || 'Asia/Shanghai';

// One server on a fresh embedded database, started from the built SPA; tests run one at a time
// because they share its data (lock-outs, sessions).
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '.tmp/results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: BUSINESS_TZ,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && env -u DATABASE_URL PORT=${PORT} DATA_DIR=${DATA_DIR} SMS_OUTBOX=${SMS_OUTBOX} BUSINESS_TZ=${BUSINESS_TZ} LOG_LEVEL=warn node dist-server/main.js`,
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    // A fresh data dir migrates and seeds the demo first: minutes on a loaded 2-core machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
