import { describe, expect, it } from 'vitest';
import { cacheName, shellRoute, staleCaches } from './shellRules';

const origin = 'https://shop.example.com';
const precached = new Set(['/index.html', '/assets/index-abc.js', '/assets/RetailOrderPage-def.js', '/assets/index-abc.css']);
const nav = (path: string) => ({ method: 'GET', mode: 'navigate', url: origin + path });
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: origin + path });

describe('the register\'s offline shell answers', () => {
  it('a navigation to the register (either one, with a query) with the cached shell; any other page from the network', () => {
    expect(shellRoute(nav('/orderInfo/retailOrder'), origin, precached)).toBe('shell');
    expect(shellRoute(nav('/orderInfo/practiceCash?x=1'), origin, precached)).toBe('shell');
    // The back-office, even under the same folder, is never served from this cache.
    for (const path of ['/', '/home/index', '/orderInfo/retailOrderList', '/orderInfo/order', '/login']) expect(shellRoute(nav(path), origin, precached)).toBe('network');
  });

  it('the files it precached from the cache; the API, writes, other files and other origins from the network', () => {
    expect(shellRoute(get('/assets/RetailOrderPage-def.js', 'no-cors'), origin, precached)).toBe('precached');
    expect(shellRoute(get('/assets/index-abc.css'), origin, precached)).toBe('precached');
    expect(shellRoute(get('/assets/SysPrintTemPage-xyz.js'), origin, precached)).toBe('network');
    expect(shellRoute(get('/api/wxy-system-server/user/permissions'), origin, precached)).toBe('network');
    expect(shellRoute(get('/assets/index-abc.js?v=2'), origin, precached)).toBe('network');
    expect(shellRoute({ method: 'POST', mode: 'cors', url: `${origin}/assets/index-abc.js` }, origin, precached)).toBe('network');
    expect(shellRoute(get('/assets/index-abc.js'), 'https://other.example.com', precached)).toBe('network');
  });

  it('an activated version deletes its own scope\'s older caches, never the other register\'s nor other caches', () => {
    const retail = `${origin}/orderInfo/retailOrder`;
    const practice = `${origin}/orderInfo/practiceCash`;
    const names = [cacheName(retail, 'v1'), cacheName(retail, 'v2'), cacheName(practice, 'v1'), 'someone-else'];
    expect(staleCaches(names, retail, 'v2')).toEqual([cacheName(retail, 'v1')]);
    expect(staleCaches(names, practice, 'v1')).toEqual([]);
  });
});
