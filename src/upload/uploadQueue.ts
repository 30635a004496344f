import { proxy } from 'valtio';

/** Upload item status (spec 000 §3): 0 uploading, 1 decoding (all bytes sent, waiting for the server), 2 done, 3 failed. */
export const UPLOAD_STATUS = { uploading: 0, decoding: 1, done: 2, failed: 3 } as const;
export type UploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];

export interface UploadItem {
  id: string;
  name: string;
  type: string;
  size: number;
  percentage: number;
  uploadStatus: UploadStatus;
  message?: string;
}

/**
 * The one owner of the upload queue panel's state: the items, whether the panel is shown or folded, and
 * the room (px) a page keeps free at the bottom of the window for its own buttons.
 */
export const uploadQueue = proxy({ items: [] as UploadItem[], open: false, folded: false, bottomReserve: 0 });

/** After the last upload succeeds the panel folds itself, so it stops covering the page; failures keep it open. */
export const AUTO_FOLD_MS = 4000;
let autoFold: ReturnType<typeof setTimeout> | undefined;
const allSucceeded = () => uploadQueue.items.length > 0 && uploadQueue.items.every((i) => i.uploadStatus === UPLOAD_STATUS.done);
function scheduleAutoFold(): void {
  clearTimeout(autoFold);
  if (!allSucceeded()) return;
  autoFold = setTimeout(() => {
    if (allSucceeded()) uploadQueue.folded = true;
  }, AUTO_FOLD_MS);
}

/** A page whose action buttons sit at the bottom right keeps `px` free below the panel while it is shown. */
export function reserveUploadQueueBottom(px: number): () => void {
  uploadQueue.bottomReserve = px;
  return () => {
    if (uploadQueue.bottomReserve === px) uploadQueue.bottomReserve = 0;
  };
}

let seq = 0;

export function addUpload(file: { name: string; type: string; size: number }): string {
  const id = `u${Date.now()}-${++seq}`;
  uploadQueue.items.push({ id, name: file.name, type: file.type, size: file.size, percentage: 0, uploadStatus: UPLOAD_STATUS.uploading });
  uploadQueue.open = true;
  clearTimeout(autoFold);
  return id;
}

const find = (id: string) => uploadQueue.items.find((i) => i.id === id);

/** Progress in percent; at 100 the item waits for the server's answer (decoding). */
export function setUploadProgress(id: string, percentage: number): void {
  const item = find(id);
  if (!item || item.uploadStatus >= UPLOAD_STATUS.done) return;
  item.percentage = Math.min(100, Math.max(item.percentage, Math.floor(percentage)));
  item.uploadStatus = item.percentage >= 100 ? UPLOAD_STATUS.decoding : UPLOAD_STATUS.uploading;
}

export function finishUpload(id: string, outcome: { ok: true } | { ok: false; message: string }): void {
  const item = find(id);
  if (!item) return;
  if (outcome.ok) {
    item.percentage = 100;
    item.uploadStatus = UPLOAD_STATUS.done;
  } else {
    item.uploadStatus = UPLOAD_STATUS.failed;
    item.message = outcome.message;
  }
  scheduleAutoFold();
}

export const remainingUploads = (items: readonly UploadItem[]) => items.filter((i) => i.uploadStatus < UPLOAD_STATUS.done).length;

export const showUploadQueue = () => {
  clearTimeout(autoFold);
  uploadQueue.open = true;
  uploadQueue.folded = false;
};
export const toggleUploadQueueFold = () => {
  clearTimeout(autoFold);
  uploadQueue.folded = !uploadQueue.folded;
};
/** Closing hides the panel and forgets finished items; uploads still running stay reachable from the top bar. */
export function closeUploadQueue(): void {
  uploadQueue.open = false;
  uploadQueue.items = uploadQueue.items.filter((i) => i.uploadStatus < UPLOAD_STATUS.done);
}
