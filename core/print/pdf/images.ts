/**
 * Image loading for the PDF: up to 10 attempts, 500 ms apart (spec 001 §9), then the element shows
 * its failure instead of the picture. The loader is the caller's: the browser fetches, the server
 * decodes data: addresses and reads its own signed file links from its store (it never fetches a URL a
 * template names).
 */
export type ImageBytesLoader = (src: string) => Promise<Uint8Array>;

export const IMAGE_RETRY = { attempts: 10, delayMs: 500 } as const;

export async function loadWithRetry(
  src: string,
  load: ImageBytesLoader,
  retry: { attempts: number; delayMs: number } = IMAGE_RETRY,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<Uint8Array> {
  let last: unknown;
  for (let attempt = 1; attempt <= retry.attempts; attempt++) {
    try {
      return await load(src);
    } catch (e) {
      last = e;
      if (attempt < retry.attempts) await sleep(retry.delayMs);
    }
  }
  throw last instanceof Error ? last : new Error(String(last));
}

/** Bytes of a data: URL (base64 or percent-encoded). */
export function dataUrlBytes(src: string): Uint8Array {
  const m = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(src);
  if (!m) throw new Error('not a data: URL');
  if (m[2]) {
    const bin = atob(m[3].replace(/\s/g, ''));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  return new TextEncoder().encode(decodeURIComponent(m[3]));
}

/** data: URLs decoded, anything else fetched (the browser's loader). */
export const fetchImageBytes: ImageBytesLoader = async (src) => {
  if (src.startsWith('data:')) return dataUrlBytes(src);
  const res = await fetch(src);
  if (!res.ok) throw new Error(`HTTP ${res.status} ${src}`);
  return new Uint8Array(await res.arrayBuffer());
};

/** Only data: URLs (the server's loader: no outbound requests chosen by a template). */
export const dataUrlOnly: ImageBytesLoader = async (src) => {
  if (!src.startsWith('data:')) throw new Error('only data: images are rendered on the server');
  return dataUrlBytes(src);
};

export type ImageKind = 'png' | 'jpg';

export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  return null;
}
