import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DescriptorSet, ResourceDescriptor, ScreenBundle, ScreenDescriptor } from '../../core/descriptors/types.ts';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { grantedMenuKeys } from '../permissions.ts';

/** The resources a screen names: its own and every "resource#routeId" reference. */
export function resourcesOfScreen(set: DescriptorSet, screen: ScreenDescriptor): ResourceDescriptor[] {
  const names = new Set([screen.resource]);
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      const hash = v.indexOf('#');
      if (hash > 0 && set.resources.has(v.slice(0, hash))) names.add(v.slice(0, hash));
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(screen);
  // A document's lines resource travels with it: the document page's grid reads its fields.
  for (const n of [...names]) {
    const lines = set.resources.get(n)?.document?.lines?.resource;
    if (lines && set.resources.has(lines)) names.add(lines);
  }
  return [...names].map((n) => set.resources.get(n)).filter((r): r is ResourceDescriptor => !!r);
}

/** Each module directory's i18n/<lang>.json, read once at start-up. */
export function readModuleTexts(dir: string): Record<string, Record<string, unknown>> {
  const d = path.join(dir, 'i18n');
  const out: Record<string, Record<string, unknown>> = {};
  if (!existsSync(d)) return out;
  for (const f of readdirSync(d).filter((f) => f.endsWith('.json'))) out[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(d, f), 'utf8'));
  return out;
}

/**
 * The labels of the repository's own modules (core/descriptors/i18n/<lang>.json beside schemas/), read at start-up: each screen
 * of schemas/ gets the top-level blocks its keys name (`whWriteOff.*`) served with it, as an outside module's labels
 * are, so a label edited there or a new module's labels reach the browser at the next start, without a browser build.
 * (engine.* stays the runtime's own, bundled with the engine chunk.)
 */
export function repoTextsOf(screen: unknown, texts: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const blocks = new Set<string>();
  const known = texts['zh-CN'] ?? {};
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      const m = /^([A-Za-z][A-Za-z0-9]*)\.[A-Za-z0-9_.]+$/.exec(v);
      if (m && m[1] !== 'engine' && Object.hasOwn(known, m[1])) blocks.add(m[1]);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(screen);
  if (!blocks.size) return {};
  return Object.fromEntries(Object.entries(texts).map(([lang, all]) => [lang, Object.fromEntries([...blocks].filter((b) => Object.hasOwn(all, b)).map((b) => [b, all[b]]))]));
}

/** The module directory a descriptor file came from (…/<dir>/screens/x.json). */
export const dirOfFile = (file: string) => path.resolve(path.dirname(path.dirname(file)));

const routeField = { type: 'string', title: '页面路径', minLength: 1, maxLength: 200, pattern: '^/[A-Za-z0-9_/-]*$', 'x-msg': '页面路径格式不正确' };

/**
 * GET /screen-descriptor?route=<menu path> (wxy-system-server): the screen descriptor the browser renders
 * for a menu path, with the resources it calls and its module's labels, so a module added as descriptor
 * files (EXTRA_SCHEMA_DIRS) needs no browser build. Only for a menu path the caller's roles grant.
 */
export const screenDescriptorRoutes = (services: AppServices, set: DescriptorSet) => async (app: FastifyInstance) => {
  const textsByDir = new Map(services.config.schemaDirs.map((d) => [path.resolve(d), readModuleTexts(d)]));
  const repoDir = path.resolve(services.config.schemaDirs[0]);
  const repoTexts = readModuleTexts(path.join(path.dirname(repoDir), 'core/descriptors'));
  const bundles = new Map<string, ScreenBundle>();
  for (const screen of set.screens.values()) {
    const file = set.files.get(screen);
    const dir = file ? dirOfFile(file) : '';
    const texts = dir === repoDir ? repoTextsOf(screen, repoTexts) : textsByDir.get(dir) ?? {};
    const bundle = { screen, resources: resourcesOfScreen(set, screen), texts };
    bundles.set(screen.route, bundle);
    // A page form's own menu path answers its screen: the browser shows that form there.
    for (const form of Object.values(screen.forms ?? {})) if (form.route) bundles.set(form.route, bundle);
  }

  app.get<{ Querystring: { route: string } }>(
    '/screen-descriptor',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'],
        summary: '菜单页面的界面描述（screen + 所用资源 + 模块文案），仅限已授权的菜单',
        querystring: { type: 'object', required: ['route'], properties: { route: routeField } },
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: {
              screen: { type: 'object', additionalProperties: true },
              resources: { type: 'array', items: { type: 'object', additionalProperties: true } },
              texts: { type: 'object', additionalProperties: true },
            },
          }),
        },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const bundle = bundles.get(req.query.route);
      if (!bundle) throw new ApiError('NOT_FOUND', '页面不存在');
      const granted = await req.tenantTx((tx) => grantedMenuKeys(tx, auth));
      if (!granted.has(req.query.route)) throw new ApiError('FORBIDDEN', '您无权访问该页面');
      return ok(bundle);
    },
  );
};
