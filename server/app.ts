import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Ajv } from 'ajv';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import type { AppServices } from './context.ts';
import { ApiError, ErrorCodes } from './errors.ts';
import { readSalesSummaries } from './db/salesSummaries.ts';
import { chineseValidationMessage } from './http/validation.ts';
import { lazyCompilersFactory } from './http/lazyCompilers.ts';
import { authenticate } from './auth/session.ts';
import { authRoutes } from './auth/routes.ts';
import { systemRoutes } from './system/index.ts';
import { resourceRoutes } from './resources/index.ts';
import { fileRoutes } from './files/index.ts';
import { printTemplateRoutes } from './printTemplates/routes.ts';
import { realtimePlugin } from './realtime/plugin.ts';
import { requestSerializer } from './http/logRedact.ts';
import { dateKeyword, registerInputGuard } from './http/inputGuard.ts';
import { clientErrorAnswer, clientErrorHandler, frameworkErrors } from './http/errorAnswers.ts';
import { recordRoutes } from './http/routeTable.ts';
import { opsRoutes } from './ops/routes.ts';
import { SHOP_SCOPE_WRITE_REFUSED, registerShopGuard } from './http/shopGuard.ts';
import { registerFieldGuard } from './http/fieldGuard.ts';

/** How long an idle keep-alive connection stays open (Fastify's default), and the shorter time clients are told. */
const KEEP_ALIVE_MS = 72_000;
const ADVERTISED_KEEP_ALIVE_S = 60;

export interface BuildOptions {
  logger?: boolean | object;
}

/**
 * Cache-Control of a file of the SPA: the build's hashed files (assets/, a new build gives new names) are kept a year
 * without asking again; index.html and sw.js (which name them) are asked for every time; the rest (branding, print-lock.css)
 * an hour.
 */
