import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zhCN } from './zh-CN';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));
}

describe('shell translations', () => {
  it('English covers every Chinese key, so no English user sees a raw key', () => {
    expect(keys(en).sort()).toEqual(keys(zhCN).sort());
  });
  it('has the exact Chinese messages of the error catalogue', () => {
    expect(zhCN.http.notFound).toBe('请求地址不存在');
    expect(zhCN.http.networkError).toBe('网络错误');
    expect(zhCN.session.loggedOutElsewhere).toBe('当前登录帐户已退出登录，请重新登录！');
    expect(zhCN.guard).toEqual({ noPagePermission: '您无该页面的权限', noMenus: '无任何权限!', verifyFailed: '验证失败，请重新登录' });
    expect(zhCN.chunk.reloading).toBe('服务器版本已更新，正在刷新本地缓存，请稍后...');
    expect(zhCN.validation.phone).toBe('手机号码有误，请重填!');
  });
});
