import { afterEach, describe, expect, it } from 'vitest';
import { startTestPrintServer, TEST_PRINTERS, type TestPrintServer } from '../../../tests/support/printClientServer.ts';
import { DesignerError } from '../../../core/print/errors/index.ts';
import { createPrintClient, type PrintClient } from './client.ts';
import { PRINT_CLIENT_DEFAULTS, canPrint, initialPrintClientState, reducePrintClient, type PrintClientState } from './state.ts';

describe('print client state machine', () => {
  const run = (events: Parameters<typeof reducePrintClient>[1][], from = initialPrintClientState()) => events.reduce(reducePrintClient, from);

  it('uses the spec constants: local client on 17521, 5 attempts, 2 s apart, 60 s timeout', () => {
    expect(PRINT_CLIENT_DEFAULTS).toEqual({ host: 'http://localhost:17521', reconnectionAttempts: 5, reconnectDelay: 2000, reconnectTimeout: 60_000 });
  });

  it('connects, loses the connection, reconnects, and prints only while connected', () => {
    let s = run([{ type: 'connect' }]);
    expect([s.status, canPrint(s)]).toEqual(['connected', true]);
    s = run([{ type: 'jobSent', templateId: 't1' }, { type: 'disconnect', reason: 'transport close', willRetry: true }], s);
    expect([s.status, canPrint(s), s.pending]).toEqual(['reconnecting', false, []]);
    s = run([{ type: 'reconnectAttempt', attempt: 1 }, { type: 'reconnectAttempt', attempt: 2 }, { type: 'connect' }], s);
    expect([s.status, s.attempt]).toEqual(['connected', 0]);
  });

  it('closes after the last reconnection attempt fails, and when the client refuses the token', () => {
    const attempts = Array.from({ length: 5 }, (_, i) => ({ type: 'reconnectAttempt' as const, attempt: i + 1 }));
    const s = run([{ type: 'connect' }, { type: 'disconnect', reason: 'transport close', willRetry: true }, ...attempts, { type: 'reconnectFailed' }]);
    expect([s.status, s.attempt, canPrint(s)]).toEqual(['closed', 5, false]);
    const refused = run([{ type: 'connectError', message: 'invalid token', willRetry: false }]);
    expect([refused.status, refused.error]).toEqual(['closed', 'invalid token']);
    // attempts never count past the maximum, and a closed connection stays closed until reopened
    const after = run([{ type: 'reconnectAttempt', attempt: 9 }, { type: 'disconnect', reason: 'x', willRetry: true }], refused);
    expect(after.status).toBe('closed');
    expect(run([{ type: 'reopen' }], after).status).toBe('connecting');
  });

  it('tracks jobs per templateId', () => {
    const s: PrintClientState = run([{ type: 'connect' }, { type: 'jobSent', templateId: 'a' }, { type: 'jobSent', templateId: 'b' }, { type: 'jobDone', templateId: 'a' }]);
    expect(s.pending).toEqual(['b']);
  });
});

