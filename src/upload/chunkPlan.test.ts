import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_SIZE, isRetryable, missingParts, planChunks, uploadedBytes, useChunks, withRetries } from './chunkPlan';
import { sha256Hex, sha256Js } from './sha256';

describe('planChunks', () => {
  it('cuts a 12 MB file into two full parts and the rest, numbered from 1', () => {
    const size = 12 * 1024 * 1024;
    expect(planChunks(size)).toEqual([
      { part: 1, start: 0, end: CHUNK_SIZE },
      { part: 2, start: CHUNK_SIZE, end: 2 * CHUNK_SIZE },
      { part: 3, start: 2 * CHUNK_SIZE, end: size },
    ]);
  });
  it('an exact multiple has no empty tail; an empty file is one empty part', () => {
    expect(planChunks(2 * CHUNK_SIZE).length).toBe(2);
    expect(planChunks(0)).toEqual([{ part: 1, start: 0, end: 0 }]);
  });
  it('only files above one chunk are chunked', () => {
    expect(useChunks(CHUNK_SIZE)).toBe(false);
    expect(useChunks(CHUNK_SIZE + 1)).toBe(true);
  });
  it('resumes with the parts the server lacks and counts their bytes as done', () => {
    const plan = planChunks(3 * CHUNK_SIZE);
    expect(missingParts(plan, [1, 3]).map((p) => p.part)).toEqual([2]);
    expect(uploadedBytes(plan, new Set([1, 3]), { part: 2, loaded: 100 })).toBe(2 * CHUNK_SIZE + 100);
  });
});

describe('withRetries', () => {
  const fail = (status?: number) => Object.assign(new Error('x'), { status });
  const statusOf = (e: unknown) => (e as { status?: number }).status;
  const sleep = vi.fn(async () => undefined);

  it('a chunk that fails twice on the network succeeds on the third try', async () => {
    let calls = 0;
    const result = await withRetries(async () => {
      calls++;
      if (calls < 3) throw fail(undefined);
      return 'ok';
    }, statusOf, { sleep });
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after the first try plus 3 retries, with the last error', async () => {
    let calls = 0;
    await expect(withRetries(async () => {
      calls++;
      throw fail(502);
    }, statusOf, { sleep })).rejects.toMatchObject({ status: 502 });
    expect(calls).toBe(4);
  });

  it('does not repeat a request the server refused for what it is (type, size, key)', async () => {
    for (const status of [400, 409, 413, 415]) {
      let calls = 0;
      await expect(withRetries(async () => {
        calls++;
        throw fail(status);
      }, statusOf, { sleep })).rejects.toBeTruthy();
      expect(calls).toBe(1);
    }
    expect(isRetryable(422)).toBe(true);
  });
});

describe('sha256', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const buffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

  it('gives the FIPS 180-2 vectors', async () => {
    const vectors: Array<[string, string]> = [
      ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
      ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
      ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
    ];
    for (const [input, want] of vectors) {
      expect(sha256Js(utf8(input))).toBe(want);
      expect(await sha256Hex(buffer(utf8(input)))).toBe(want);
    }
  });

  it('the JS fallback equals Web Crypto and node for sizes around block edges', async () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 1000, 70_001]) {
      const data = randomBytes(n);
      const want = createHash('sha256').update(data).digest('hex');
      expect(sha256Js(new Uint8Array(data))).toBe(want);
      expect(await sha256Hex(buffer(data))).toBe(want);
    }
  });

  it('hashes a whole chunk in JS on a page without Web Crypto (plain http on a LAN address)', async () => {
    const data = randomBytes(CHUNK_SIZE);
    const want = createHash('sha256').update(data).digest('hex');
    vi.stubGlobal('crypto', undefined);
    try {
      expect(globalThis.crypto?.subtle).toBeUndefined();
      expect(await sha256Hex(buffer(data))).toBe(want);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(globalThis.crypto?.subtle).toBeDefined();
  });
});
