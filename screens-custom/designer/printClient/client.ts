/**
 * The print client over socket.io (spec 001 §7): websocket transport only, an auth token, default
 * host the local client on port 17521. The client is electron-hiprint 1.0.15 (job.ts says what it reads).
 * A thin binding: socket events go through the pure state machine (state.ts); a print job is answered
 * by 'success' and the legacy 'successs' (electron-hiprint sends both for every job: the first one settles
 * it) or 'error', matched by the job's replyId.
 */
import { io, type Socket } from 'socket.io-client';
import { DesignerError } from '../../../core/print/errors/index.ts';
import { hiprintJob, type JobRequest } from './job.ts';
import { PRINT_CLIENT_DEFAULTS, canPrint, initialPrintClientState, reducePrintClient, type PrintClientEvent, type PrintClientState, type PrinterInfo } from './state.ts';

export interface PrintClientOptions {
  host?: string;
  token: string;
  reconnectionAttempts?: number;
  reconnectDelay?: number;
  reconnectTimeout?: number;
  /** how long a print job may wait for its answer */
  jobTimeoutMs?: number;
  /** socket.io-client's factory (tests may pass extra headers through `ioOptions`) */
  ioOptions?: Record<string, unknown>;
  /** the host is electron-hiprint's relay server (中转服务), which alone answers getClients */
  relay?: boolean;
}

/** The preview HTML as a complete document (print/printDocumentHtml), its template, printer, paper, copies, title. */
export type PrintJob = JobRequest;

export interface PrintResult {
  templateId: string;
  [key: string]: unknown;
}

export type PrintClientListener = (state: PrintClientState) => void;
export type PrintErrorListener = (error: { templateId: string; message: string }) => void;

interface Waiting {
  templateId: string;
  resolve(result: PrintResult): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const field = (v: unknown, key: string): string => (v && typeof v === 'object' && (v as Record<string, unknown>)[key] != null ? String((v as Record<string, unknown>)[key]) : '');

const message = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' && 'msg' in v ? String((v as { msg: unknown }).msg) : v && typeof v === 'object' && 'message' in v ? String((v as { message: unknown }).message) : JSON.stringify(v));

export class PrintClient {
  private state: PrintClientState;
  private readonly socket: Socket;
  private readonly listeners = new Set<PrintClientListener>();
  private readonly printErrorListeners = new Set<PrintErrorListener>();
  /** jobs in flight by replyId, in the order sent */
  private readonly waiting = new Map<string, Waiting>();
  private readonly jobTimeoutMs: number;
  private readonly relay: boolean;
  /** one-shot answers of the request/answer calls (printerList, clients, clientInfo, address, ipp...): their arguments */
  private readonly onceWaiters = new Map<string, Array<(args: unknown[]) => void>>();

  constructor(options: PrintClientOptions) {
    const attempts = options.reconnectionAttempts ?? PRINT_CLIENT_DEFAULTS.reconnectionAttempts;
    this.state = initialPrintClientState(attempts);
    this.jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
    this.relay = options.relay ?? false;
    this.socket = io(options.host ?? PRINT_CLIENT_DEFAULTS.host, {
      transports: ['websocket'],
      auth: { token: options.token },
      reconnectionAttempts: attempts,
      reconnectionDelay: options.reconnectDelay ?? PRINT_CLIENT_DEFAULTS.reconnectDelay,
      reconnectionDelayMax: options.reconnectDelay ?? PRINT_CLIENT_DEFAULTS.reconnectDelay,
      timeout: options.reconnectTimeout ?? PRINT_CLIENT_DEFAULTS.reconnectTimeout,
      ...options.ioOptions,
    });
    this.bind();
  }

  private dispatch(event: PrintClientEvent): void {
    this.state = reducePrintClient(this.state, event);
    for (const l of this.listeners) l(this.state);
  }

  private bind(): void {
    const s = this.socket;
    s.on('connect', () => {
      this.dispatch({ type: 'connect' });
      s.emit('getClientInfo');
      s.emit('refreshPrinterList');
    });
    // s.active is false when the server refused us in a middleware (token): socket.io will not retry then.
    // electron-hiprint refuses a wrong token with data.content 'Token 错误': that is what the user reads.
    s.on('connect_error', (err: Error & { data?: unknown }) => this.dispatch({ type: 'connectError', message: field(err.data, 'content') || err.message, willRetry: s.active }));
    s.on('disconnect', (reason) => {
      this.dispatch({ type: 'disconnect', reason, willRetry: s.active });
      this.failAll(new DesignerError('clientNotConnected', reason));
    });
    s.io.on('reconnect_attempt', (attempt) => this.dispatch({ type: 'reconnectAttempt', attempt }));
    s.io.on('reconnect_failed', () => this.dispatch({ type: 'reconnectFailed' }));

    const answered = (payload: unknown) => this.settle(payload, (w) => w.resolve({ ...(payload as object), templateId: w.templateId }));
    s.on('success', answered);
    s.on('successs', answered); // electron-hiprint sends both for each job (vue-plugin-hiprint < 0.0.56 reads this one)
    s.on('error', (payload: unknown) => {
      const text = message(payload);
      this.settle(payload, (w) => {
        for (const l of this.printErrorListeners) l({ templateId: w.templateId, message: text });
        w.reject(new Error(text));
      });
    });
    s.on('clientInfo', (info: Record<string, unknown>) => {
      this.dispatch({ type: 'clientInfo', info });
      this.answer('clientInfo', [info]);
    });
    s.on('clients', (clients: Record<string, unknown> | unknown[]) => {
      this.dispatch({ type: 'clients', clients });
      this.answer('clients', [clients]);
    });
    s.on('printerList', (printers: PrinterInfo[]) => {
      this.dispatch({ type: 'printerList', printers });
      this.answer('printerList', [printers]);
    });
    // address answers (type, value[, note]); the ipp callbacks (error | null, response)
    for (const name of ['address', 'ippPrinterCallback', 'ippRequestCallback']) s.on(name, (...args: unknown[]) => this.answer(name, args));
  }