export function staticCacheControl(staticDir: string, file: string): string {
  // The file sent may be the build's compressed copy (index.html.br): its rule is the original's.
  const rel = path.relative(staticDir, file).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  // The register's service worker (scripts/build-sw.mjs) names the build's files too: a new build must be seen at once.
  if (rel === 'index.html' || rel === 'sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

/** Builds the whole server: /api modules, OpenAPI at /api/docs, and the SPA with history fallback. */
export async function buildApp(services: AppServices, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: services.config.logLevel, serializers: { req: requestSerializer as never } },
    // Login records keep the client's address: X-Forwarded-For counts only from configured proxies.
    trustProxy: services.config.trustProxy.length ? services.config.trustProxy : false,
    keepAliveTimeout: KEEP_ALIVE_MS,
    bodyLimit: 10 * 1024 * 1024,
    ajv: {
      customOptions: { verbose: true, allErrors: false, coerceTypes: true, removeAdditional: true, allowUnionTypes: true },
      // x-msg: the Chinese message a pattern failure shows (see http/fields.ts).
      // x-date: a date parameter is a real day, moment or month (http/inputGuard.ts).
      plugins: [(ajv: Ajv) => ajv.addKeyword({ keyword: 'x-msg', schemaType: 'string' }), dateKeyword],
    },
    // What the router and Node's parser refuse answer the envelope in Chinese too (http/errorAnswers.ts).
    frameworkErrors,
    clientErrorHandler,
    schemaController: { compilersFactory: lazyCompilersFactory() as never },
    schemaErrorFormatter: (errors, dataVar) => new ApiError('BAD_REQUEST', chineseValidationMessage(errors, dataVar)),
  });

  // API answers above 1 KB compressed (brotli at a fast level, or gzip) for clients that accept it; answers already
  // encoded (the precompressed SPA files), partial (range) answers and media are sent as they are. Request bodies are
  // taken as sent: no Content-Encoding decoding of uploads.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });

  await app.register(swagger, {
    openapi: {
      info: { title: '零售后台 API', version: '0.1.0', description: 'All calls answer {code,msg,data}; codes 47xx mean the session is gone.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, tenant: { type: 'apiKey', in: 'header', name: 'X-TENANT-ID' } } },
      security: [{ bearer: [], tenant: [] }],
    },
    // A shared schema (app.addSchema) appears under its own $id, so the generated contract names it (src/api/contract.d.ts).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  // A client reuses an idle connection until the Keep-Alive timeout the server advertises; the server
  // closes it after keepAliveTimeout. Node advertises exactly that value, so a request sent just before
  // it ends meets a closing socket and the caller gets ECONNRESET (a POST is not retried). That window
  // is wide here: a long PGlite statement runs on this thread and delays the server's timers. Advertise
  // 12 s less than the server really waits, so clients drop idle connections first.
  app.addHook('onRequest', (_req, reply, done) => {
    if (reply.raw.shouldKeepAlive) {
      reply.raw.setHeader('connection', 'keep-alive');
      reply.raw.setHeader('keep-alive', `timeout=${ADVERTISED_KEEP_ALIVE_S}`);
    }
    done();
  });

  // Integer ranges, NUL characters and nulls, for every route registered below (server/http/inputGuard.ts).
  registerInputGuard(app);
  recordRoutes(app);

  app.decorate('businessTz', services.config.businessTz);
  app.decorate('lifecycle', { draining: false });
  // /healthz, /readyz, /metrics; registered on the root (not as a plugin) so its onResponse hook times every route.
  await opsRoutes(services)(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantTx', function tenantTx(this: { auth: { tenantId: number; shops: readonly number[] | null } | null }, fn, opts) {
    if (!this.auth) throw new ApiError('NO_TOKEN');
    // A request's statements are bounded (PostgreSQL server): a clear 503 instead of a hang.
    // Bounded by the caller's shops too: the shop_scope policies (migration 350) hide and refuse other shops' rows.
    return services.db.tenant(this.auth.tenantId, fn, { ...opts, statementTimeout: services.config.statementTimeout, shops: this.auth.shops });
  });
  app.decorateRequest('summaryTx', function summaryTx(this: FastifyRequest, fn) {
    return readSalesSummaries((open, opts) => this.tenantTx(open, opts), fn);
  });

  // Every /api route needs a verified token unless it is marked public; then its permission, if it names one.
  // onRequest runs before body validation, so a caller without a session learns that first (47xx).
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config;
    if (req.is404 || !req.url.startsWith('/api/') || req.url.startsWith('/api/docs') || cfg.public) return;
    req.auth = await authenticate(services.db, req, cfg.perm);
  });
  // A shop or warehouse named in a call's input must be the caller's (server/http/shopGuard.ts).
  registerShopGuard(app);
  // Keys a field permission guards leave no answer to a caller without it (server/http/fieldGuard.ts).
  registerFieldGuard(app);

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      if (err.status >= 500) req.log.error(err);
      return reply.status(err.status).send({ code: err.code, msg: err.message, data: null });
    }
    if ((err as { code?: unknown }).code === '57014') {
      req.log.warn({ url: req.url }, 'statement timeout');
      const e = ErrorCodes.QUERY_TIMEOUT;
      return reply.status(e.status).send({ code: e.code, msg: e.msg, data: null });
    }
    // Backstops of the input guard: a value the database cannot take is the caller's mistake, never a 500.
    const sqlState = (err as { code?: unknown }).code;
    if (sqlState === '22003' || sqlState === '22P02' || sqlState === '22021' || sqlState === '54000') {
      req.log.warn({ url: req.url, sqlState }, 'input the database refused');
      return reply.status(400).send({ code: 400, msg: '参数超出允许范围或格式不正确', data: null });
    }
    // A table CHECK, or a trigger's own refusal (WX400) that reached here without a module mapping it.
    if (sqlState === '23514') {
      req.log.warn({ url: req.url, sqlState, constraint: (err as { constraint?: unknown }).constraint }, 'check constraint refused input');
      return reply.status(400).send({ code: 400, msg: '数据不符合规则，请检查后重试', data: null });
    }
    if (sqlState === 'WX400' && err.message) return reply.status(400).send({ code: 400, msg: err.message, data: null });
    // A row written for a shop outside the caller's (the shop_scope policies' WITH CHECK, migration 350).
    if (sqlState === '42501' && /row-level security/.test(err.message ?? '')) {
      req.log.warn({ url: req.url, sqlState }, 'write outside the caller\'s shops refused');
      const e = ErrorCodes.FORBIDDEN;
      return reply.status(e.status).send({ code: e.code, msg: SHOP_SCOPE_WRITE_REFUSED, data: null });
    }
    // A multipart body without its boundary, or cut short: busboy's errors carry no status.
    if (/boundary|unexpected end of (form|multipart)|multipart/i.test(err.message ?? '') && !(err as FastifyError).statusCode) {
      return reply.status(400).send({ code: 400, msg: '上传内容格式不正确（缺少分隔符或内容不完整），请重新上传', data: null });
    }
    // Too large, wrong content type, malformed JSON and the like: a Chinese answer saying what was wrong, never a 500.
    const refused = clientErrorAnswer(err as FastifyError, req);
    if (refused) return reply.status(refused.status).send(refused.body);
    req.log.error(err);
    return reply.status(500).send({ code: ErrorCodes.INTERNAL.code, msg: ErrorCodes.INTERNAL.msg, data: null });
  });

  await app.register(authRoutes(services), { prefix: '/api/wxy-auth-server' });
  await app.register(systemRoutes(services), { prefix: '/api/wxy-system-server' });
  const resources = await resourceRoutes(services);
  await app.register(resources.plugin);
  await app.register(fileRoutes(services), { prefix: '/api/wxy-file-server' });
  await app.register(printTemplateRoutes(services, resources.set.resources.values()), { prefix: '/api/wxy-system-server' });
  await app.register(realtimePlugin(services));

  const staticDir = services.config.staticDir;
  const hasSpa = !!staticDir && existsSync(path.join(staticDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The .br / .gz copies the build made (scripts/precompress.mjs), chosen by Accept-Encoding (Vary: Accept-Encoding).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => void reply.header('cache-control', staticCacheControl(staticDir, file)),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || !hasSpa || (req.method !== 'GET' && req.method !== 'HEAD')) {
      const e = ErrorCodes.ROUTE_NOT_FOUND;
      return reply.status(e.status).send({ code: e.code, msg: e.msg, data: null });
    }
    // History fallback: the SPA's router decides what a path shows. index.html is never cached so a new build is seen.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
