import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no type declarations
import { precompressDir } from '../../scripts/precompress.mjs';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Served like a production web app (issue 30): the build's brotli and gzip copies sent by content negotiation, hashed
 * files cached for a year, index.html never, and API answers above 1 KB compressed for a client that accepts it.
 */
describe('the SPA and the API on the wire', () => {
  let s: TestServer;
  let dist: string;
  const app = `console.log(${JSON.stringify('零售后台 '.repeat(2000))});\n`;
  const html = `<!doctype html><html><head><title>零售后台</title><script type="module" src="/assets/index-Bx3k9Q.js"></script></head><body>${'<div></div>'.repeat(300)}</body></html>`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'wxy-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'branding'));
    writeFileSync(path.join(dist, 'index.html'), html);
    writeFileSync(path.join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`);
    writeFileSync(path.join(dist, 'assets', 'index-Bx3k9Q.js'), app);
    writeFileSync(path.join(dist, 'branding', 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    await precompressDir(dist);
    s = await startTestServer({ config: { staticDir: dist } });
  });
  afterAll(async () => {
    await s?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) => s.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('a hashed file: brotli to a browser that takes it, gzip to one that takes only that, raw to the rest; kept a year', async () => {
    const br = await get('/assets/index-Bx3k9Q.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(app);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(app) / 10);

    const gz = await get('/assets/index-Bx3k9Q.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(app);

    const plain = await get('/assets/index-Bx3k9Q.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(app);
  });

  it('index.html, at any path of the app, is compressed and never cached; other files an hour', async () => {
    for (const url of ['/', '/system/user']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
    // The register's service worker names the build's files: never cached either (a new build is a new worker at once).
    const sw = await get('/sw.js', 'br, gzip');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const logo = await get('/branding/logo.svg', 'gzip');
    expect(logo.headers['content-encoding']).toBe('gzip');
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('API answers above 1 KB are compressed for a client that accepts it; small ones and other clients get them raw', async () => {
    const token = await s.login('admin', 'admin123');
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1' };
    const url = '/api/wxy-system-server/user/permissions';
    const raw = await s.app.inject({ method: 'GET', url, headers });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.length).toBeGreaterThan(1024);

    const br = await s.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(raw.json());

    const gz = await s.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(raw.json());

    const small = await s.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
