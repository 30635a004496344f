import { afterEach, describe, expect, it } from 'vitest';
import { startTestPrintServer, TEST_PRINTERS, type TestPrintServer } from '../../../tests/support/printClientServer.ts';
import { DesignerError } from '../core/errors/index.ts';
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

describe('print client over socket.io (real server)', () => {
  const ORIGIN = 'http://127.0.0.1:8080';
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

  const connect = (url: string, token: string, origin = ORIGIN, extra: Record<string, unknown> = {}) =>
    createPrintClient({ host: url, token, reconnectDelay: 100, reconnectTimeout: 2000, jobTimeoutMs: 3000, ioOptions: { extraHeaders: { origin } }, ...extra });

  it('connects with the token over websocket, learns the client and its printers, and prints', async () => {
    server = await startTestPrintServer({ token: 'secret-1', origins: [ORIGIN] });
    client = connect(server.url, 'secret-1');
    const connected = await until(client, (s) => s.status === 'connected' && s.clientInfo !== null && s.printers.length > 0);
    expect(connected.clientInfo).toMatchObject({ hostname: 'print-host' });
    expect(connected.printers).toEqual(TEST_PRINTERS); // asked for on connect
    expect(await client.refreshPrinterList()).toEqual(TEST_PRINTERS);
    expect(client.current.printers.map((p) => p.name)).toEqual(['Kyocera-M2040', 'XP-58']);
    expect(await client.getAddress('ip')).toBe('ip');
    expect(await client.ippRequest({ operation: 'Get-Printer-Attributes' })).toBeNull();

    const result = await client.print({ html: '<div class="wxy-print-page">调拨单</div>', templateId: 'tpl-7', options: { printer: 'XP-58', copies: 2 } });
    expect(result).toMatchObject({ templateId: 'tpl-7', printer: 'XP-58' });
    expect(server.jobs).toHaveLength(1);
    expect(server.jobs[0]).toMatchObject({ templateId: 'tpl-7', html: '<div class="wxy-print-page">调拨单</div>', options: { printer: 'XP-58', copies: 2 } });
    expect(server.jobs[0].id).toMatch(/^job-/);
  });

  it("accepts the legacy 'successs' answer", async () => {
    server = await startTestPrintServer({ token: 't', origins: [ORIGIN], legacySuccess: true });
    client = connect(server.url, 't');
    await until(client, (s) => s.status === 'connected');
    await expect(client.print({ html: '<p>x</p>', templateId: 'legacy' })).resolves.toMatchObject({ templateId: 'legacy' });
  });

  it('relays a failed job to its templateId only', async () => {
    server = await startTestPrintServer({ token: 't', origins: [ORIGIN] });
    client = connect(server.url, 't');
    await until(client, (s) => s.status === 'connected');
    const errors: Array<{ templateId: string; message: string }> = [];
    client.onPrintError((e) => errors.push(e));
    const good = client.print({ html: '<p>ok</p>', templateId: 'good' });
    const bad = client.print({ html: '<p>FAIL</p>', templateId: 'bad' });
    await expect(bad).rejects.toThrow('打印失败：打印机缺纸');
    await expect(good).resolves.toMatchObject({ templateId: 'good' });
    expect(errors).toEqual([{ templateId: 'bad', message: '打印失败：打印机缺纸' }]);
    expect(client.current.pending).toEqual([]);
  });

  it('refuses a wrong token: closed, and printing is refused without a connection', async () => {
    server = await startTestPrintServer({ token: 'right', origins: [ORIGIN] });
    client = connect(server.url, 'wrong');
    const closed = await until(client, (s) => s.status === 'closed');
    expect(closed.error).toBe('invalid token');
    expect(server.refusedTokens).toEqual(['wrong']);
    await expect(client.print({ html: '<p>x</p>', templateId: 't' })).rejects.toBeInstanceOf(DesignerError);
    expect(server.jobs).toEqual([]);
  });

  it('refuses a foreign origin', async () => {
    server = await startTestPrintServer({ token: 't', origins: [ORIGIN] });
    client = connect(server.url, 't', 'http://evil.example', { reconnectionAttempts: 1 });
    const closed = await until(client, (s) => s.status === 'closed');
    expect(closed.error).toBeTruthy();
    expect(server.refusedOrigins).toContain('http://evil.example');
  });

  it('reconnects when the client comes back, and closes after 5 failed attempts', async () => {
    server = await startTestPrintServer({ token: 't', origins: [ORIGIN] });
    const port = server.port;
    client = connect(server.url, 't');
    await until(client, (s) => s.status === 'connected');
    const inFlight = expect(client.print({ html: '<p>HOLD</p>', templateId: 'lost' })).rejects.toBeInstanceOf(DesignerError);
    await until(client, (s) => s.pending.includes('lost'));
    await server.close();
    await inFlight; // a job in flight fails with the connection
    await expect(client.print({ html: '<p>x</p>', templateId: 'later' })).rejects.toBeInstanceOf(DesignerError);
    await until(client, (s) => s.status === 'reconnecting' && s.attempt >= 1);
    server = await startTestPrintServer({ token: 't', origins: [ORIGIN], port });
    await until(client, (s) => s.status === 'connected');
    await server.close();
    server = undefined;
    const closed = await until(client, (s) => s.status === 'closed', 15_000);
    expect(closed.attempt).toBe(5);
  }, 30_000);
});
