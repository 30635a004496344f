import { DOCUMENT_LINK_SECONDS, signedQuery, VIDEO_LINK_SECONDS } from './signedUrl.ts';

export const FILE_SERVICE_PREFIX = '/api/wxy-file-server';

/** A file_object row as the routes read it. */
export interface StoredFile {
  bucket: string;
  object_key: string;
  file_name: string;
  file_type: string;
  content_type: string;
  file_size: number;
  sha256: string;
  extra: Record<string, string>;
  created_at: Date;
}

export const STORED_FILE_SELECT = `SELECT bucket, object_key, file_name, file_type, content_type, file_size::float8 AS file_size, sha256, extra, created_at
  FROM file_object`;

/** What an upload answers: the spec's video-file fields plus signed links a <video>/<img> can open. */
export interface FileInfo {
  videoObjectKey: string;
  videoBucketName: string;
  fileType: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  sha256: string;
  /** Inline link with range support (video seeking, images). */
  url: string;
  /** The same file as an attachment. */
  downloadUrl: string;
  extra: Record<string, string>;
}

export function fileInfo(row: StoredFile, tenantId: number, secret: Buffer, nowSeconds = Math.floor(Date.now() / 1000)): FileInfo {
  // Images are kept in rows (avatars, pictures, templates): their link never expires but opens only with a
  // session of the tenant. Other documents' links are keys of their own and last an hour; videos long enough to watch.
  const expires = row.bucket !== 'image' ? nowSeconds + VIDEO_LINK_SECONDS : row.content_type.startsWith('image/') ? 0 : nowSeconds + DOCUMENT_LINK_SECONDS;
  const query = signedQuery(secret, { tenantId, bucket: row.bucket, objectKey: row.object_key, expires });
  return {
    videoObjectKey: row.object_key,
    videoBucketName: row.bucket,
    fileType: row.file_type,
    fileName: row.file_name,
    fileSize: row.file_size,
    contentType: row.content_type,
    sha256: row.sha256,
    url: `${FILE_SERVICE_PREFIX}/video/downSeeding?${query}`,
    downloadUrl: `${FILE_SERVICE_PREFIX}/video/downloadFile?${query}`,
    extra: row.extra ?? {},
  };
}

export const fileInfoSchema = {
  type: 'object',
  properties: {
    videoObjectKey: { type: 'string' },
    videoBucketName: { type: 'string' },
    fileType: { type: 'string' },
    fileName: { type: 'string' },
    fileSize: { type: 'integer' },
    contentType: { type: 'string' },
    sha256: { type: 'string' },
    url: { type: 'string' },
    downloadUrl: { type: 'string' },
    extra: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/** Progress of a chunked upload: which parts the server holds, and the file once joined. */
export interface ChunkState {
  key: string;
  totalPart: number;
  uploadedParts: number[];
  complete: boolean;
  file: FileInfo | null;
}

export const chunkStateSchema = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    totalPart: { type: 'integer' },
    uploadedParts: { type: 'array', items: { type: 'integer' } },
    complete: { type: 'boolean' },
    file: { anyOf: [fileInfoSchema, { type: 'null' }] },
  },
} as const;
