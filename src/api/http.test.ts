// @vitest-environment jsdom
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: unknown[] = [];
const navigations: string[] = [];
vi.mock('../feedback/notify', () => ({ notifyError: (message: unknown) => toasts.push(message) }));
vi.mock('../router/navigation', () => ({
  navigateTo: (to: string) => navigations.push(to),
  currentLocation: () => ({ path: window.location.pathname, fullPath: window.location.pathname + window.location.search }),
}));

const { axiosClient, call, ApiError } = await import('./http');
const client = await axiosClient();
const { loginWithPassword } = await import('./auth');
const { saveToken } = await import('../session/sessionStorage');
const { appState } = await import('../store/appStore');

let sent: InternalAxiosRequestConfig[] = [];
function answer(status: number, body: unknown): AxiosAdapter {
  return async (config) => {
    sent.push(config);
    const response = { data: body, status, statusText: '', headers: {}, config };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
}

beforeEach(() => {
  sent = [];
  toasts.length = 0;
  navigations.length = 0;
  document.cookie = 'Admin-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  sessionStorage.clear();
  appState.tenantId = '1';
  appState.user = null;
});

describe('API client', () => {
  it('sends the session token as Bearer and the tenant header, and returns data', async () => {
    saveToken('tok-1');
    client.defaults.adapter = answer(200, { code: 200, msg: 'ok', data: { n: 1 } });
    await expect(call({ url: '/x' })).resolves.toEqual({ n: 1 });
    expect(sent[0].headers.get('Authorization')).toBe('Bearer tok-1');
    expect(sent[0].headers.get('X-TENANT-ID')).toBe('1');
  });

  it('login sends the Basic client credential and the tenant typed on the login page', async () => {
    client.defaults.adapter = answer(200, { access_token: 't', token_type: 'bearer', expires_in: 1 });
    await loginWithPassword({ username: 'admin', password: 'x', tenantId: '2' });
    expect(sent[0].headers.get('Authorization')).toBe(`Basic ${btoa('wxy-admin:wxy-admin-secret')}`);
    expect(sent[0].headers.get('X-TENANT-ID')).toBe('2');
  });

  it('cancels a call when another tab replaced the cookie token', async () => {
    saveToken('mine');
    document.cookie = 'Admin-Token=someone-else; path=/';
    client.defaults.adapter = answer(200, { code: 200, msg: 'ok', data: null });
    await expect(call({ url: '/x' })).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(0);
    expect(toasts).toEqual([{ key: 'session.loggedOutElsewhere' }]);
    expect(navigations).toEqual(['/login']);
  });

  it('shows the server message of a failure and a 47xx answer goes to login', async () => {
    saveToken('tok');
    client.defaults.adapter = answer(400, { code: 400, msg: '姓名不能为空', data: null });
    await expect(call({ url: '/x' })).rejects.toThrow('姓名不能为空');
    expect(toasts).toEqual([{ text: '姓名不能为空' }]);
    expect(navigations).toEqual([]);

    client.defaults.adapter = answer(401, { code: 4702, msg: '登录已过期', data: null });
    await expect(call({ url: '/x' })).rejects.toMatchObject({ code: 4702 });
    expect(navigations).toEqual(['/login']);
    expect(sessionStorage.getItem('Admin-Token')).toBeNull();
  });

  it('a 47xx answer stays on the page when the call passes hasExitSystem=false', async () => {
    saveToken('tok');
    client.defaults.adapter = answer(401, { code: 4703, msg: '登录已失效', data: null });
    await expect(call({ url: '/x', hasExitSystem: false })).rejects.toMatchObject({ code: 4703 });
    expect(navigations).toEqual([]);
  });

  it('treats a 200 answer with an error code as a failure', async () => {
    saveToken('tok');
    client.defaults.adapter = answer(200, { code: 4030, msg: '您无权限执行该操作', data: null });
    await expect(call({ url: '/x' })).rejects.toThrow('您无权限执行该操作');
  });
});
