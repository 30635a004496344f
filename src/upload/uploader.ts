import { ApiError } from '../api/http';
import { filesApi, type ChunkState, type FileInfo } from '../api/files';
import { notifyError } from '../feedback/notify';
import { i18n } from '../i18n/i18n';
import { appState } from '../store/appStore';
import { CHUNK_SIZE, missingParts, planChunks, uploadKeySource, uploadedBytes, useChunks, withRetries, type ChunkPart } from './chunkPlan';
import { sha256Hex } from './sha256';
import { addUpload, finishUpload, setUploadProgress } from './uploadQueue';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.httpStatus : undefined);

/**
 * Uploads one file and shows it in the upload queue panel. Files above one chunk (5,242,880 bytes) go
 * through the resumable chunked upload; smaller ones in one request. On failure the item is marked
 * failed and the server's message (or 网络错误) shows for 3 seconds. Resolves with the stored file, or null.
 *
 * @example
 * const info = await uploadFile(file, { purpose: 'avatar' });
 * if (info) setAvatar(info.url);
 */
export async function uploadFile(file: File, extra: Record<string, string> = {}): Promise<FileInfo | null> {
  const id = addUpload(file);
  const progress = (loaded: number) => setUploadProgress(id, file.size ? (loaded / file.size) * 100 : 100);
  try {
    const info = useChunks(file.size) ? await uploadInChunks(file, progress) : await filesApi.upload(file, extra, progress);
    if (!info) throw new ApiError(i18n.t('http.networkError'), undefined, undefined);
    finishUpload(id, { ok: true });
    return info;
  } catch (error) {
    const message = error instanceof ApiError && error.message ? error.message : i18n.t('http.networkError');
    finishUpload(id, { ok: false, message });
    notifyError({ text: message }, 3000);
    return null;
  }
}

async function uploadInChunks(file: File, progress: (loaded: number) => void): Promise<FileInfo | null> {
  const key = (await sha256Hex(new TextEncoder().encode(uploadKeySource(appState.user?.userId ?? '', file)).buffer as ArrayBuffer)).slice(0, 40);
  const plan = planChunks(file.size);
  let state = await withRetries(() => filesApi.chunkState(key), statusOf);
  // Two passes: the second sends again any part the server found damaged while joining.
  for (let pass = 0; pass < 2 && !state.complete; pass++) {
    const done = new Set(state.totalPart === plan.length ? state.uploadedParts : []);
    let todo = missingParts(plan, [...done]);
    // Every part is there but the join did not happen (it failed earlier): the last part triggers it again.
    if (todo.length === 0) todo = [plan[plan.length - 1]];
    for (const part of todo) {
      state = await sendPart(file, key, plan, part, (loaded) => progress(uploadedBytes(plan, done, { part: part.part, loaded })));
      done.add(part.part);
      progress(uploadedBytes(plan, done));
    }
  }
  return state.file;
}

async function sendPart(file: File, key: string, plan: ChunkPart[], part: ChunkPart, onProgress: (loaded: number) => void): Promise<ChunkState> {
  const chunk = file.slice(part.start, part.end);
  const chunkSha256 = await sha256Hex(await chunk.arrayBuffer());
  const fields = { currentPart: part.part, size: CHUNK_SIZE, totalPart: plan.length, fileName: file.name, fileSize: file.size, key, chunkSha256 };
  return withRetries(() => filesApi.uploadChunk(chunk, fields, onProgress), statusOf);
}
