import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './db/seed/index.ts';
import { logSmsSender, type SmsSender } from './auth/sms.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  /** Stops taking requests, lets the ones in flight finish, then closes the database. */
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, opts: BuildOptions & { sms?: SmsSender; listen?: boolean } = {}): Promise<RunningServer> {
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await seedDemoData(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  let app: FastifyInstance | undefined;
  const sms: SmsSender = opts.sms ?? { sendLoginCode: (...args) => logSmsSender(app!.log).sendLoginCode(...args) };
  app = await buildApp({ db, config, sms }, opts);
  let url = '';
  if (opts.listen !== false) url = await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  let closing: Promise<void> | undefined;
  return {
    app,
    db,
    url,
    close: () =>
      (closing ??= (async () => {
        await app!.close();
        await db.close();
      })()),
  };
}
