/**
 * Which files the file service accepts, where each goes and how big it may be (pure).
 * Video types mp4 and ogg go to the permanent video bucket, everything else to the image bucket (spec 000 §7).
 */
export const CHUNK_SIZE = 5_242_880;
export const MAX_TOTAL_PART = 10_000;
/** A single-request upload above this must go through chunks. */
export const SIMPLE_UPLOAD_MAX = 20 * 1024 * 1024;

export const BUCKETS = { video: 'video', image: 'image' } as const;
export type BucketName = (typeof BUCKETS)[keyof typeof BUCKETS];
export const isBucketName = (v: unknown): v is BucketName => v === BUCKETS.video || v === BUCKETS.image;

type Kind = 'video' | 'image' | 'document';
interface TypeRule {
  kind: Kind;
  contentType: string;
}

const MB = 1024 * 1024;
/** Largest file of each kind, with the word the refusal uses. */
export const KIND_LIMITS: Record<Kind, { maxBytes: number; label: string }> = {
  image: { maxBytes: 20 * MB, label: '图片' },
  video: { maxBytes: 2048 * MB, label: '视频' },
  document: { maxBytes: 100 * MB, label: '文档' },
};

// No svg or html: served from our own origin they could carry script.
const TYPES: Record<string, TypeRule> = {
  jpg: { kind: 'image', contentType: 'image/jpeg' },
  jpeg: { kind: 'image', contentType: 'image/jpeg' },
  png: { kind: 'image', contentType: 'image/png' },
  gif: { kind: 'image', contentType: 'image/gif' },
  webp: { kind: 'image', contentType: 'image/webp' },
  bmp: { kind: 'image', contentType: 'image/bmp' },
  mp4: { kind: 'video', contentType: 'video/mp4' },
  ogg: { kind: 'video', contentType: 'video/ogg' },
  pdf: { kind: 'document', contentType: 'application/pdf' },
  doc: { kind: 'document', contentType: 'application/msword' },
  docx: { kind: 'document', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { kind: 'document', contentType: 'application/vnd.ms-excel' },
  xlsx: { kind: 'document', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv: { kind: 'document', contentType: 'text/csv; charset=utf-8' },
  txt: { kind: 'document', contentType: 'text/plain; charset=utf-8' },
  zip: { kind: 'document', contentType: 'application/zip' },
};

export const ACCEPTED_EXTENSIONS = Object.keys(TYPES);

export interface FileTypeInfo {
  ext: string;
  kind: Kind;
  contentType: string;
  bucket: BucketName;
  /** Images and videos may be shown in the page; other types are always sent as attachments. */
  inline: boolean;
}

export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

export type TypeCheck = { ok: true; type: FileTypeInfo } | { ok: false; status: 413 | 415; msg: string };

/** Decides bucket and limit for a file name and size; refusals carry the Chinese message the user sees. */
export function checkFile(fileName: string, fileSize: number): TypeCheck {
  const ext = extensionOf(fileName);
  const rule = TYPES[ext];
  if (!rule) return { ok: false, status: 415, msg: `不支持的文件类型${ext ? `：${ext}` : ''}，仅支持 ${ACCEPTED_EXTENSIONS.join('、')}` };
  const limit = KIND_LIMITS[rule.kind];
  if (fileSize > limit.maxBytes) return { ok: false, status: 413, msg: `${limit.label}不能超过 ${limit.maxBytes / MB} MB` };
  return {
    ok: true,
    type: { ext, kind: rule.kind, contentType: rule.contentType, bucket: rule.kind === 'video' ? BUCKETS.video : BUCKETS.image, inline: rule.kind !== 'document' },
  };
}

export const contentTypeOf = (objectKey: string): FileTypeInfo | undefined => {
  const r = checkFile(objectKey, 0);
  return r.ok ? r.type : undefined;
};

/**
 * A display file name: no directory parts, no control characters, at most 128 characters.
 * A name that fails is refused rather than silently rewritten.
 */
export function isSafeFileName(name: string): boolean {
  return name.length > 0 && name.length <= 128 && !/[\u0000-\u001f\u007f/\\]/.test(name) && name !== '.' && name !== '..';
}

/** Object keys are minted by the server: `<yyyymm>/<uuid>.<ext>`; anything else is refused before touching the disk. */
export const OBJECT_KEY_PATTERN = /^\d{6}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;
/** Upload session keys are chosen by the client. */
export const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Parts of a chunked upload: every part is `chunkSize` bytes except the last. */
export function expectedPartSize(fileSize: number, chunkSize: number, totalPart: number, part: number): number {
  return part < totalPart ? chunkSize : fileSize - (totalPart - 1) * chunkSize;
}

export const partCount = (fileSize: number, chunkSize: number) => Math.max(1, Math.ceil(fileSize / chunkSize));
