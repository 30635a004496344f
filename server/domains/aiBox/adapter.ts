import type { CountingLine } from './lines.ts';

/**
 * The one place the server talks to a camera box ("AI盒子"). A box is an HTTP device on the shop's network at
 * host:port; every call has a timeout (AI_BOX_TIMEOUT_MS, default 3000 ms), so a box that does not answer is a
 * BoxUnreachable error, never a hung request. The tests' simulated box (tests/support/aiBoxSim.ts) speaks the
 * same protocol:
 *
 *   GET  /api/ping                          → {serialNo, firmwareVersion, time}
 *   GET  /api/algorithm/status              → {status: 'running'|'stopped'|'error', channels: [{channelNo, status}]}
 *   GET  /api/nvr/snapshot?channel=N        → image/jpeg bytes; headers X-Image-Width, X-Image-Height
 *   PUT  /api/nvr/config                    ← {nvrAddress, channels: [{channelNo, channelName}]}
 *   PUT  /api/lines/config                  ← {channels: [{channelNo, imageWidth, imageHeight, lines}]}
 *   GET  /api/passengers?since=ISO-time     → {records: [{channelNo, hour: ISO (start of hour), in, out}]}
 *
 * Answers other than 2xx carry {msg} when the box has something to say.
 */
export interface BoxPing {
  serialNo: string;
  firmwareVersion?: string;
  time?: string;
}

export interface AlgorithmStatus {
  status: string;
  channels: { channelNo: number; status: string }[];
}

export interface Snapshot {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface NvrConfig {
  nvrAddress: string | null;
  channels: { channelNo: number; channelName: string | null }[];
}

export interface LinesConfig {
  channels: { channelNo: number; imageWidth: number; imageHeight: number; lines: CountingLine[] }[];
}

export interface HourCount {
  channelNo: number;
  hour: string;
  in: number;
  out: number;
}

export interface AiBoxAdapter {
  ping(): Promise<BoxPing>;
  algorithmStatus(): Promise<AlgorithmStatus>;
  snapshot(channelNo: number): Promise<Snapshot>;
  pushNvrConfig(config: NvrConfig): Promise<void>;
  pushLinesConfig(config: LinesConfig): Promise<void>;
  countsSince(since: Date): Promise<HourCount[]>;
}

/** The box did not answer in time, refused the connection, or answered something that is not the protocol. */
export class BoxUnreachable extends Error {
  constructor(message: string, readonly timedOut = false) {
    super(message);
  }
}

/** The box answered, but refused the call (4xx/5xx with its message). */
export class BoxRefused extends Error {}

export const DEFAULT_TIMEOUT_MS = 3000;

export function boxTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.AI_BOX_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 60_000) : DEFAULT_TIMEOUT_MS;
}

const MAX_SNAPSHOT_BYTES = 10 * 1024 * 1024;

/**
 * Addresses no camera box has: link-local (169.254.x.x, where cloud hosts answer their metadata), 0.x and
 * multicast. The server refuses to call them, whatever was registered.
 */
export function unusableHost(address: string): boolean {
  const host = address.slice(0, address.lastIndexOf(':'));
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(host)) return false;
  const [a, b] = host.split('.').map(Number);
  return a === 0 || (a === 169 && b === 254) || a >= 224;
}

