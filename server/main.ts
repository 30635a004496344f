import { configFromEnv } from './config.ts';
import { startServer } from './start.ts';
import { migrateCommand } from './migrateCommand.ts';

const started = Date.now();
const config = configFromEnv();
if (process.argv[2] === 'migrate') {
  try {
    console.log(await migrateCommand(config));
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
const server = await startServer(config);
server.app.log.info(
  { url: server.url, dataDir: config.databaseUrl ? undefined : config.dataDir, database: server.db.kind, startMs: Date.now() - started },
  `零售后台已启动: ${server.url}`,
);

// A clean close lets in-flight writes finish and PGlite flush, so nothing acknowledged is lost.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.app.log.error(err, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