describe('print client against electron-hiprint 1.0.15 (its socket handlers, tests/support/printClientServer.ts)', () => {
  let server: TestPrintServer | undefined;
  let client: PrintClient | undefined;
  afterEach(async () => {
    client?.close();
    await server?.close();
    client = server = undefined;
  });

  const until = (c: PrintClient, pred: (s: PrintClientState) => boolean, ms = 8000) => new Promise<PrintClientState>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`state not reached; last: ${JSON.stringify(c.current)}`)), ms);
    const off = c.subscribe((s) => {
      if (!pred(s)) return;
      clearTimeout(timer);
      queueMicrotask(() => off());
      resolve(s);
    });
  });

  const connect = (url: string, token: string, extra: Record<string, unknown> = {}) =>
    createPrintClient({ host: url, token, reconnectDelay: 100, reconnectTimeout: 2000, jobTimeoutMs: 3000, ...extra });
  const connected = async (opts: Parameters<typeof startTestPrintServer>[0] = { token: 't' }) => {
    server = await startTestPrintServer(opts);
    client = connect(server.url, opts.token);
    await until(client, (s) => s.status === 'connected' && s.printers.length > 0);
    return client;
  };

  it('connects with the token over websocket, learns the client and its printers unasked', async () => {
    const c = await connected({ token: 'secret-1' });
    await until(c, (s) => s.clientInfo !== null);
    expect(c.current.clientInfo).toMatchObject({ hostname: 'print-host', version: '1.0.15' });
    expect(c.current.printers).toEqual(TEST_PRINTERS);
    expect((await c.refreshPrinterList()).map((p) => p.name)).toEqual(['Kyocera-M2040', 'XP-58', 'HP-Stopped']);
    expect(await c.getClientInfo()).toMatchObject({ hostname: 'print-host' });
  });

  it('sends the fields electron-hiprint reads at the top level: the chosen printer, paper in microns, copies, title, orientation', async () => {
    const c = await connected();
    const result = await c.print({ html: '<div class="wxy-print-page">调拨单</div>', templateId: 'tpl-7', printer: 'XP-58', copies: 2, title: '调拨单 DB20261128-0001', paper: { width: 210, height: 148, landscape: true } });
    expect(result).toMatchObject({ templateId: 'tpl-7', msg: '打印成功' });
    expect(server!.jobs).toHaveLength(1);
    const job = server!.jobs[0];
    expect(job).toMatchObject({ printer: 'XP-58', copies: 2, title: '调拨单 DB20261128-0001', landscape: true, pageSize: { width: 148_000, height: 210_000 }, margins: { marginType: 'none' }, templateId: 'tpl-7' });
    expect(job.replyId).toMatch(/^reply-/);
    // spec 001 §7's {id, html, templateId, options} holds the same
    expect(job.raw).toMatchObject({ id: expect.stringMatching(/^job-/), html: '<div class="wxy-print-page">调拨单</div>', options: { printer: 'XP-58', copies: 2 } });
    // no printer chosen: the client's default one; no title: the template's id names the job
    await c.print({ html: '<p>x</p>', templateId: 'tpl-8' });
    expect(server!.jobs[1]).toMatchObject({ printer: 'Kyocera-M2040', title: 'tpl-8', copies: 1, landscape: false });
  });

  it('matches answers by replyId: two jobs of one template in flight each get their own answer, the echo settles nothing', async () => {
    const c = await connected();
    const [a, b] = await Promise.allSettled([
      c.print({ html: '<p>1</p>', templateId: 'same', printer: 'XP-58' }),
      c.print({ html: '<p>2</p>', templateId: 'same', printer: 'HP-Stopped' }),
    ]);
    expect(a).toMatchObject({ status: 'fulfilled' });
    // the second job's failure is not lost to the first job's second success event
    expect(b).toMatchObject({ status: 'rejected', reason: new Error('HP-Stopped打印机异常') });
    expect(c.current.pending).toEqual([]);
  });

  it('a chosen printer that is stopped fails the job with the client\'s message, relayed to its template', async () => {
    const c = await connected();
    const errors: Array<{ templateId: string; message: string }> = [];
    c.onPrintError((e) => errors.push(e));
    await expect(c.print({ html: '<p>x</p>', templateId: 'bad', printer: 'HP-Stopped' })).rejects.toThrow('HP-Stopped打印机异常');
    await expect(c.print({ html: '<p>x</p>', templateId: 'gone', printer: 'No-Such' })).rejects.toThrow('Invalid deviceName provided');
    expect(errors).toEqual([{ templateId: 'bad', message: 'HP-Stopped打印机异常' }, { templateId: 'gone', message: 'Invalid deviceName provided' }]);
  });

  it('reads address and ipp answers with their real argument lists; getClients only through a relay server', async () => {
    const c = await connected();
    expect(await c.getAddress('ip')).toBe('192.168.1.20');
    expect(await c.getAddress('mac')).toBe('02:00:00:00:00:01');
    await expect(c.getAddress('dns')).rejects.toThrow('This type is removed.');
    expect(await c.ippPrint({ url: 'ipp://ipp-ok:631/printers/a', action: 'Get-Printer-Attributes' })).toMatchObject({ statusCode: 'successful-ok' });
    await expect(c.ippPrint({ url: 'ipp://down:631/printers/a', action: 'Print-Job' })).rejects.toThrow(/ECONNREFUSED/);
    expect(await c.ippRequest({ url: 'ipp://ipp-ok:631', data: {} })).toMatchObject({ statusCode: 'successful-ok' });
    await expect(c.ippRequest({ url: 'ipp://down:631', data: {} })).rejects.toThrow(/ECONNREFUSED/);
    // the local client has no getClients handler: refused at once rather than waiting 60 s
    const started = Date.now();
    await expect(c.getClients()).rejects.toThrow('中转服务');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a wrong token is refused with electron-hiprint\'s own message; printing is refused without a connection', async () => {
    server = await startTestPrintServer({ token: 'right' });
    client = connect(server.url, 'wrong');
    const closed = await until(client, (s) => s.status === 'closed');
    expect(closed.error).toBe('Token 错误');
    expect(server.refusedTokens).toEqual(['wrong']);
    await expect(client.print({ html: '<p>x</p>', templateId: 't' })).rejects.toBeInstanceOf(DesignerError);
    expect(server.jobs).toEqual([]);
  });

  it('with its default empty token any page connects (why docs/modules/printing.md asks for a token)', async () => {
    server = await startTestPrintServer({ token: '' });
    client = connect(server.url, 'anything');
    await until(client, (s) => s.status === 'connected');
  });

  it('reconnects when the client comes back, and closes after 5 failed attempts', async () => {
    server = await startTestPrintServer({ token: 't', holdJobs: true });
    const port = server.port;
    client = connect(server.url, 't');
    await until(client, (s) => s.status === 'connected');
    const inFlight = expect(client.print({ html: '<p>busy</p>', templateId: 'lost' })).rejects.toBeInstanceOf(DesignerError);
    await until(client, (s) => s.pending.includes('lost'));
    await server.close();
    await inFlight; // a job in flight fails with the connection
    await expect(client.print({ html: '<p>x</p>', templateId: 'later' })).rejects.toBeInstanceOf(DesignerError);
    await until(client, (s) => s.status === 'reconnecting' && s.attempt >= 1);
    server = await startTestPrintServer({ token: 't', port });
    await until(client, (s) => s.status === 'connected');
    await server.close();
    server = undefined;
    const closed = await until(client, (s) => s.status === 'closed', 15_000);
    expect(closed.attempt).toBe(5);
  }, 30_000);
});
