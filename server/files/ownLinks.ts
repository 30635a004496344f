/**
 * Reads a file named by one of this server's own signed file links (`/api/wxy-file-server/video/downSeeding?…`)
 * straight from the file store, for a server-side job (the print-template PDF) acting for one tenant.
 * Nothing is fetched over the network: the signature is checked, the tenant must be the caller's and the
 * file must still be there; anything else is refused with an error saying why.
 */
import type { AppServices } from '../context.ts';
import { FILE_SERVICE_PREFIX } from './fileInfo.ts';
import { fileServiceOf } from './service.ts';
import { verifySignature } from './signedUrl.ts';

const LINK_PATHS = new Set([`${FILE_SERVICE_PREFIX}/video/downSeeding`, `${FILE_SERVICE_PREFIX}/video/downloadFile`]);

/** Largest file read for one link (a print image; the whole file is held in memory). */
export const OWN_LINK_MAX_BYTES = 20 * 1024 * 1024;

/** Whether `src` has the shape of this server's file link (relative, or absolute on any host). */
export function isOwnFileLink(src: string): boolean {
  try {
    return LINK_PATHS.has(new URL(src, 'http://local').pathname);
  } catch {
    return false;
  }
}

export async function readOwnFileLink(services: AppServices, tenantId: number, src: string): Promise<Uint8Array> {
  let url: URL;
  try {
    url = new URL(src, 'http://local');
  } catch {
    throw new Error('not a file link');
  }
  if (!LINK_PATHS.has(url.pathname)) throw new Error('not a file-service link');
  const q = url.searchParams;
  const objectKey = q.get('videoObjectKey') ?? '';
  const bucket = q.get('videoBucketName') ?? '';
  const linkTenant = Number(q.get('tenantId'));
  const expires = Number(q.get('expires'));
  const sign = q.get('sign') ?? '';
  if (!objectKey || !bucket || !Number.isSafeInteger(linkTenant) || !Number.isSafeInteger(expires) || !sign) throw new Error('incomplete file link');
  if (linkTenant !== tenantId) throw new Error(`file link of another tenant (${linkTenant})`);
  const { store, secret } = fileServiceOf(services);
  if (!verifySignature(await secret(), { tenantId, bucket, objectKey, expires }, sign)) throw new Error('file link expired or badly signed');
  const location = store.objectLocation(tenantId, bucket, objectKey);
  const row = (await services.db.tenant(tenantId, (tx) =>
    tx.query<{ size: number }>(`SELECT file_size::float8 AS size FROM file_object WHERE bucket = $1 AND object_key = $2`, [bucket, objectKey]))).rows[0];
  if (!row) throw new Error('file deleted');
  if (row.size > OWN_LINK_MAX_BYTES) throw new Error(`file too large (${row.size} bytes)`);
  const bytes = await store.readAll(location);
  if (!bytes) throw new Error('file missing from storage');
  return new Uint8Array(bytes);
}
