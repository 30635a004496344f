import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAnswers, keepAnswer, keptAnswer, keptState, orKept, sessionOwner } from './keptAnswers';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
});
const unreachable = Object.assign(new Error('网络错误'), { httpStatus: undefined });
const refused = Object.assign(new Error('无权限'), { httpStatus: 403 });

describe('answers kept for the register\'s start without network', () => {
  beforeEach(() => {
    store.clear();
    keptState.usedAt = null;
  });

  it('keeps what the server answered and gives it back only when the server cannot be reached', async () => {
    expect(await orKept('shift', async () => ({ classId: 1 }))).toEqual({ classId: 1 });
    expect(keptState.usedAt).toBeNull();
    expect(await orKept('shift', () => Promise.reject(unreachable))).toEqual({ classId: 1 });
    expect(keptState.usedAt).toEqual(expect.any(Number));
    // A refusal is the server's answer: it is not hidden behind an old copy.
    await expect(orKept('shift', () => Promise.reject(refused))).rejects.toBe(refused);
    // Nothing kept: the failure as it was.
    await expect(orKept('other', () => Promise.reject(unreachable))).rejects.toBe(unreachable);
  });

  it('a newer answer replaces the kept one (an empty one too: a shift handed over stays handed over)', async () => {
    await orKept('shift', async () => ({ classId: 1 }));
    await orKept('shift', async () => null);
    expect(await orKept('shift', () => Promise.reject(unreachable))).toBeNull();
  });

  it('a kept session is read back by the same session only (tenant and token)', () => {
    const mine = sessionOwner('1', 'token-a');
    keepAnswer('session', { user: 'admin' }, mine);
    expect(keptAnswer('session', mine)?.value).toEqual({ user: 'admin' });
    expect(keptAnswer('session', sessionOwner('1', 'token-b'))).toBeNull();
    expect(keptAnswer('session', sessionOwner('2', 'token-a'))).toBeNull();
  });

  it('a logout forgets every kept answer, and nothing else of the browser', async () => {
    keepAnswer('session', { user: 'admin' }, sessionOwner('1', 'token-a'));
    await orKept('shift', async () => ({ classId: 1 }));
    store.set('tenantId', '1');
    forgetAnswers();
    expect([...store.keys()]).toEqual(['tenantId']);
    await expect(orKept('shift', () => Promise.reject(unreachable))).rejects.toBe(unreachable);
  });
});
