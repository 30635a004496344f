import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../context.ts';
import { pendingSchema, schemaFiles, type SchemaFiles } from '../db/migrate.ts';
import { createMetrics } from './metrics.ts';
import { dumpEmbedded } from './backup.ts';

/** How long /readyz waits for the database before calling it unreachable. */
const DB_CHECK_MS = 2000;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Operations endpoints, outside /api and without a session:
 * - GET /healthz: the process lives and answers (a load balancer's liveness check; never touches the database).
 * - GET /readyz: 200 when the database answers, its schema has every migration and definition of this build, and the
 *   server is not shutting down; else 503 naming what is wrong (a proxy stops sending requests here).
 * - GET /metrics: Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN set it is
 *   closed (403). The figures name routes, job kinds and queue sizes, nothing a tenant wrote.
 * - GET /ops/backup: the embedded database as a gzipped tarball (server/ops/backup.ts), only with
 *   `Authorization: Bearer <BACKUP_TOKEN>` (it holds every tenant's data); closed without BACKUP_TOKEN.
 */
export const opsRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const metrics = createMetrics(services.db);
  app.decorate('metrics', metrics);

  // Every answer of the app (this hook is added to the root context: fastify-plugin style, see buildApp).
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(req.routeOptions.url ?? '(unmatched)', req.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  // Shutting down: every answer closes its connection, so a client's next request opens a new one — refused here,
  // taken by another server behind the proxy — instead of arriving on a socket about to close.
  app.addHook('onSend', async (_req, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });

  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok' }));

  let files: SchemaFiles | null = null;
  app.get('/readyz', { config: { public: true } }, async (_req, reply) => {
    const problems: string[] = [];
    if (app.lifecycle.draining) problems.push('shutting down');
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      services.db.system((tx) => tx.query('SELECT 1')).then(() => true, () => false),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DB_CHECK_MS))),
    ]).finally(() => clearTimeout(timer));
    if (!answered) problems.push('database not answering');
    else {
      // The files are read once; the database's record each time (one small read): a database restored from an older
      // backup under this build, or migrated by nobody, shows here.
      files ??= schemaFiles(services.config.schemaDirs);
      const pending = await pendingSchema(services.db, files).catch(() => null);
      if (pending === null) problems.push('database not answering');
      else if (pending.length) problems.push(`schema not current: ${pending.length} pending (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', …' : ''})`);
    }
    reply.header('cache-control', 'no-store');
    if (problems.length) return reply.status(503).send({ status: 'not ready', problems });
    return { status: 'ready' };
  });

  /** Null when the caller holds the token; else the refusal sent. */
  const refused = (req: FastifyRequest, reply: FastifyReply, token: string | undefined, name: string, what: string) => {
    if (!token) return reply.status(403).send({ code: 403, msg: `未设置 ${name}，${what}不对外提供`, data: null });
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m || !sameSecret(m[1], token)) return reply.status(401).header('www-authenticate', 'Bearer').send({ code: 401, msg: `${what}需要正确的 ${name}`, data: null });
    return null;
  };

  app.get('/metrics', { config: { public: true } }, async (req, reply) => {
    if (refused(req, reply, services.config.metricsToken, 'METRICS_TOKEN', '读取指标')) return reply;
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });

  app.get('/ops/backup', { config: { public: true } }, async (req, reply) => {
    if (refused(req, reply, services.config.backupToken, 'BACKUP_TOKEN', '数据库备份')) return reply;
    if (services.db.kind !== 'pglite') return reply.status(409).send({ code: 409, msg: 'PostgreSQL 数据库请用 pg_dump 备份（见 docs/operations.md「Backups」）', data: null });
    const data = await dumpEmbedded(services.db);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="wxy-backup-${stamp}.tar.gz"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
};
