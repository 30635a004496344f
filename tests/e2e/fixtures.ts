import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { BASE_PORT, type StartedServer, choosePort, startServer } from './servers';

/**
 * The browser tests' `test`: every worker runs its own server (dist-server/main.js) on its own copy of the run's
 * template data dir (globalSetup.ts), its own port and SMS outbox, so spec files run side by side without sharing
 * data. `baseURL` is that server's; `smsOutbox` is the file its SMS login codes land in.
 */
export interface E2eWorkerFixtures {
  e2eServer: StartedServer;
}
export interface E2eTestFixtures {
  smsOutbox: string;
  _closeOwnContexts: void;
}

export const test = base.extend<E2eTestFixtures, E2eWorkerFixtures>({
  e2eServer: [
    async ({}, use, workerInfo) => {
      const runDir = process.env.E2E_RUN_DIR;
      if (!runDir) throw new Error('E2E_RUN_DIR is not set: run the browser tests with -c tests/e2e/playwright.config.ts (its globalSetup makes the template)');
      const template = path.join(runDir, 'template');
      if (!existsSync(template)) throw new Error(`no template data dir at ${template}`);
      const dataDir = path.join(runDir, `w${workerInfo.workerIndex}`);
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(template, dataDir, { recursive: true });
      const server = await startServer({ dataDir, port: await choosePort(BASE_PORT + workerInfo.workerIndex), timeoutMs: 150_000 });
      await use(server);
      await server.stop();
      if (!process.env.E2E_KEEP_TMP) rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ e2eServer }, use) => use(e2eServer.url),
  smsOutbox: async ({ e2eServer }, use) => use(e2eServer.smsOutbox),
  // Contexts a test opens with browser.newContext() (a second user) and leaves open would live on through the
  // worker's later tests: closed when the test ends (after its failure screenshots).
  _closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect };
