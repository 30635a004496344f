import { SERVICE, call } from './http';
import type { Page } from './types';

/** A message of the message centre (server/API.md, Messages). */
export interface Message {
  id: number;
  businessType: number;
  businessId: string | null;
  messageTypeInfo: string;
  noticeTemplateInfo: string;
  isRead: 0 | 1;
  createTime: string;
  timeDesc: string;
}

/** A pushed notice: the message plus the recipient's unread count. */
export interface Notice extends Message {
  totalMessage: number;
}

export interface ReadAnswer {
  updated: number;
  totalMessage: number;
}

const S = SERVICE.system;

export const messagesApi = {
  /** The caller's messages, newest first; isRead 0 = unread only, 1 = read only. */
  list: (pageNum: number, pageSize: number, isRead?: 0 | 1) =>
    call<Page<Message>>({ method: 'GET', url: `${S}/ms/list/${pageNum}/${pageSize}`, params: isRead === undefined ? {} : { isRead } }),
  read: (id: number) => call<ReadAnswer>({ method: 'PUT', url: `${S}/ms/read/${id}` }),
  /** Marks the given ids read, or (no ids) every unread message: the server takes "all" only when asked by name. */
  batchRead: (ids?: number[]) => call<ReadAnswer>({ method: 'POST', url: `${S}/ms/batch/read`, data: ids ? { ids } : { all: true } }),
  publishVersion: (body: { version: string; content: string }) =>
    call<{ id: number; sent: number }>({ method: 'POST', url: `${S}/ms/version/publish`, data: body, silent: true }),
};
