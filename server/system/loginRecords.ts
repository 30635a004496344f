import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { envelopeSchema, ok, offsetOf, pageParamsSchema, pageSchema } from '../http/envelope.ts';
import { userNameField } from '../http/fields.ts';

const recordSchema = {
  type: 'object',
  required: ['id', 'userName', 'ip', 'userAgent', 'grantType', 'success', 'msg', 'loginTime'],
  properties: {
    id: { type: 'integer' },
    userName: { type: 'string' },
    ip: { type: ['string', 'null'] },
    userAgent: { type: ['string', 'null'] },
    grantType: { type: 'string' },
    success: { type: 'boolean' },
    msg: { type: 'string' },
    loginTime: { type: 'string' },
  },
};

interface Filter {
  userId?: number;
  userName?: string;
  success?: boolean;
}

async function findPage(tx: Queryable, f: Filter, pageNum: number, pageSize: number) {
  const where = `WHERE ($1::int IS NULL OR user_id = $1) AND ($2::text IS NULL OR user_name = $2) AND ($3::boolean IS NULL OR success = $3)`;
  const args = [f.userId ?? null, f.userName ?? null, f.success ?? null];
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_login_record ${where}`, args)).rows[0].n;
  const records = (
    await tx.query(
      `SELECT id::int, user_name AS "userName", ip, user_agent AS "userAgent", grant_type AS "grantType", success, msg,
              to_char(login_time, 'YYYY-MM-DD HH24:MI:SS') AS "loginTime"
         FROM sys_login_record ${where} ORDER BY login_time DESC, id DESC LIMIT $4 OFFSET $5`,
      [...args, pageSize, offsetOf(pageNum, pageSize)],
    )
  ).rows;
  return { records, total };
}

const pageResponse = { 200: envelopeSchema(pageSchema(recordSchema)) };

/** Every login attempt, good or bad: the user's own (personal centre) and the tenant's (admin). */
export const loginRecordRoutes = () => async (app: FastifyInstance) => {
  app.get<{ Params: { pageNum: number; pageSize: number } }>(
    '/login-record/findPage/:pageNum/:pageSize',
    { config: { anyUser: true }, schema: { tags: ['system'], summary: '我的登录记录', params: pageParamsSchema, response: pageResponse } },
    async (req) => ok(await req.tenantTx((tx) => findPage(tx, { userId: req.auth!.userId }, req.params.pageNum, req.params.pageSize))),
  );

  app.get<{ Params: { pageNum: number; pageSize: number }; Querystring: { userName?: string; success?: boolean } }>(
    '/login-record/tenant/findPage/:pageNum/:pageSize',
    {
      config: { perm: 'system:loginLog:list' },
      schema: {
        tags: ['system'],
        summary: '租户登录日志',
        params: pageParamsSchema,
        querystring: { type: 'object', properties: { userName: { ...userNameField(), minLength: 0 }, success: { type: 'boolean', title: '是否成功' } } },
        response: pageResponse,
      },
    },
    async (req) =>
      ok(
        await req.tenantTx((tx) =>
          findPage(tx, { userName: req.query.userName || undefined, success: req.query.success }, req.params.pageNum, req.params.pageSize),
        ),
      ),
  );
};
