import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/** Calls on descriptor resources shared by the API tests: a caller bound to a token, xlsx templates filled and uploaded, permission grants. */

export type Json = Record<string, any>;
export interface ResourceAnswer {
  status: number;
  json: Json;
  body: string;
  raw: Buffer;
}
export type Caller = (method: string, url: string, body?: unknown) => Promise<ResourceAnswer>;

/** A caller for `/api/<url>` as `token` of `tenant`; `json` is `{}` for answers that are not JSON (exports, templates). */
export const callerFor =
  (s: TestServer, token: string, tenant = 1): Caller =>
  async (method, url, body) => {
    const res = await s.call(method, `/api/${url}`, { token, tenant, body });
    return { status: res.statusCode, json: String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as Json) : {}, body: res.body, raw: res.rawPayload };
  };

/** Fills a downloaded import template: one row per object keyed by column title (unknown titles are ignored). */
export async function fillTemplate(template: Buffer, rows: Record<string, unknown>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as never);
  const ws = wb.worksheets[0];
  const titles = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  for (const r of rows) ws.addRow(titles.map((t) => r[t] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The column titles of an xlsx answer's first sheet. */
export async function headerOf(xlsx: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as never);
  return (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
}

/** Uploads an xlsx file as the request body, as the browser's import does. */
export const uploadXlsx = (s: TestServer, token: string, url: string, file: Buffer, tenant = 1) =>
  s.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': String(tenant), 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    payload: file,
  });

/** Grants tenant 1's shop_staff role (shop01) the menu button holding `perm`, as an administrator would. */
export async function grantShopStaff(s: TestServer, perm: string): Promise<void> {
  const grant = await s.db.tenant(1, (tx) =>
    tx.query(`INSERT INTO sys_role_menu(tenant_id, role_id, menu_id) SELECT 1, r.id, m.id FROM sys_role r, sys_menu m WHERE r.code = 'shop_staff' AND m.perms = $1`, [perm]),
  );
  expect(grant.rowCount, perm).toBe(1);
}

/** Makes `userName` (tenant 1) work at `shopId` (sys_user_shop): a cashier sells only at the shops they work at. */
export async function worksAt(s: TestServer, userName: string, shopId: number): Promise<void> {
  await s.db.tenant(1, (tx) =>
    tx.query(`INSERT INTO sys_user_shop(tenant_id, user_id, shop_id) SELECT 1, id, $2 FROM sys_user WHERE user_name = $1 ON CONFLICT DO NOTHING`, [userName, shopId]),
  );
}

/** A 1×1 PNG: the smallest real image the file service takes. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads TINY_PNG as `name` through file/upload, as the browser's FormData does; answers the stored file's info. */
export async function uploadPng(s: TestServer, token: string, name: string, tenant = 1): Promise<{ videoObjectKey: string; videoBucketName: string }> {
  const boundary = `----wxy${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\n${name}\r\n--${boundary}\r\nContent-Disposition: form-data; name="fileSize"\r\n\r\n${TINY_PNG.length}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    TINY_PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.app.inject({ method: 'POST', url: '/api/wxy-file-server/file/upload', headers: { authorization: `Bearer ${token}`, 'x-tenant-id': String(tenant), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