  /**
   * The job an answer is for: by its replyId; an answer without one (a client older than replyId) settles the
   * oldest job of its templateId. A second answer to a settled job (electron-hiprint's other success event) finds none.
   */
  private settle(payload: unknown, fn: (w: Waiting) => void): void {
    const replyId = field(payload, 'replyId');
    const templateId = field(payload, 'templateId');
    let key: string | undefined = replyId && this.waiting.has(replyId) ? replyId : undefined;
    if (!key && !replyId) key = [...this.waiting].find(([, w]) => w.templateId === templateId)?.[0];
    if (!key) return;
    this.finish(key, fn);
  }

  private finish(replyId: string, fn: (w: Waiting) => void): void {
    const w = this.waiting.get(replyId);
    if (!w) return;
    this.waiting.delete(replyId);
    clearTimeout(w.timer);
    this.dispatch({ type: 'jobDone', templateId: w.templateId });
    fn(w);
  }

  private failAll(error: Error): void {
    for (const replyId of [...this.waiting.keys()]) this.finish(replyId, (w) => w.reject(error));
  }

  private answer(name: string, args: unknown[]): void {
    const waiters = this.onceWaiters.get(name);
    if (!waiters) return;
    this.onceWaiters.delete(name);
    for (const w of waiters) w(args);
  }

  /** Emits `event` and waits for the client's `answer` event; `read` turns its arguments into the result. */
  private request<T>(event: string, answer: string, args: unknown[], read: (answer: unknown[]) => T = (a) => a[0] as T): Promise<T> {
    if (!canPrint(this.state)) return Promise.reject(new DesignerError('clientNotConnected'));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`print client did not answer ${event}`)), this.jobTimeoutMs);
      const list = this.onceWaiters.get(answer) ?? [];
      list.push((a) => {
        clearTimeout(timer);
        try {
          resolve(read(a));
        } catch (e) {
          reject(e as Error);
        }
      });
      this.onceWaiters.set(answer, list);
      this.socket.emit(event, ...args);
    });
  }

  get current(): PrintClientState {
    return this.state;
  }

  subscribe(listener: PrintClientListener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  /** A failed job, per templateId (spec §8: relayed as a printError event). */
  onPrintError(listener: PrintErrorListener): () => void {
    this.printErrorListeners.add(listener);
    return () => this.printErrorListeners.delete(listener);
  }

  /** Sends a job ('news'); resolves when the client reports it printed, rejects with the client's reason. */
  print(request: PrintJob): Promise<PrintResult> {
    if (!canPrint(this.state)) return Promise.reject(new DesignerError('clientNotConnected'));
    const job = hiprintJob(request);
    return new Promise<PrintResult>((resolve, reject) => {
      const timer = setTimeout(() => this.finish(job.replyId, (w) => w.reject(new Error('print client did not answer in time'))), this.jobTimeoutMs);
      this.waiting.set(job.replyId, { templateId: job.templateId, resolve, reject, timer });
      this.dispatch({ type: 'jobSent', templateId: job.templateId });
      this.socket.emit('news', job);
    });
  }

  refreshPrinterList(): Promise<PrinterInfo[]> {
    return this.request('refreshPrinterList', 'printerList', []);
  }

  /** The clients of a relay server (中转服务); the local client has no such call and would never answer. */
  getClients(): Promise<Record<string, unknown> | unknown[]> {
    if (!this.relay) return Promise.reject(new Error('本地打印客户端不提供客户端列表，需连接中转服务'));
    return this.request('getClients', 'clients', []);
  }

  getClientInfo(): Promise<Record<string, unknown>> {
    return this.request('getClientInfo', 'clientInfo', []);
  }

  /**
   * The client machine's addresses: 'ip', 'ipv6', 'mac' or 'all' (electron-hiprint answers (type, value); for the
   * types it removed — 'dns', 'interface', 'vboxnet' — (type, null, 'This type is removed.'), refused here).
   */
  getAddress(type: string): Promise<unknown> {
    return this.request('address', 'address', [type], ([, value, note]) => {
      if (note) throw new Error(String(note));
      return value;
    });
  }

  /** Prints to a network (IPP) printer through the client: resolves with the printer's response, rejects with its error. */
  ippPrint(options: Record<string, unknown>): Promise<unknown> {
    return this.request('ippPrint', 'ippPrinterCallback', [options], ipp);
  }

  ippRequest(options: Record<string, unknown>): Promise<unknown> {
    return this.request('ippRequest', 'ippRequestCallback', [options], ipp);
  }

  /** Connects again after closed (the user's "reconnect"). */
  reopen(): void {
    this.dispatch({ type: 'reopen' });
    this.socket.connect();
  }

  close(): void {
    this.failAll(new DesignerError('clientNotConnected', 'closed'));
    this.dispatch({ type: 'close' });
    this.socket.disconnect();
  }
}

/** electron-hiprint's ipp callbacks: (error as {type, msg} | null, response). */
function ipp([err, res]: unknown[]): unknown {
  if (err) throw new Error(message(err));
  return res;
}

export function createPrintClient(options: PrintClientOptions): PrintClient {
  return new PrintClient(options);
}
