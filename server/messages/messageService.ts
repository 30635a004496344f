import type { Database, Queryable, SqlValue, Statement } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { permHoldersSql } from '../permissions.ts';
import { NOTICE_CHANNEL, NOTICE_QUEUES, VERSION_BUSINESS_TYPE, type NoticeQueue } from './queues.ts';
import { timeDesc } from './timeDesc.ts';

/** What a module says when it notifies a user (spec 000 §3, notice). */
export interface NewMessage {
  /** Which user queue the notice is pushed on; default user-message. */
  queue?: NoticeQueue;
  businessType: number;
  businessId?: string | number | null;
  /** The kind of message as a short title, e.g. 采购单审核. */
  messageTypeInfo: string;
  /** The text of the notice. */
  noticeTemplateInfo: string;
}

/** A message as the list answers it and as a notice body carries it (plus totalMessage). */
export interface MessageRecord {
  id: number;
  businessType: number;
  businessId: string | null;
  messageTypeInfo: string;
  noticeTemplateInfo: string;
  isRead: 0 | 1;
  createTime: string;
  timeDesc: string;
}

export interface Notice extends MessageRecord {
  /** The recipient's unread count including this message: the bell badge follows it. */
  totalMessage: number;
}

/**
 * What travels on NOTIFY: the recipient, the queue and the stored message's id. The broker of each process reads the
 * message and the recipient's unread count only for recipients connected to it (noticesByIds), after the commit: the
 * posting that raised the notice neither counts the recipient's unread messages nor waits for it.
 */
export interface NoticeEvent {
  tenantId: number;
  userId: number;
  queue: NoticeQueue;
  id: number;
}

/** A stored message: its id and recipient. */
export interface StoredMessage {
  id: number;
  userId: number;
}

export const MESSAGE_LIMITS = { messageTypeInfo: 48, noticeTemplateInfo: 500, businessId: 64 } as const;

/** The checks the HTTP schema makes, for callers inside the server (a bad notice is a programming error there). */
export function checkNewMessage(m: NewMessage): void {
  if (!Number.isSafeInteger(m.businessType) || m.businessType < 0) throw new ApiError('BAD_REQUEST', '业务类型格式不正确');
  if (m.queue !== undefined && !NOTICE_QUEUES.includes(m.queue)) throw new ApiError('BAD_REQUEST', '消息队列取值不在允许范围内');
  if (!m.messageTypeInfo?.trim() || m.messageTypeInfo.length > MESSAGE_LIMITS.messageTypeInfo) throw new ApiError('BAD_REQUEST', '消息类型不能为空且不超过48个字符');
  if (!m.noticeTemplateInfo?.trim() || m.noticeTemplateInfo.length > MESSAGE_LIMITS.noticeTemplateInfo) throw new ApiError('BAD_REQUEST', '消息内容不能为空且不超过500个字符');
  if (m.businessId !== undefined && m.businessId !== null && String(m.businessId).length > MESSAGE_LIMITS.businessId) throw new ApiError('BAD_REQUEST', '业务单据ID长度不能超过64个字符');
}

interface Row {
  id: string;
  user_id: number;
  business_type: number;
  business_id: string | null;
  message_type_info: string;
  notice_template_info: string;
  is_read: boolean;
  create_time: string;
  created_ms: number;
}

const COLUMNS = `id::text AS id, user_id, business_type, business_id, message_type_info, notice_template_info, is_read,
  to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') AS create_time, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms`;

function toRecord(r: Row, nowMs: number): MessageRecord {
  return {
    id: Number(r.id),
    businessType: r.business_type,
    businessId: r.business_id,
    messageTypeInfo: r.message_type_info,
    noticeTemplateInfo: r.notice_template_info,
    isRead: r.is_read ? 1 : 0,
    createTime: r.create_time,
    timeDesc: timeDesc(Number(r.created_ms), nowMs, r.create_time),
  };
}

/** Whom a notice goes to: these users, or every holder of a permission (permHoldersSql) but one (who caused it). */
export type Recipients = readonly number[] | { perm: string; except?: number };

/**
 * Stores one message per recipient and queues the push (one statement, the recipients by permission chosen in it too),
 * inside the caller's tenant transaction: the NOTIFY is delivered at commit, so a rolled-back business change never
 * raises a notice. Recipients given by id must be enabled users of this tenant (RLS hides the others); unknown ids are
 * refused, nothing written.
 */
export async function notifyUsersInTx(tx: Queryable, tenantId: number, to: Recipients, message: NewMessage): Promise<StoredMessage[]> {
  checkNewMessage(message);
  const byPerm = !Array.isArray(to);
  const ids = byPerm ? [] : [...new Set(to as readonly number[])];
  if (!byPerm && ids.length === 0) return [];
  const st = notifyStatement(tenantId, to, message);
  const inserted = (await tx.query<{ id: string; user_id: number }>(st.sql, st.params, { prepare: true })).rows;
  if (!byPerm && inserted.length !== ids.length) {
    const found = new Set(inserted.map((r) => r.user_id));
    throw new ApiError('BAD_REQUEST', `接收用户不存在或已停用: ${ids.filter((id) => !found.has(id)).join(',')}`);
  }
  return inserted.map((r) => ({ id: Number(r.id), userId: r.user_id }));
}

/**
 * The statement notifyUsersInTx runs, for a caller that sends it with other writes in one round trip (a document
 * action's `later`): only for recipients by permission, whose count nothing checks. Answers rows (id, user_id).
 */
export function notifyByPermStatement(tenantId: number, to: { perm: string; except?: number }, message: NewMessage): Statement {
  return notifyStatement(tenantId, to, message);
}

function notifyStatement(tenantId: number, to: Recipients, message: NewMessage): Statement {
  checkNewMessage(message);
  const byPerm = !Array.isArray(to);
  const ids = byPerm ? [] : [...new Set(to as readonly number[])];
  const queue = message.queue ?? 'user-message';
  const recipients = byPerm
    ? `(${permHoldersSql(9)}) u WHERE u.id IS DISTINCT FROM $1::int`
    : `sys_user u WHERE u.id = ANY($1::int[]) AND u.status = 1 AND $9::text IS NULL`;
  return {
    sql: `WITH m AS (
         INSERT INTO sys_message(tenant_id, user_id, queue, business_type, business_id, message_type_info, notice_template_info)
         SELECT $2, u.id, $3, $4, $5, $6, $7 FROM ${recipients}
         RETURNING id, user_id)
       SELECT id::text AS id, user_id, pg_notify($8, json_build_object('tenantId', $2::int, 'userId', user_id, 'queue', $3::text, 'id', id)::text) FROM m`,
    params: [
      byPerm ? ((to as { except?: number }).except ?? null) : (ids as unknown as SqlValue),
      tenantId,
      queue,
      message.businessType,
      message.businessId == null ? null : String(message.businessId),
      message.messageTypeInfo.trim(),
      message.noticeTemplateInfo.trim(),
      NOTICE_CHANNEL,
      byPerm ? (to as { perm: string }).perm : null,
    ],
  };
}

/**
 * The notices as their recipients receive them: each stored message with the recipient's unread count at the time of
 * reading (this one included, unless already read), in the order of `ids`. Messages gone meanwhile are left out.
 */
export async function noticesByIds(read: (sql: string, params: [string]) => Promise<{ rows: unknown[] }>, ids: readonly number[]): Promise<Notice[]> {
  if (!ids.length) return [];
  for (const id of ids) if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`invalid message id ${id}`);
  const rows = (
    await read(
      `SELECT ${COLUMNS}, (SELECT count(*)::int FROM sys_message c WHERE c.user_id = m.user_id AND NOT c.is_read) AS total
         FROM sys_message m WHERE m.id = ANY(string_to_array($1, ',')::bigint[])`,
      [ids.join(',')],
    )
  ).rows as (Row & { total: number })[];
  const now = Date.now();
  const byId = new Map(rows.map((r) => [Number(r.id), { ...toRecord(r, now), totalMessage: r.total }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The call other modules make: stores the message for the user and pushes it to the user's sockets. */
export async function notifyUser(db: Database, tenantId: number, userId: number, message: NewMessage): Promise<Notice> {
  const [stored] = await db.tenant(tenantId, (tx) => notifyUsersInTx(tx, tenantId, [userId], message));
  const [notice] = await noticesByIds((sql, params) => db.tenantStatement(tenantId, sql, params), [stored.id]);
  return notice;
}

export async function unreadCount(tx: Queryable, userId: number): Promise<number> {
  return (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_message WHERE user_id = $1 AND NOT is_read`, [userId])).rows[0].n;
}

/** The user's messages, newest first; isRead filters read (1) or unread (0). */
export async function listMessages(tx: Queryable, userId: number, filter: { isRead?: 0 | 1 }, pageNum: number, pageSize: number) {
  const read = filter.isRead === undefined ? null : filter.isRead === 1;
  const where = `WHERE user_id = $1 AND ($2::boolean IS NULL OR is_read = $2)`;
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_message ${where}`, [userId, read])).rows[0].n;
  const rows = (
    await tx.query<Row>(`SELECT ${COLUMNS} FROM sys_message ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, [
      userId,
      read,
      pageSize,
      (pageNum - 1) * pageSize,
    ])
  ).rows;
  const now = Date.now();
  return { records: rows.map((r) => toRecord(r, now)), total };
}

/** Marks the user's own messages read: the given ids, or all unread ones when ids is undefined. Answers how many changed. */
export async function markRead(tx: Queryable, userId: number, ids?: readonly number[]): Promise<number> {
  const r = await tx.query(
    `UPDATE sys_message SET is_read = true, read_at = now()
      WHERE user_id = $1 AND NOT is_read AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
    [userId, ids ? [...ids] : null],
  );
  return r.rowCount;
}

export async function messageExists(tx: Queryable, userId: number, id: number): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM sys_message WHERE user_id = $1 AND id = $2`, [userId, id])).rows.length > 0;
}

/**
 * Publishes a version: the version-log entry and a version notice (queue version-message, businessType 12)
 * to every enabled user of the tenant, in one transaction.
 */
export async function publishVersion(tx: Queryable, tenantId: number, version: string, content: string): Promise<{ id: number; sent: number }> {
  const log = await tx.query<{ id: number }>(
    `INSERT INTO sys_version_log(tenant_id, version, content) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, version) DO NOTHING RETURNING id`,
    [tenantId, version, content],
  );
  if (!log.rows[0]) throw new ApiError('CONFLICT', `版本号 ${version} 已存在`);
  const users = (await tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE status = 1 ORDER BY id`)).rows.map((r) => r.id);
  const notices = await notifyUsersInTx(tx, tenantId, users, {
    queue: 'version-message',
    businessType: VERSION_BUSINESS_TYPE,
    messageTypeInfo: '版本更新',
    noticeTemplateInfo: `系统已更新至 ${version}`,
  });
  return { id: log.rows[0].id, sent: notices.length };
}
