import { call, client } from './http';
import { api, type Answer, type MultipartBody } from './typed';
import { TIMEOUT } from './timeouts';

const F = '/wxy-file-server';

/** What the file service answers for a stored file; `url` is a signed inline link (<img>/<video> src). */
export type FileInfo = Answer<'/wxy-file-server/file/info', 'get'>;
/** An upload's chunks so far; `file` once complete. */
export type ChunkState = Answer<'/wxy-file-server/file/chunk-upload/{key}', 'get'>;
/** The fields sent beside a chunk. */
export type ChunkFields = Omit<MultipartBody<'/wxy-file-server/file/chunk-upload'>, 'file'>;

type Progress = (loaded: number) => void;

function formOf(fields: Record<string, string | number>, file: Blob, fileName: string): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', file, fileName);
  return form;
}

/** Upload calls are silent: the uploader retries and then shows one toast itself. */
export const filesApi = {
  upload: (file: File, extra: Record<string, string>, onProgress: Progress) =>
    call<FileInfo | null>({
      method: 'POST',
      url: `${F}/file/upload`,
      data: formOf({ ...extra, fileName: file.name, fileSize: file.size }, file, file.name),
      timeout: TIMEOUT.secondaryClient,
      silent: true,
      onUploadProgress: (e) => onProgress(e.loaded),
    }),
  uploadChunk: (chunk: Blob, fields: ChunkFields, onProgress: Progress) =>
    call<ChunkState>({
      method: 'POST',
      url: `${F}/file/chunk-upload`,
      data: formOf({ ...fields }, chunk, 'blob'),
      timeout: TIMEOUT.secondaryClient,
      silent: true,
      onUploadProgress: (e) => onProgress(e.loaded),
    }),
  chunkState: (key: string) => api('get', '/wxy-file-server/file/chunk-upload/{key}', { path: { key } }, { silent: true }),
  info: (videoObjectKey: string, videoBucketName: string) => api('get', '/wxy-file-server/file/info', { query: { videoObjectKey, videoBucketName } }),
  /** The file as a Blob (spec: download by videoObjectKey and videoBucketName). */
  download: async (videoObjectKey: string, videoBucketName: string): Promise<Blob> =>
    (await client.get<Blob>(`${F}/file/download`, { params: { videoObjectKey, videoBucketName }, responseType: 'blob', timeout: TIMEOUT.download })).data,
};

export const FILE_SERVICE = F;
