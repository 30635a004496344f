import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
const hidden: string[] = [];
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (n: { message: string }) => {
      shown.push(n.message);
      return `toast-${shown.length}`;
    },
    hide: (id: string) => void hidden.push(id),
  },
}));

const { clearPageToasts, notifySuccess, TOAST_CARRY_MS } = await import('./notify');

describe('toasts on a page change', () => {
  beforeEach(() => {
    hidden.length = 0;
  });

  it('the toasts of the page left go; one shown by the step that changed the page (保存, then the list) stays', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    notifySuccess({ text: '验证码已发送' });
    vi.setSystemTime(1_000_000 + TOAST_CARRY_MS + 10);
    notifySuccess({ text: '已保存' });
    clearPageToasts();
    expect(hidden).toEqual(['toast-1']);
    clearPageToasts(Date.now() + TOAST_CARRY_MS + 10);
    expect(hidden).toEqual(['toast-1', 'toast-2']);
    vi.useRealTimers();
  });
});
