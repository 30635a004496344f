/**
 * Chunked upload plan and retry rule (pure): 5,242,880-byte parts, each sent up to 1 + 3 times
 * (spec 000 §9), skipping the parts the server already holds.
 */
export const CHUNK_SIZE = 5_242_880;
export const CHUNK_RETRIES = 3;
/** Above one chunk a file goes through the chunked upload; at or below, one request. */
export const useChunks = (fileSize: number) => fileSize > CHUNK_SIZE;

export interface ChunkPart {
  /** 1-based, as the server counts. */
  part: number;
  start: number;
  end: number;
}

export function planChunks(fileSize: number, chunkSize = CHUNK_SIZE): ChunkPart[] {
  const total = Math.max(1, Math.ceil(fileSize / chunkSize));
  return Array.from({ length: total }, (_, i) => ({ part: i + 1, start: i * chunkSize, end: Math.min(fileSize, (i + 1) * chunkSize) }));
}

/** The parts still to send after the server said which it has. */
export const missingParts = (plan: ChunkPart[], uploaded: readonly number[]) => {
  const have = new Set(uploaded);
  return plan.filter((p) => !have.has(p.part));
};

/** Bytes done for the progress bar: parts the server has, plus the part in flight. */
export function uploadedBytes(plan: ChunkPart[], doneParts: ReadonlySet<number>, inFlight?: { part: number; loaded: number }): number {
  let n = 0;
  for (const p of plan) if (doneParts.has(p.part)) n += p.end - p.start;
  if (inFlight && !doneParts.has(inFlight.part)) n += inFlight.loaded;
  return n;
}

/**
 * Whether a failed chunk is worth sending again: no answer (network), a server error, a timeout, or
 * a checksum refusal (bytes damaged on the way). Refusals of the request itself (type, size, key) are final.
 */
export function isRetryable(httpStatus: number | undefined): boolean {
  return httpStatus === undefined || httpStatus >= 500 || httpStatus === 408 || httpStatus === 422 || httpStatus === 429;
}

/** Runs `attempt` once and then up to `retries` more times while the failure is retryable. */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  statusOf: (error: unknown) => number | undefined,
  opts: { retries?: number; delayMs?: (n: number) => number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const retries = opts.retries ?? CHUNK_RETRIES;
  const delay = opts.delayMs ?? ((n: number) => 500 * n);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= retries || !isRetryable(statusOf(error))) throw error;
      await sleep(delay(n + 1));
    }
  }
}

/** A stable key for one file of one user, so choosing the same file again resumes its upload. */
export function uploadKeySource(userId: string | number, file: { name: string; size: number; lastModified: number }): string {
  return `${userId}|${file.name}|${file.size}|${file.lastModified}`;
}
