import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_FOLD_MS, addUpload, finishUpload, reserveUploadQueueBottom, toggleUploadQueueFold, uploadQueue } from './uploadQueue';

const file = (name: string) => ({ name, type: 'image/png', size: 10 });

describe('upload queue panel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(uploadQueue, { items: [], open: false, folded: false, bottomReserve: 0 });
  });
  afterEach(() => vi.useRealTimers());

  it('folds itself a moment after every upload has succeeded, keeping the finished items', () => {
    const a = addUpload(file('a.png'));
    const b = addUpload(file('b.png'));
    finishUpload(a, { ok: true });
    vi.advanceTimersByTime(AUTO_FOLD_MS * 2);
    expect(uploadQueue.folded).toBe(false); // b still running
    finishUpload(b, { ok: true });
    vi.advanceTimersByTime(AUTO_FOLD_MS - 1);
    expect(uploadQueue.folded).toBe(false);
    vi.advanceTimersByTime(1);
    expect(uploadQueue.folded).toBe(true);
    expect(uploadQueue.open).toBe(true);
    expect(uploadQueue.items.map((i) => i.name)).toEqual(['a.png', 'b.png']);
  });

  it('stays open on a failure, on a new upload, and when the user folded or unfolded it meanwhile', () => {
    const a = addUpload(file('a.png'));
    finishUpload(a, { ok: false, message: '图片不能超过 20 MB' });
    vi.advanceTimersByTime(AUTO_FOLD_MS * 2);
    expect(uploadQueue.folded).toBe(false);

    Object.assign(uploadQueue, { items: [] });
    const b = addUpload(file('b.png'));
    finishUpload(b, { ok: true });
    addUpload(file('c.png'));
    vi.advanceTimersByTime(AUTO_FOLD_MS * 2);
    expect(uploadQueue.folded).toBe(false);

    Object.assign(uploadQueue, { items: [] });
    finishUpload(addUpload(file('d.png')), { ok: true });
    toggleUploadQueueFold();
    toggleUploadQueueFold();
    vi.advanceTimersByTime(AUTO_FOLD_MS * 2);
    expect(uploadQueue.folded).toBe(false);
  });

  it('keeps the room a page reserves below the panel until the page lets it go', () => {
    const release = reserveUploadQueueBottom(56);
    expect(uploadQueue.bottomReserve).toBe(56);
    release();
    expect(uploadQueue.bottomReserve).toBe(0);
  });
});
