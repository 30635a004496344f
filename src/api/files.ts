import { call, client } from './http';
import { TIMEOUT } from './timeouts';

const F = '/wxy-file-server';

/** What the file service answers for a stored file (server/API.md, wxy-file-server). */
export interface FileInfo {
  videoObjectKey: string;
  videoBucketName: string;
  fileType: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  sha256: string;
  /** Signed inline link (images, video with seeking): usable as <img>/<video> src. */
  url: string;
  downloadUrl: string;
  extra: Record<string, string>;
}

export interface ChunkState {
  key: string;
  totalPart: number;
  uploadedParts: number[];
  complete: boolean;
  file: FileInfo | null;
}

export interface ChunkFields {
  currentPart: number;
  size: number;
  totalPart: number;
  fileName: string;
  fileSize: number;
  key: string;
  chunkSha256: string;
}

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
  chunkState: (key: string) => call<ChunkState>({ method: 'GET', url: `${F}/file/chunk-upload/${key}`, silent: true }),
  info: (videoObjectKey: string, videoBucketName: string) => call<FileInfo>({ method: 'GET', url: `${F}/file/info`, params: { videoObjectKey, videoBucketName } }),
  /** The file as a Blob (spec: download by videoObjectKey and videoBucketName). */
  download: async (videoObjectKey: string, videoBucketName: string): Promise<Blob> =>
    (await client.get<Blob>(`${F}/file/download`, { params: { videoObjectKey, videoBucketName }, responseType: 'blob', timeout: TIMEOUT.download })).data,
};

export const FILE_SERVICE = F;
