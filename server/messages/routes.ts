import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok, pageParamsSchema, pageSchema } from '../http/envelope.ts';
import { idField, plainText } from '../http/fields.ts';
import { NOTICE_QUEUES, type NoticeQueue } from './queues.ts';
import { MESSAGE_LIMITS, listMessages, markRead, messageExists, notifyUsersInTx, publishVersion, unreadCount } from './messageService.ts';

const messageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    businessType: { type: 'integer' },
    businessId: { type: ['string', 'null'] },
    messageTypeInfo: { type: 'string' },
    noticeTemplateInfo: { type: 'string' },
    isRead: { type: 'integer' },
    createTime: { type: 'string' },
    timeDesc: { type: 'string' },
  },
};

const countSchema = { type: 'object', properties: { updated: { type: 'integer' }, totalMessage: { type: 'integer' } } };

const messageIdField = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, title: '消息ID' } as const;

/** wxy-system-server ms/*: the caller's own messages (message centre, bell) and the admin calls that send them. */
export const messageRoutes = (_services: AppServices) => async (app: FastifyInstance) => {
  app.get<{ Params: { pageNum: number; pageSize: number }; Querystring: { isRead?: 0 | 1 } }>(
    '/ms/list/:pageNum/:pageSize',
    { config: { anyUser: true },
      schema: {
        tags: ['messages'],
        summary: '我的消息（分页，最新在前；isRead 0 未读 / 1 已读）',
        params: pageParamsSchema,
        querystring: { type: 'object', properties: { isRead: { type: 'integer', enum: [0, 1], title: '是否已读' } } },
        response: { 200: envelopeSchema(pageSchema(messageSchema)) },
      },
    },
    async (req) => {
      const { pageNum, pageSize } = req.params;
      return ok(await req.tenantTx((tx) => listMessages(tx, req.auth!.userId, { isRead: req.query.isRead }, pageNum, pageSize)));
    },
  );

  app.post<{ Body: { ids?: number[]; all?: boolean } }>(
    '/ms/batch/read',
    { config: { anyUser: true },
      schema: {
        tags: ['messages'],
        summary: '批量标记已读：ids 中的消息；全部标记须明说 all: true（ids 为空或 null 时不会当作全部）',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ids: { type: 'array', title: '消息ID列表', minItems: 1, maxItems: 1000, items: messageIdField }, all: { type: 'boolean', title: '全部标记已读' } },
        },
        response: { 200: envelopeSchema(countSchema) },
      },
    },
    async (req) => {
      const userId = req.auth!.userId;
      const { ids, all } = req.body;
      if (all !== true && !ids) throw new ApiError('BAD_REQUEST', '消息ID列表不能为空（全部标记已读请传 all: true）');
      if (all === true && ids) throw new ApiError('BAD_REQUEST', '消息ID列表与全部标记已读（all）只能选一个');
      return ok(
        await req.tenantTx(async (tx) => {
          const updated = await markRead(tx, userId, all === true ? undefined : ids);
          return { updated, totalMessage: await unreadCount(tx, userId) };
        }),
        all === true ? '已全部标记为已读' : '已标记为已读',
      );
    },
  );

  app.put<{ Params: { id: number } }>(
    '/ms/read/:id',
    { config: { anyUser: true },
      schema: {
        tags: ['messages'],
        summary: '标记一条消息已读',
        params: { type: 'object', required: ['id'], properties: { id: messageIdField } },
        response: { 200: envelopeSchema(countSchema) },
      },
    },
    async (req) => {
      const userId = req.auth!.userId;
      return ok(
        await req.tenantTx(async (tx) => {
          // Another user's message is answered like a missing one: its existence is not revealed.
          if (!(await messageExists(tx, userId, req.params.id))) throw new ApiError('NOT_FOUND', '消息不存在');
          const updated = await markRead(tx, userId, [req.params.id]);
          return { updated, totalMessage: await unreadCount(tx, userId) };
        }),
        '已标记为已读',
      );
    },
  );

  app.post<{ Body: { userIds: number[]; queue?: NoticeQueue; businessType: number; businessId?: string; messageTypeInfo: string; noticeTemplateInfo: string } }>(
    '/ms/send',
    {
      config: { perm: 'system:message:send' },
      schema: {
        tags: ['messages'],
        summary: '向本租户用户发送消息（存储并实时推送）',
        body: {
          type: 'object',
          required: ['userIds', 'businessType', 'messageTypeInfo', 'noticeTemplateInfo'],
          properties: {
            userIds: { type: 'array', title: '接收用户', minItems: 1, maxItems: 1000, items: idField('用户ID') },
            queue: { type: 'string', title: '消息队列', enum: [...NOTICE_QUEUES] },
            businessType: { type: 'integer', title: '业务类型', minimum: 0, maximum: 99999 },
            businessId: { type: 'string', title: '业务单据ID', maxLength: MESSAGE_LIMITS.businessId, pattern: '^[A-Za-z0-9_\\-]*$', 'x-msg': '业务单据ID只能包含字母、数字、下划线或 -' },
            messageTypeInfo: plainText('消息类型', MESSAGE_LIMITS.messageTypeInfo, 1),
            noticeTemplateInfo: plainText('消息内容', MESSAGE_LIMITS.noticeTemplateInfo, 1),
          },
        },
        response: { 200: envelopeSchema({ type: 'object', properties: { sent: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } } }) },
      },
    },
    async (req) => {
      const { userIds, ...message } = req.body;
      const tenantId = req.auth!.tenantId;
      const notices = await req.tenantTx((tx) => notifyUsersInTx(tx, tenantId, userIds, { ...message, businessId: message.businessId || null }));
      return ok({ sent: notices.length, ids: notices.map((n) => n.id) }, '消息已发送');
    },
  );

  app.post<{ Body: { version: string; content: string } }>(
    '/ms/version/publish',
    {
      config: { perm: 'system:version:publish' },
      schema: {
        tags: ['messages'],
        summary: '发布版本：写入版本日志并向本租户所有用户推送版本通知',
        body: {
          type: 'object',
          required: ['version', 'content'],
          properties: {
            version: { type: 'string', title: '版本号', minLength: 1, maxLength: 24, pattern: '^[A-Za-z0-9._\\-]+$', 'x-msg': '版本号只能包含字母、数字、点、下划线或 -' },
            content: plainText('更新内容', 2000, 1),
          },
        },
        response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'integer' }, sent: { type: 'integer' } } }) },
      },
    },
    async (req) => {
      const tenantId = req.auth!.tenantId;
      const content = req.body.content.trim();
      if (!content) throw new ApiError('BAD_REQUEST', '更新内容不能为空');
      return ok(await req.tenantTx((tx) => publishVersion(tx, tenantId, req.body.version, content)), '版本已发布');
    },
  );
};