/** The HTTP implementation against the box at `address` (host:port). */
export function httpAiBox(address: string, timeoutMs = boxTimeoutMs()): AiBoxAdapter {
  const base = `http://${address}`;

  async function call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<Response> {
    if (unusableHost(address)) throw new BoxRefused(`地址 ${address} 不是可用的设备地址（链路本地、组播或 0.x 地址）`);
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new BoxUnreachable(`盒子 ${address} 在 ${timeoutMs} 毫秒内没有响应`, true);
      throw new BoxUnreachable(`无法连接盒子 ${address}`);
    }
    if (!res.ok) {
      const text = await readText(res, address, timeoutMs);
      let msg = '';
      try {
        msg = String((JSON.parse(text) as { msg?: unknown }).msg ?? '');
      } catch {
        /* not JSON */
      }
      throw new BoxRefused(`盒子拒绝了请求（HTTP ${res.status}）${msg ? `：${msg.slice(0, 100)}` : ''}`);
    }
    return res;
  }

  async function json<T>(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
    const res = await call(method, path, body);
    const text = await readText(res, address, timeoutMs);
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new BoxUnreachable(`盒子 ${address} 的应答不是有效的 JSON`);
    }
  }

  return {
    async ping() {
      const r = await json<BoxPing>('GET', '/api/ping');
      if (!r || typeof r.serialNo !== 'string') throw new BoxUnreachable(`盒子 ${address} 的应答缺少序列号`);
      return r;
    },
    async algorithmStatus() {
      const r = await json<AlgorithmStatus>('GET', '/api/algorithm/status');
      if (!r || typeof r.status !== 'string') throw new BoxUnreachable(`盒子 ${address} 的算法状态应答不正确`);
      return { status: r.status, channels: Array.isArray(r.channels) ? r.channels : [] };
    },
    async snapshot(channelNo) {
      const res = await call('GET', `/api/nvr/snapshot?channel=${channelNo}`);
      const len = Number(res.headers.get('content-length') ?? 0);
      if (len > MAX_SNAPSHOT_BYTES) throw new BoxRefused('盒子返回的截图过大');
      const bytes = await readBytes(res, address, timeoutMs);
      if (bytes.length > MAX_SNAPSHOT_BYTES) throw new BoxRefused('盒子返回的截图过大');
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0].trim();
      const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
      const isPng = bytes[0] === 0x89 && bytes[1] === 0x50;
      if (!isJpeg && !isPng) throw new BoxRefused('盒子返回的截图不是 JPEG 或 PNG 图片');
      return {
        bytes,
        contentType: isPng ? 'image/png' : contentType || 'image/jpeg',
        width: positive(res.headers.get('x-image-width'), 1920),
        height: positive(res.headers.get('x-image-height'), 1080),
      };
    },
    async pushNvrConfig(config) {
      await json('PUT', '/api/nvr/config', config);
    },
    async pushLinesConfig(config) {
      await json('PUT', '/api/lines/config', config);
    },
    async countsSince(since) {
      const r = await json<{ records?: unknown }>('GET', `/api/passengers?since=${encodeURIComponent(since.toISOString())}`);
      if (!r || !Array.isArray(r.records)) throw new BoxUnreachable(`盒子 ${address} 的客流应答不正确`);
      return (r.records as HourCount[]).filter(
        (c) =>
          c && Number.isInteger(c.channelNo) && c.channelNo >= 1 && c.channelNo <= 64 && typeof c.hour === 'string' && !Number.isNaN(Date.parse(c.hour)) &&
          Number.isInteger(c.in) && c.in >= 0 && c.in < 1_000_000 && Number.isInteger(c.out) && c.out >= 0 && c.out < 1_000_000,
      );
    },
  };
}

const positive = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 10000 ? n : fallback;
};

/** A body that starts but stalls is as unreachable as no answer at all. */
async function readText(res: Response, address: string, timeoutMs: number): Promise<string> {
  return (await readBytes(res, address, timeoutMs)).toString('utf8');
}

async function readBytes(res: Response, address: string, timeoutMs: number): Promise<Buffer> {
  try {
    return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    const name = (err as Error)?.name;
    throw new BoxUnreachable(name === 'TimeoutError' || name === 'AbortError' ? `盒子 ${address} 在 ${timeoutMs} 毫秒内没有响应` : `盒子 ${address} 的应答中断`, true);
  }
}

/** Which adapter a box gets; tests may swap the factory, production uses HTTP. */
let factory: (address: string) => AiBoxAdapter = (address) => httpAiBox(address);
export const aiBoxAt = (address: string): AiBoxAdapter => factory(address);
export function setAiBoxFactory(f: ((address: string) => AiBoxAdapter) | null): void {
  factory = f ?? ((address) => httpAiBox(address));
}
