import { afterEach, describe, expect, it, vi } from 'vitest';

const warnings: unknown[] = [];
vi.mock('../feedback/notify', () => ({ notifyWarning: (message: unknown) => warnings.push(message) }));

const { loadOrReload } = await import('./lazyPage');

describe('a page chunk that cannot load', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    warnings.length = 0;
  });

  it('warns 服务器版本已更新 and reloads after 1 second', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.stubGlobal('window', { setTimeout: globalThis.setTimeout, location: { reload } });
    let settled = false;
    void loadOrReload(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(warnings).toEqual([{ key: 'chunk.reloading' }]);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
  });

  it('loads normally otherwise', async () => {
    await expect(loadOrReload(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({ default: 'page' });
    expect(warnings).toEqual([]);
  });
});
