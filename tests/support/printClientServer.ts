/**
 * electron-hiprint 1.0.15 for tests: its socket handlers (github CcSimple/electron-hiprint, tools/utils.js
 * `initServeEvent`, src/print.js `do`, assets/print.html) with Electron's printing replaced by a list of printers
 * and a record of what it would print. What it does, as the real client does:
 * - socket.io with `allowEIO3` and every origin admitted (the real client's cors callback admits any page: only its
 *   token keeps other pages out, and its token is empty by default);
 * - a token, when set, must equal `handshake.auth.token`, else the connection is refused with the error
 *   "Authentication error" and `data: { content: 'Token 错误' }`;
 * - on connect it sends `printerList` and `clientInfo` unasked;
 * - `news`: reads the job's top-level fields (`printer`, else the default printer; `pageSize`, `copies`, `title`,
 *   `landscape`, `margins`, `replyId`); a printer whose status is not a ready one (CUPS: 3, idle) fails the job with
 *   `error {msg: '<printer>打印机异常', templateId, replyId}`; a printed job is answered by `successs` and then
 *   `success`, both `{msg: '打印成功', templateId, replyId}`;
 * - `address(type)`: 'ip'/'ipv6' → (type, value); 'dns'/'interface'/'vboxnet' → (type, null, 'This type is removed.');
 *   anything else → ('mac' or 'all', value);
 * - `ippPrint(options)`: `ippPrinterConnected` (the printer), then `ippPrinterCallback(err | null, res)`;
 *   `ippRequest(options)`: `ippRequestCallback(err | null, res)` (there is no IPP printer here: a url on the host
 *   `ipp-ok` answers successful-ok, any other fails as a refused connection would);
 * - no `getClients` handler (only its relay server has one).
 * The socket.io server is this repository's (4.x, speaking the same protocol as the client's 3.1 with allowEIO3).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

export interface TestPrintServerOptions {
  /** the client's token; '' (its default) admits any page */
  token: string;
  port?: number;
  /** hold every job unanswered, as a printer still busy with it (until the client goes away) */
  holdJobs?: boolean;
}

/** What electron-hiprint would have handed to Electron's print for a job. */
export interface ReceivedJob {
  html: string;
  templateId: string;
  replyId?: string;
  /** the printer used: the job's, else the default one */
  printer: string;
  pageSize?: { width: number; height: number };
  copies: number;
  /** the print window's title: the job's name in the printer queue */
  title: string;
  landscape: boolean;
  margins: unknown;
  /** the payload as sent */
  raw: Record<string, unknown>;
}

export interface TestPrintServer {
  port: number;
  url: string;
  jobs: ReceivedJob[];
  refusedTokens: string[];
  /** stops and drops every connection without a goodbye, as a crashed or closed print client does */
  close(): Promise<void>;
}

/** Electron's PrinterInfo on Linux (CUPS printer-state: 3 idle, 4 processing, 5 stopped). */
export const TEST_PRINTERS = [
  { name: 'Kyocera-M2040', displayName: '前台打印机', description: '', status: 3, isDefault: true, options: {} },
  { name: 'XP-58', displayName: '小票打印机', description: '', status: 3, isDefault: false, options: {} },
  { name: 'HP-Stopped', displayName: '已停用的打印机', description: '', status: 5, isDefault: false, options: {} },
];
const READY_STATUS = [3];

