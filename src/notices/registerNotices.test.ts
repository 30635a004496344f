import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('./noticeActions', () => ({ showVersionDialog: () => calls.push('version-dialog') }));
let underShell = false;
vi.mock('../offline/registerShell', () => ({ hasShellWorker: () => underShell, checkForUpdate: () => calls.push('check-update') }));
vi.mock('../session/sessionGone', () => ({ leaveEndedSession: () => calls.push('leave-session') }));
vi.mock('../realtime/noticeSocket', () => ({
  startNoticeSocket: (opts: { onNotice: (q: string) => void; onSessionRefused: () => void }) => {
    calls.push('socket');
    opts.onNotice('user-message');
    opts.onNotice('version-message');
    opts.onSessionRefused();
    return () => calls.push('stopped');
  },
}));

const { startRegisterNotices } = await import('./registerNotices');

describe('the register\'s notices (the shell\'s socket client)', () => {
  beforeEach(() => {
    calls.length = 0;
    underShell = false;
  });
  it('a version notice opens 更新提示, other notices wait for the shell, a refused session leaves; stop closes the socket', () => {
    const stop = startRegisterNotices('tok', '1');
    expect(calls).toEqual(['socket', 'version-dialog', 'leave-session']);
    stop();
    expect(calls.at(-1)).toBe('stopped');
  });

  it('under the offline shell a version notice asks the worker for the new version (taken when the cart is empty) instead of reloading', () => {
    underShell = true;
    startRegisterNotices('tok', '1')();
    expect(calls).toEqual(['socket', 'check-update', 'leave-session', 'stopped']);
  });
});
