import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok, pageParamsSchema, pageSchema } from '../http/envelope.ts';
import { idField, plainText } from '../http/fields.ts';
import type { Req } from '../resources/access.ts';
import { registerCustomRoute } from '../resources/customRoutes.ts';
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
};

/*
 * 消息中心 (schemas/resources/ms-message.json, the engine's list at /userInfo/messageNotice) and the bell: the
 * caller's own messages, newest first, and marking them read. Another user's message is answered like a missing one.
 */
registerCustomRoute('messages.list', {
  schema: {
    params: pageParamsSchema,
    querystring: { type: 'object', properties: { isRead: { type: 'integer', enum: [0, 1], title: '是否已读' } } },
    response: { 200: envelopeSchema(pageSchema(messageSchema)) },
  },
  handler: async (req: Req) => {
    const { pageNum, pageSize } = req.params as unknown as { pageNum: number; pageSize: number };
    const isRead = (req.query as { isRead?: 0 | 1 }).isRead;
    return ok(await req.tenantTx((tx) => listMessages(tx, req.auth!.userId, { isRead }, pageNum, pageSize)));
  },
});

registerCustomRoute('messages.batchRead', {
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      properties: { ids: { type: 'array', title: '消息ID列表', minItems: 1, maxItems: 1000, items: messageIdField }, all: { type: 'boolean', title: '全部标记已读' } },
    },
    response: { 200: envelopeSchema(countSchema) },
  },
  handler: async (req: Req) => {
    const userId = req.auth!.userId;
    const { ids, all } = (req.body ?? {}) as { ids?: number[]; all?: boolean };
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
});

registerCustomRoute('messages.read', {
  schema: {
    params: { type: 'object', required: ['id'], properties: { id: messageIdField } },
    response: { 200: envelopeSchema(countSchema) },
  },
  handler: async (req: Req) => {
    const userId = req.auth!.userId;
    const id = Number((req.params as { id: number }).id);
    return ok(
      await req.tenantTx(async (tx) => {
        if (!(await messageExists(tx, userId, id))) throw new ApiError('NOT_FOUND', '消息不存在');
        const updated = await markRead(tx, userId, [id]);
        return { updated, totalMessage: await unreadCount(tx, userId) };
      }),
      '已标记为已读',
    );
  },
});

/**
 * 发布版本 (POST ms/version/publish, system:version:publish; declared by schemas/resources/ms-version.json, the
 * 版本日志 screen's toolbar form): a version-log entry plus a version notice to every user of the tenant.
 */
registerCustomRoute('messages.publishVersion', {
  schema: {
    body: {
      type: 'object',
      required: ['version', 'content'],
      properties: {
        version: { type: 'string', title: '版本号', minLength: 1, maxLength: 24, pattern: '^[A-Za-z0-9._\\-]+$', 'x-msg': '版本号只能包含字母、数字、点、下划线或 -' },
        content: plainText('更新内容', 2000, 1),
      },
    },
  },
  handler: async (req: Req) => {
    const body = req.body as { version: string; content: string };
    const tenantId = req.auth!.tenantId;
    const content = body.content.trim();
    if (!content) throw new ApiError('BAD_REQUEST', '更新内容不能为空');
    return ok(await req.tenantTx((tx) => publishVersion(tx, tenantId, body.version, content)), '版本已发布');
  },
});
