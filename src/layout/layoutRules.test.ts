import { describe, expect, it } from 'vitest';
import { documentBranding } from './branding';
import { isMobileUserAgent, isMobileWidth, mobileRootFontSize } from './device';

describe('mobile mode', () => {
  it('switches below 992 px of body width', () => {
    expect(isMobileWidth(375)).toBe(true);
    expect(isMobileWidth(992)).toBe(true);
    expect(isMobileWidth(993)).toBe(false);
    expect(isMobileWidth(1440)).toBe(false);
  });
  it('sets the root font to viewport width / 7.5 on phones', () => {
    expect(mobileRootFontSize(375)).toBe(50);
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36')).toBe(false);
  });
});

describe('document branding', () => {
  const tenant = { id: 1, tenantName: '演示连锁', domain: 'demo.example.com', logo: null, menuLogo: null, recordNumber: null, mainIndustry: 1 };
  const base = { appName: '零售连锁管理后台', appDescription: '后台' };
  it('uses the tenant name on the tenant host', () => {
    expect(documentBranding({ ...base, tenant, host: 'demo.example.com', pageTitle: '用户列表' })).toEqual({ title: '用户列表 - 演示连锁', description: '演示连锁' });
  });
  it('uses the product name elsewhere', () => {
    expect(documentBranding({ ...base, tenant, host: '127.0.0.1:8080' })).toEqual({ title: '零售连锁管理后台', description: '后台' });
  });
});
