import { configFromEnv } from './config.ts';
import { startServer } from './start.ts';
import { migrateCommand } from './migrateCommand.ts';
import { backupCommand, restoreEmbedded } from './ops/backup.ts';

const started = Date.now();
const config = configFromEnv();
const commands: Record<string, () => Promise<string>> = {
  migrate: () => migrateCommand(config),
  backup: () => backupCommand(config, argument('backup')),
  restore: async () => {
    await restoreEmbedded(argument('restore'), config);
    return `恢复完成：${config.dataDir}`;
  },
};
function argument(command: string): string {
  if (!process.argv[3]) throw new Error(`usage: npm run ${command} -- <file>`);
  return process.argv[3];
}
const command = process.argv[2] ? commands[process.argv[2]] : undefined;
if (process.argv[2] && !command) {
  console.error(`unknown command ${process.argv[2]} (migrate, backup <file>, restore <file>)`);
  process.exit(2);
}
if (command) {
  try {
    console.log(await command());
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
