import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import { verifyResourceTables } from './resources/index.ts';
import { verifyShopScope } from './db/shopScope.ts';
import type { ServerConfig } from './config.ts';
import { deferredDatabase, openDatabase, type Database } from './db/index.ts';
import { prepareDatabase } from './db/prepare.ts';
import { startSalesSummaryFold } from './db/salesSummaries.ts';
import { readModuleMenus } from './db/seed/moduleMenus.ts';
import { shippedDictionaries, shippedResources } from './db/seed/dictionaries.ts';
import { logSmsSender, outboxSmsSender, type SmsSender } from './auth/sms.ts';
import { startAiBoxPoll } from './domains/aiBox/index.ts';
import { startLotExpiryNotices } from './domains/stock/index.ts';
import { salesPrintDefaults } from './domains/sales/index.ts';
import { type DefaultTemplate, documentDefaults } from './printTemplates/defaults.ts';
import type { ResourceDescriptor } from '../core/descriptors/types.ts';
import { startJobRunner } from './jobs/runner.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  /**
   * Stops taking requests and jobs, lets the requests in flight and the job running finish (within
   * config.shutdownGraceMs), then closes the database. SIGTERM calls it (server/main.ts).
   */
  close(): Promise<void>;
}

/** The product's default print templates: every printable document's, the register's ticket and the payment slip. */
export function shippedPrintTemplates(schemaDirs: string[], resources: ReadonlyMap<string, ResourceDescriptor> = shippedResources(schemaDirs)): DefaultTemplate[] {
  return [...documentDefaults(resources), ...salesPrintDefaults()];
}

export async function startServer(config: ServerConfig, opts: BuildOptions & { sms?: SmsSender; listen?: boolean } = {}): Promise<RunningServer> {
  const moduleMenus = readModuleMenus(config.schemaDirs);
  if (moduleMenus.errors.length) throw new Error(`module menus in ${config.schemaDirs.join(path.delimiter)}:\n${moduleMenus.errors.join('\n')}`);
  // One read of the descriptors for both start-up seeds.
  const resources = shippedResources(config.schemaDirs);
  const dictionaries = shippedDictionaries(config.schemaDirs, resources);
  const printTemplates = shippedPrintTemplates(config.schemaDirs, resources);
  // The database opens (PGlite: wasm load and Postgres boot, most of start-up) while the app is built.
  const opening = openDatabase(config).then(async (opened) => {
    try {
      // Under one lock: servers starting together wait for the first to migrate and seed (server/db/prepare.ts).
      await prepareDatabase(opened, config.schemaDirs, moduleMenus.menus, dictionaries, printTemplates);
      await verifyResourceTables(opened, config.schemaDirs);
      await verifyShopScope(opened);
      return opened;
    } catch (err) {
      await opened.close();
      throw err;
    }
  });
  const db = deferredDatabase(config.databaseUrl ? 'postgres' : 'pglite', opening);
  let app: FastifyInstance | undefined;
  const sms: SmsSender =
    opts.sms ?? (config.smsOutbox ? outboxSmsSender(config.smsOutbox) : { sendLoginCode: (...args) => logSmsSender(app!.log).sendLoginCode(...args) });
  let opened: Database;
  try {
    app = await buildApp({ db, config, sms }, opts);
    await app.ready();
    opened = await opening;
  } catch (err) {
    await app?.close();
    await opening.then((o) => o.close(), () => {});
    throw err;
  }
  const url = opts.listen !== false ? await app.listen({ port: config.port, host: config.host }) : '';
  const aiBoxPoll = startAiBoxPoll(opened, app.log);
  const lotNotices = startLotExpiryNotices(opened, app.log);
  const jobRunner = startJobRunner(opened, app.log, process.env, app.metrics.jobFinished);
  const salesFold = startSalesSummaryFold(opened, app.log);
  let closing: Promise<void> | undefined;
  return {
    app,
    db: opened,
    url,
    close: () =>
      (closing ??= (async () => {
        // /readyz answers 503 from now on, and every answer closes its connection (server/ops/routes.ts).
        app!.lifecycle.draining = true;
        const graceMs = config.shutdownGraceMs;
        // Requests past the grace are cut off (their transactions roll back: nothing half-written).
        const cutOff = setTimeout(() => app!.server.closeAllConnections(), graceMs);
        cutOff.unref();
        try {
          await Promise.all([
            // STOMP sockets close with 1012 (service restart: reconnect), the listener closes at once (new connections
            // are refused: a proxy sends them to another server) and the requests in flight finish.
            app!.close(),
            // The job running finishes (within the grace); no new one is taken.
            jobRunner.stop(graceMs),
            aiBoxPoll.stop(),
            lotNotices.stop(),
            salesFold.stop(),
          ]);
        } finally {
          clearTimeout(cutOff);
        }
        await opened.close();
      })()),
  };
}
