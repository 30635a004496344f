import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { ok, envelopeSchema } from '../http/envelope.ts';
import { passwordField, phoneField, userNameField } from '../http/fields.ts';
import { tenantFromHeader } from './session.ts';
import { createSmsCode, passwordLogin, phoneLogin, type LoginAttempt } from './login.ts';
import { revokeToken } from './tokens.ts';

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The fixed OAuth client credential travels as `Authorization: Basic base64(id:secret)`. */
function checkClient(req: FastifyRequest, services: AppServices): void {
  const h = req.headers.authorization;
  const m = h ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(h) : null;
  if (!m) throw new ApiError('BAD_CLIENT', '客户端认证信息缺失');
  const [id, secret] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
  const { clientId, clientSecret } = services.config;
  if (!safeEqual(id ?? '', clientId) || !safeEqual(secret ?? '', clientSecret)) throw new ApiError('BAD_CLIENT');
}

const tokenAnswerSchema = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    X_SHOP_ID: { type: ['integer', 'null'] },
    tenant_id: { type: 'integer' },
    user_id: { type: 'integer' },
  },
};

const tokenQuery = {
  type: 'object',
  required: ['grant_type', 'username'],
  properties: {
    grant_type: { type: 'string', title: '授权类型', enum: ['password', 'phoneNumber'] },
    username: { type: 'string', title: '用户名', minLength: 1, maxLength: 24 },
    password: passwordField(),
    code: { type: 'string', title: '验证码', pattern: '^\\d{6}$', 'x-msg': '验证码必须是6位数字' },
    fingerprintCode: { type: 'string', title: '设备指纹', maxLength: 128, pattern: '^[A-Za-z0-9_\\-]*$', 'x-msg': '设备指纹格式不正确' },
    isCheckCode: { type: 'string', maxLength: 8 },
    terminalType: { type: 'string', maxLength: 8 },
    tenantId: { type: 'string', title: '租户', pattern: '^[1-9]\\d{0,8}$', 'x-msg': '租户编号格式不正确' },
    isPhoneNumber: { type: 'string', maxLength: 8 },
    scope: { type: 'string', maxLength: 24 },
  },
} as const;

interface TokenQuery {
  grant_type: 'password' | 'phoneNumber';
  username: string;
  password?: string;
  code?: string;
  fingerprintCode?: string;
  tenantId?: string;
}

const USER_NAME_RE = new RegExp(userNameField().pattern);
const PHONE_RE = /^1[2-9]\d{9}$/;

export const authRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const { db, config } = services;

  const attempt = (req: FastifyRequest, q: TokenQuery): LoginAttempt => ({
    tenantId: q.tenantId ? Number(q.tenantId) : tenantFromHeader(req),
    grantType: q.grant_type,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    fingerprintCode: q.fingerprintCode || undefined,
  });

  // OAuth clients send the grant as a form body; the spec's query form keeps working (the body wins).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const token = async (req: FastifyRequest<{ Querystring: TokenQuery; Body?: Partial<TokenQuery> }>) => {
    checkClient(req, services);
    const q = { ...req.query, ...(req.body ?? {}) } as TokenQuery;
    if (!q.grant_type) throw new ApiError('BAD_REQUEST', '授权类型不能为空');
    if (!q.username) throw new ApiError('BAD_REQUEST', '用户名不能为空');
    if (q.grant_type === 'password') {
      if (!USER_NAME_RE.test(q.username)) throw new ApiError('BAD_REQUEST', '用户名只能包含字母、数字、下划线、点、@、- 或汉字');
      if (!q.password) throw new ApiError('BAD_REQUEST', '密码不能为空');
      return passwordLogin(db, attempt(req, q), q.username, q.password, config.tokenTtlSeconds);
    }
    if (!PHONE_RE.test(q.username)) throw new ApiError('BAD_REQUEST', '手机号码有误，请重填!');
    if (!q.code) throw new ApiError('BAD_REQUEST', '验证码不能为空');
    return phoneLogin(db, attempt(req, q), q.username, q.code, config.tokenTtlSeconds);
  };

  const tokenRoute = {
    config: { public: true },
    schema: {
      tags: ['auth'],
      summary: '登录（password 或 phoneNumber 授权），答复 OAuth2 令牌',
      querystring: { ...tokenQuery, required: [] },
      response: { 200: tokenAnswerSchema },
    },
  };
  app.get<{ Querystring: TokenQuery }>('/oauth/token', tokenRoute, token);
  // POST takes the same fields as a form (application/x-www-form-urlencoded) or JSON body, so a password
  // need not travel in the URL (where proxies and logs keep it); the query form still works.
  app.post<{ Querystring: TokenQuery; Body?: Partial<TokenQuery> }>(
    '/oauth/token',
    {
      ...tokenRoute,
      schema: { ...tokenRoute.schema, consumes: ['application/x-www-form-urlencoded', 'application/json'], summary: `${tokenRoute.schema.summary}；参数可放在表单或 JSON 请求体中`, body: { ...tokenQuery, required: [] } },
      // The spec's form sends no body at all: validate it as an empty one.
      preValidation: async (req: FastifyRequest) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
    },
    token,
  );

  app.post<{ Querystring: { phoneNumber: string; tenantId?: string } }>(
    '/sms/send-code',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: '发送手机登录验证码',
        querystring: {
          type: 'object',
          required: ['phoneNumber'],
          properties: {
            phoneNumber: { ...phoneField(), minLength: 1 },
            tenantId: { type: 'string', title: '租户', pattern: '^[1-9]\\d{0,8}$', 'x-msg': '租户编号格式不正确' },
          },
        },
        response: { 200: envelopeSchema({ type: 'null' }) },
      },
    },
    async (req) => {
      checkClient(req, services);
      const tenantId = req.query.tenantId ? Number(req.query.tenantId) : tenantFromHeader(req);
      const code = await createSmsCode(db, tenantId, req.query.phoneNumber);
      if (code) await services.sms.sendLoginCode(req.query.phoneNumber, code, tenantId);
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/oauth/loginout',
    { config: { anyUser: true }, schema: { tags: ['auth'], summary: '退出登录（令牌作废）', response: { 200: envelopeSchema({ type: 'null' }) } } },
    async (req) => {
      await revokeToken(db, req.auth!.tokenHash, 'logout');
      return ok(null, '已退出登录');
    },
  );
};
