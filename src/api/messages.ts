import { api, type Answer } from './typed';

/** A message of the message centre. */
export type Message = Answer<'/wxy-system-server/ms/list/{pageNum}/{pageSize}', 'get'>['records'][number];

/** A pushed notice (STOMP, not a route of the contract): the message plus the recipient's unread count. */
export interface Notice extends Message {
  totalMessage: number;
}

export const messagesApi = {
  /** The caller's messages, newest first; isRead 0 = unread only, 1 = read only. */
  list: (pageNum: number, pageSize: number, isRead?: 0 | 1) =>
    api('get', '/wxy-system-server/ms/list/{pageNum}/{pageSize}', { path: { pageNum, pageSize }, query: isRead === undefined ? {} : { isRead } }),
  read: (id: number) => api('put', '/wxy-system-server/ms/read/{id}', { path: { id } }),
  /** Marks the given ids read, or (no ids) every unread message: the server takes "all" only when asked by name. */
  batchRead: (ids?: number[]) => api('post', '/wxy-system-server/ms/batch/read', { body: ids ? { ids } : { all: true } }),
  publishVersion: (body: { version: string; content: string }) => api('post', '/wxy-system-server/ms/version/publish', { body }, { silent: true }),
};
