import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a chunk, as hex: the checksum the chunked upload sends with every part.
 * Web Crypto where the page has it; it is missing on plain-http pages that are not localhost
 * (a shop's LAN address), so @noble/hashes (audited, pure JS) stands in there.
 */
export async function sha256Hex(data: ArrayBuffer): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', data)));
  return sha256Js(new Uint8Array(data));
}

/** The JS SHA-256 (no Web Crypto needed), as hex. */
export function sha256Js(data: Uint8Array): string {
  return bytesToHex(sha256(data));
}
