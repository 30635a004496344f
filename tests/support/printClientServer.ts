/**
 * A small real print client for tests (what the local client on port 17521 does, minus the printer):
 * a socket.io server that admits only websocket connections from allowed origins with the right
 * token, and answers the designer's events. Jobs whose html contains FAIL are answered with 'error',
 * jobs with HOLD are never answered.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

export interface TestPrintServerOptions {
  token: string;
  /** Origin headers admitted; a request without an allowed Origin is refused */
  origins: string[];
  port?: number;
  /** answer jobs with the legacy 'successs' event instead of 'success' */
  legacySuccess?: boolean;
}

export interface ReceivedJob {
  id: string;
  html: string;
  templateId: string;
  options: Record<string, unknown>;
}

export interface TestPrintServer {
  port: number;
  url: string;
  jobs: ReceivedJob[];
  refusedOrigins: string[];
  refusedTokens: string[];
  /** stops and drops every connection without a goodbye, as a crashed or closed print client does */
  close(): Promise<void>;
}

export const TEST_PRINTERS = [
  { name: 'Kyocera-M2040', displayName: '前台打印机', isDefault: true, status: 0 },
  { name: 'XP-58', displayName: '小票打印机', isDefault: false, status: 0 },
];

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
  const refusedOrigins: string[] = [];
  const refusedTokens: string[] = [];
  const io = new Server(http, {
    transports: ['websocket'],
    allowRequest: (req, done) => {
      const origin = req.headers.origin ?? '';
      if (options.origins.includes(origin)) return done(null, true);
      refusedOrigins.push(origin);
      done('origin not allowed', false);
    },
  });
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (token === options.token) return next();
    refusedTokens.push(String(token));
    next(new Error('invalid token'));
  });
  io.on('connection', (socket) => {
    socket.on('news', (job: ReceivedJob) => {
      jobs.push(job);
      if (job?.html?.includes('HOLD')) return; // a job the printer is still busy with
      if (!job?.html || job.html.includes('FAIL')) socket.emit('error', { templateId: job?.templateId, msg: '打印失败：打印机缺纸' });
      else socket.emit(options.legacySuccess ? 'successs' : 'success', { templateId: job.templateId, id: job.id, printer: (job.options?.printer as string) ?? TEST_PRINTERS[0].name });
    });
    socket.on('refreshPrinterList', () => socket.emit('printerList', TEST_PRINTERS));
    socket.on('getClients', () => socket.emit('clients', { [socket.id]: { hostname: 'print-host', printerList: TEST_PRINTERS } }));
    socket.on('getClientInfo', () => socket.emit('clientInfo', { hostname: 'print-host', version: '1.0.0-test', platform: process.platform, printerList: TEST_PRINTERS }));
    socket.on('address', (type: string) => socket.emit('address', type, type === 'ip' ? '192.168.1.20' : null));
    socket.on('ippPrint', (opts: Record<string, unknown>) => {
      socket.emit('ippPrinterConnected', opts?.printer ?? null);
      socket.emit('ippPrinterCallback', null, { statusCode: 'successful-ok', printer: opts?.printer ?? null });
    });
    socket.on('ippRequest', (opts: Record<string, unknown>) => socket.emit('ippRequestCallback', null, { statusCode: 'successful-ok', operation: opts?.operation ?? null }));
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    jobs,
    refusedOrigins,
    refusedTokens,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      io.close(() => resolve());
    }),
  };
}
