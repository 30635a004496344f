import type { WebSocket } from 'ws';
import { ApiError } from '../errors.ts';
import { queueOfDestination, type NoticeQueue } from '../messages/queues.ts';
import { SILENCE_TOLERANCE, negotiateHeartbeat } from './heartbeat.ts';
import { CLIENT_COMMANDS, HEARTBEAT, StompParser, StompProtocolError, encodeFrame, type StompFrame } from './stompFrame.ts';

/** Who a connection belongs to once its CONNECT frame is accepted. */
export interface StompUser {
  tenantId: number;
  userId: number;
  userName: string;
  /** SHA-256 of the token the socket connected with: a revocation of it closes the socket. */
  tokenHash: string;
}

export interface ConnectionOptions {
  heartbeatMs: number;
  /** A socket that has not sent CONNECT by then is closed. */
  connectTimeoutMs: number;
  /** A client that reads slower than this much queued output is dropped. */
  maxBufferedBytes: number;
  authenticate(headers: Record<string, string>): Promise<StompUser>;
  onConnected(conn: StompConnection): void;
  onClosed(conn: StompConnection): void;
  log: { warn(obj: object, msg: string): void };
}

let nextSessionId = 1;

/**
 * One client socket speaking STOMP 1.2: CONNECT (authenticated), SUBSCRIBE to the user queues,
 * UNSUBSCRIBE, DISCONNECT with receipt, heart-beats both ways. Clients only receive: SEND and
 * transactions are refused with an ERROR frame, after which the socket is closed (spec 1.2).
 */
