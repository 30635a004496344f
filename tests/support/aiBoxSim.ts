import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A simulated camera box: a real HTTP server speaking the protocol server/domains/aiBox/adapter.ts expects.
 * `mode` 'ok' answers; 'silent' accepts the connection and never answers (the timeout → 离线 case); 'refuse'
 * answers 500 with a message. Counts are hourly totals the test sets; `calls` records what the box was sent.
 */
export interface SimBox {
  address: string;
  serialNo: string;
  mode: 'ok' | 'silent' | 'refuse';
  algorithm: string;
  /** channelNo|hour ISO → {in, out}: the box's running totals per hour. */
  counts: Map<string, { in: number; out: number }>;
  calls: { method: string; path: string; body: unknown }[];
  nvrConfig: unknown;
  linesConfig: unknown;
  /** Size of the snapshots the box sends. */
  image: { width: number; height: number };
  setCount(channelNo: number, hour: string, inCount: number, outCount: number): void;
  close(): Promise<void>;
}

// A 1×1 JPEG is enough for the adapter's magic-number check and the file service.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export async function startSimBox(serialNo: string, opts: { mode?: SimBox['mode']; imageWidth?: number; imageHeight?: number } = {}): Promise<SimBox> {
  const sockets = new Set<Socket>();
  const box: SimBox = {
    address: '',
    serialNo,
    mode: opts.mode ?? 'ok',
    algorithm: 'running',
    counts: new Map(),
    calls: [],
    nvrConfig: null,
    linesConfig: null,
    image: { width: opts.imageWidth ?? 1280, height: opts.imageHeight ?? 720 },
    setCount(channelNo, hour, inCount, outCount) {
      this.counts.set(`${channelNo}|${new Date(hour).toISOString()}`, { in: inCount, out: outCount });
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://box');
      const body = raw ? JSON.parse(raw) : undefined;
      box.calls.push({ method: req.method ?? '', path: url.pathname + url.search, body });
      if (box.mode === 'silent') return; // never answers
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (box.mode === 'refuse') return send(500, { msg: '算法引擎未启动' });
      const route = `${req.method} ${url.pathname}`;
      switch (route) {
        case 'GET /api/ping':
          return send(200, { serialNo: box.serialNo, firmwareVersion: 'sim-1.0', time: new Date().toISOString() });
        case 'GET /api/algorithm/status':
          return send(200, { status: box.algorithm, channels: [{ channelNo: 1, status: box.algorithm }] });
        case 'GET /api/nvr/snapshot': {
          res.writeHead(200, { 'content-type': 'image/jpeg', 'x-image-width': String(box.image.width), 'x-image-height': String(box.image.height) });
          return res.end(JPEG);
        }
        case 'PUT /api/nvr/config':
          box.nvrConfig = body;
          return send(200, { ok: true });
        case 'PUT /api/lines/config':
          box.linesConfig = body;
          return send(200, { ok: true });
        case 'GET /api/passengers': {
          const since = Date.parse(url.searchParams.get('since') ?? '');
          if (Number.isNaN(since)) return send(400, { msg: 'since 不正确' });
          const records = [...box.counts.entries()]
            .map(([k, v]) => ({ channelNo: Number(k.split('|')[0]), hour: k.split('|')[1], in: v.in, out: v.out }))
            .filter((r) => Date.parse(r.hour) >= since);
          return send(200, { records });
        }
        default:
          return send(404, { msg: 'no such call' });
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  box.address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return box;
}
