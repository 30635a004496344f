import { describe, expect, it } from 'vitest';
import { describeFailure, isStaleSession } from './failure';

const at = { currentPath: '/systemManage/userList', currentFullPath: '/systemManage/userList?keyword=a' };

describe('call failures', () => {
  it('HTTP 404 shows 请求地址不存在', () => {
    expect(describeFailure({ ...at, httpStatus: 404, code: 404, msg: 'Not Found' })).toMatchObject({ message: { key: 'http.notFound' }, goTo: null });
    expect(describeFailure({ ...at, httpStatus: 404 })).toMatchObject({ message: { key: 'http.notFound' } });
  });
  it('a record-not-found answer keeps the server message', () => {
    expect(describeFailure({ ...at, httpStatus: 404, code: 4040, msg: '用户不存在' }).message).toEqual({ text: '用户不存在' });
  });
  it('other errors show the server message for 3 seconds, or 网络错误 without one', () => {
    expect(describeFailure({ ...at, httpStatus: 400, code: 400, msg: '手机号码格式错误' })).toEqual({ message: { text: '手机号码格式错误' }, durationMs: 3000, goTo: null });
    expect(describeFailure({ ...at })).toEqual({ message: { key: 'http.networkError' }, durationMs: 3000, goTo: null });
    expect(describeFailure({ ...at, httpStatus: 500, msg: '  ' }).message).toEqual({ key: 'http.networkError' });
  });
  it('47xx codes go to /login', () => {
    expect(describeFailure({ ...at, httpStatus: 401, code: 4702, msg: '登录已过期' })).toMatchObject({ message: { text: '登录已过期' }, goTo: '/login' });
  });
  it('47xx on an h5 page goes to h5 login with the page to return to', () => {
    const outcome = describeFailure({ currentPath: '/h5/scanCode', currentFullPath: '/h5/scanCode?id=1', httpStatus: 401, code: '4701' });
    expect(outcome.goTo).toBe('/h5/h5Login?redirect=%2Fh5%2FscanCode%3Fid%3D1');
  });
  it('47xx stays on the page when the call passed hasExitSystem=false', () => {
    expect(describeFailure({ ...at, code: 4703, hasExitSystem: false }).goTo).toBeNull();
  });
});

describe('token check before each call', () => {
  it('cancels when another tab changed the cookie token', () => {
    expect(isStaleSession('new', 'old', '/home/index')).toBe(true);
    expect(isStaleSession(undefined, 'old', '/home/index')).toBe(true);
    expect(isStaleSession('same', 'same', '/home/index')).toBe(false);
    expect(isStaleSession(undefined, null, '/login')).toBe(false);
  });
  it('never cancels on h5 pages or device activation', () => {
    expect(isStaleSession('new', 'old', '/h5/scanCode')).toBe(false);
    expect(isStaleSession('new', 'old', '/baseInfo/deviceActive')).toBe(false);
  });
});