export class StompConnection {
  readonly sessionId = `s${process.pid}-${nextSessionId++}`;
  user: StompUser | null = null;
  private readonly parser = new StompParser();
  private readonly subscriptions = new Map<string, NoticeQueue>();
  private state: 'awaiting-connect' | 'authenticating' | 'connected' | 'closed' = 'awaiting-connect';
  private lastReceived = Date.now();
  private lastSent = Date.now();
  private messageSeq = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ws: WebSocket,
    private readonly opts: ConnectionOptions,
  ) {
    const connectTimer = setTimeout(() => {
      if (this.state === 'awaiting-connect') this.fail('CONNECT 超时');
    }, opts.connectTimeoutMs);
    ws.on('message', (data: Buffer | Buffer[] | ArrayBuffer) => this.receive(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)));
    ws.on('close', () => {
      clearTimeout(connectTimer);
      this.closed();
    });
    ws.on('error', () => this.closed());
  }

  /** Pushes a notice body to every subscription of this connection on that queue. */
  deliver(queue: NoticeQueue, body: string): void {
    if (this.state !== 'connected') return;
    for (const [id, q] of this.subscriptions) {
      if (q !== queue) continue;
      this.send(
        encodeFrame(
          'MESSAGE',
          { subscription: id, 'message-id': `${this.sessionId}-${++this.messageSeq}`, destination: `/user/queue/${queue}`, 'content-type': 'application/json;charset=UTF-8' },
          body,
        ),
      );
    }
  }

  /** The session's token was revoked (logout, password change, user disabled): ERROR frame, then close. */
  revoke(message: string, code: string): void {
    this.fail(message, undefined, { code });
  }

  /** Server shutdown: a clean close the client treats as a lost connection (it reconnects elsewhere). */
  shutdown(): void {
    if (this.state === 'closed') return;
    this.ws.close(1012, 'server restarting');
    this.closed();
  }

  private receive(data: Buffer): void {
    if (this.state === 'closed') return;
    this.lastReceived = Date.now();
    let items;
    try {
      items = this.parser.push(data);
    } catch (err) {
      return this.fail('帧格式不正确', err instanceof StompProtocolError ? err.message : undefined);
    }
    for (const item of items) {
      if (item.kind === 'frame') this.handle(item.frame);
      if (this.isClosed()) return;
    }
  }

  private handle(frame: StompFrame): void {
    const { command, headers } = frame;
    if (!CLIENT_COMMANDS.has(command)) return this.fail(`未知的命令 ${command}`);
    if (this.state === 'awaiting-connect') {
      if (command !== 'CONNECT' && command !== 'STOMP') return this.fail('请先发送 CONNECT');
      void this.connect(headers);
      return;
    }
    if (this.state === 'authenticating') return this.fail('CONNECT 尚未完成');
    switch (command) {
      case 'SUBSCRIBE': {
        const id = headers.id;
        const queue = queueOfDestination(headers.destination ?? '');
        if (!id) return this.fail('SUBSCRIBE 缺少 id');
        if (!queue) return this.fail(`不支持的订阅地址 ${headers.destination ?? ''}`);
        if (this.subscriptions.has(id)) return this.fail(`订阅 id ${id} 已存在`);
        this.subscriptions.set(id, queue);
        return this.receipt(headers);
      }
      case 'UNSUBSCRIBE':
        if (!headers.id) return this.fail('UNSUBSCRIBE 缺少 id');
        this.subscriptions.delete(headers.id);
        return this.receipt(headers);
      case 'DISCONNECT':
        this.receipt(headers);
        this.ws.close(1000);
        return this.closed();
      case 'ACK':
      case 'NACK':
        // Subscriptions are ack:auto; an ACK is harmless.
        return this.receipt(headers);
      default:
        return this.fail(`不支持的命令 ${command}：本服务只推送消息`);
    }
  }

  private async connect(headers: Record<string, string>): Promise<void> {
    this.state = 'authenticating';
    const versions = (headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) return this.fail('仅支持 STOMP 1.2', undefined, { version: '1.2' });
    let plan;
    try {
      plan = negotiateHeartbeat(headers['heart-beat'], this.opts.heartbeatMs, this.opts.heartbeatMs);
    } catch (err) {
      return this.fail('heart-beat 格式不正确', (err as Error).message);
    }
    try {
      this.user = await this.opts.authenticate(headers);
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError('TOKEN_INVALID');
      return this.fail(e.message, undefined, { code: String(e.code) });
    }
    if (this.state !== 'authenticating') return; // closed while the token was checked
    this.state = 'connected';
    this.send(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': plan.header, server: 'wxy-stomp/1', session: this.sessionId, 'user-name': String(this.user.userId) }));
    this.opts.onConnected(this);
    this.startHeartbeat(plan.sendEveryMs, plan.expectEveryMs);
  }

  private startHeartbeat(sendEveryMs: number, expectEveryMs: number): void {
    if (!sendEveryMs && !expectEveryMs) return;
    const tick = Math.max(10, Math.min(...[sendEveryMs, expectEveryMs].filter((x) => x > 0)) / 2);
    this.timer = setInterval(() => {
      const now = Date.now();
      if (expectEveryMs && now - this.lastReceived > expectEveryMs * SILENCE_TOLERANCE) {
        this.opts.log.warn({ session: this.sessionId, silentMs: now - this.lastReceived }, 'STOMP client silent; dropping the connection');
        this.ws.terminate();
        return this.closed();
      }
      if (sendEveryMs && now - this.lastSent >= sendEveryMs - tick / 2) this.send(HEARTBEAT);
    }, tick);
  }

  private receipt(headers: Record<string, string>): void {
    if (headers.receipt) this.send(encodeFrame('RECEIPT', { 'receipt-id': headers.receipt }));
  }

  private send(text: string): void {
    if (this.state === 'closed') return;
    if (this.ws.bufferedAmount > this.opts.maxBufferedBytes) {
      this.opts.log.warn({ session: this.sessionId }, 'STOMP client too slow; dropping the connection');
      this.ws.terminate();
      return this.closed();
    }
    this.lastSent = Date.now();
    this.ws.send(text);
  }

  /** An ERROR frame, then the socket is closed (the spec's answer to any protocol failure). */
  private fail(message: string, detail?: string, extra: Record<string, string> = {}): void {
    if (this.state === 'closed') return;
    this.send(encodeFrame('ERROR', { message, 'content-type': 'text/plain;charset=UTF-8', ...extra }, detail ?? message));
    this.ws.close(1002, 'protocol error');
    this.closed();
  }

  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private closed(): void {
    if (this.state === 'closed') return;
    const wasConnected = this.state === 'connected';
    this.state = 'closed';
    if (this.timer) clearInterval(this.timer);
    this.subscriptions.clear();
    if (wasConnected) this.opts.onClosed(this);
  }
}