export async function startTestPrintServer(options: TestPrintServerOptions): Promise<TestPrintServer> {
  const http: HttpServer = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  // every TCP connection, upgraded ones included, so that close() can drop them like a crashed client
  const sockets = new Set<import('node:net').Socket>();
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const jobs: ReceivedJob[] = [];
  const refusedTokens: string[] = [];
  const io = new Server(http, {
    pingInterval: 10000,
    pingTimeout: 5000,
    allowEIO3: true,
    cors: { origin: (requestOrigin, callback) => callback(null, requestOrigin), methods: 'GET, POST, PUT, DELETE, OPTIONS', allowedHeaders: '*', credentials: false },
  });
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (options.token && options.token !== token) {
      refusedTokens.push(String(token));
      const err = new Error('Authentication error') as Error & { data?: unknown };
      err.data = { content: 'Token 错误' };
      return next(err);
    }
    next();
  });
  io.on('connection', (socket) => {
    socket.emit('printerList', TEST_PRINTERS);
    socket.emit('clientInfo', { hostname: 'print-host', version: '1.0.15', platform: 'linux', arch: 'x64', mac: '02:00:00:00:00:01', ip: '192.168.1.20', ipv6: 'fe80::1', clientUrl: 'http://192.168.1.20:17521', machineId: 'test-machine', nickName: '前台' });
    socket.on('getClientInfo', () => socket.emit('clientInfo', { hostname: 'print-host', version: '1.0.15', platform: 'linux' }));
    socket.on('refreshPrinterList', () => socket.emit('printerList', TEST_PRINTERS));
    socket.on('address', (addressType: string) => {
      switch (addressType) {
        case 'ip': return socket.emit('address', addressType, '192.168.1.20');
        case 'ipv6': return socket.emit('address', addressType, 'fe80::1');
        case 'dns': case 'interface': case 'vboxnet': return socket.emit('address', addressType, null, 'This type is removed.');
        default: {
          const type = addressType === 'mac' ? 'mac' : 'all';
          return socket.emit('address', type, type === 'mac' ? '02:00:00:00:00:01' : { ip: '192.168.1.20', ipv6: 'fe80::1', mac: '02:00:00:00:00:01' });
        }
      }
    });
    socket.on('ippPrint', (opts: { url?: string }) => {
      const ok = String(opts?.url ?? '').includes('//ipp-ok');
      socket.emit('ippPrinterConnected', { url: opts?.url ?? null });
      if (ok) socket.emit('ippPrinterCallback', null, { version: '2.0', statusCode: 'successful-ok', id: 1 });
      else socket.emit('ippPrinterCallback', { type: 'Error', msg: `connect ECONNREFUSED ${opts?.url ?? ''}` }, undefined);
    });
    socket.on('ippRequest', (opts: { url?: string }) => {
      const ok = String(opts?.url ?? '').includes('//ipp-ok');
      if (ok) socket.emit('ippRequestCallback', null, { version: '2.0', statusCode: 'successful-ok', id: 1 });
      else socket.emit('ippRequestCallback', { type: 'Error', msg: `connect ECONNREFUSED ${opts?.url ?? ''}` }, undefined);
    });
    socket.on('news', (data: Record<string, unknown>) => {
      if (!data) return;
      const def = TEST_PRINTERS.find((p) => p.isDefault)!;
      const printerName = (data.printer as string) || def.name;
      const printer = TEST_PRINTERS.find((p) => p.name === printerName);
      jobs.push({
        html: String(data.html ?? ''), templateId: String(data.templateId ?? ''), replyId: data.replyId as string | undefined, printer: printerName,
        pageSize: data.pageSize as ReceivedJob['pageSize'], copies: (data.copies as number) ?? 1, title: (data.title as string) || 'hiprint打印',
        landscape: (data.landscape as boolean) ?? false, margins: data.margins ?? { marginType: 'none' }, raw: data,
      });
      if (options.holdJobs) return;
      // src/print.js: a printer in a state that cannot print fails the job (the real client names data.printer)
      if (printer && !READY_STATUS.includes(printer.status)) {
        socket.emit('error', { msg: `${data.printer}打印机异常`, templateId: data.templateId, replyId: data.replyId });
        return;
      }
      if (!printer) {
        // Electron's print fails for a device it does not know
        socket.emit('error', { msg: 'Invalid deviceName provided', templateId: data.templateId, replyId: data.replyId });
        return;
      }
      const result = { msg: '打印成功', templateId: data.templateId, replyId: data.replyId };
      socket.emit('successs', result);
      socket.emit('success', result);
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    jobs,
    refusedTokens,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      io.close(() => resolve());
    }),
  };
}
