/**
 * The print client over socket.io (spec 001 §7): websocket transport only, an auth token, default
 * host the local client on port 17521. A thin binding: socket events go through the pure state
 * machine (state.ts); print jobs are answered per templateId by 'success' (or the legacy 'successs')
 * and 'error'.
 */
import { io, type Socket } from 'socket.io-client';
import { DesignerError } from '../core/errors/index.ts';
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
}

export interface PrintJob {
  /** the preview HTML as a complete document (print/printDocumentHtml) */
  html: string;
  templateId: string;
  /** printer, copies, page size... as the client understands them */
  options?: Record<string, unknown>;
  /** job id; default a fresh one */
  id?: string;
}

export interface PrintResult {
  templateId: string;
  [key: string]: unknown;
}

export type PrintClientListener = (state: PrintClientState) => void;
export type PrintErrorListener = (error: { templateId: string; message: string }) => void;

interface Waiting {
  resolve(result: PrintResult): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const message = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' && 'msg' in v ? String((v as { msg: unknown }).msg) : v && typeof v === 'object' && 'message' in v ? String((v as { message: unknown }).message) : JSON.stringify(v));

let jobCounter = 0;

export class PrintClient {
  private state: PrintClientState;
  private readonly socket: Socket;
  private readonly listeners = new Set<PrintClientListener>();
  private readonly printErrorListeners = new Set<PrintErrorListener>();
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly jobTimeoutMs: number;
  /** one-shot answers of the request/answer calls (printerList, clients, clientInfo, address, ipp...) */
  private readonly onceWaiters = new Map<string, Array<(v: unknown) => void>>();

  constructor(options: PrintClientOptions) {
    const attempts = options.reconnectionAttempts ?? PRINT_CLIENT_DEFAULTS.reconnectionAttempts;
    this.state = initialPrintClientState(attempts);
    this.jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
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
    // s.active is false when the server refused us in a middleware (token): socket.io will not retry then
    s.on('connect_error', (err) => this.dispatch({ type: 'connectError', message: err.message, willRetry: s.active }));
    s.on('disconnect', (reason) => {
      this.dispatch({ type: 'disconnect', reason, willRetry: s.active });
      this.failAll(new DesignerError('clientNotConnected', reason));
    });
    s.io.on('reconnect_attempt', (attempt) => this.dispatch({ type: 'reconnectAttempt', attempt }));
    s.io.on('reconnect_failed', () => this.dispatch({ type: 'reconnectFailed' }));

    const answered = (payload: unknown) => {
      const templateId = payload && typeof payload === 'object' ? String((payload as { templateId?: unknown }).templateId ?? '') : '';
      this.settle(templateId, (w) => w.resolve({ ...(payload as object), templateId }));
    };
    s.on('success', answered);
    s.on('successs', answered); // the legacy spelling older clients send
    s.on('error', (payload: unknown) => {
      const templateId = payload && typeof payload === 'object' ? String((payload as { templateId?: unknown }).templateId ?? '') : '';
      const text = message(payload);
      for (const l of this.printErrorListeners) l({ templateId, message: text });
      this.settle(templateId, (w) => w.reject(new Error(text)));
    });
    s.on('clientInfo', (info: Record<string, unknown>) => {
      this.dispatch({ type: 'clientInfo', info });
      this.answer('clientInfo', info);
    });
    s.on('clients', (clients: Record<string, unknown> | unknown[]) => {
      this.dispatch({ type: 'clients', clients });
      this.answer('clients', clients);
    });
    s.on('printerList', (printers: PrinterInfo[]) => {
      this.dispatch({ type: 'printerList', printers });
      this.answer('printerList', printers);
    });
    for (const name of ['address', 'ippPrinterConnected', 'ippPrinterCallback', 'ippRequestCallback']) s.on(name, (v: unknown) => this.answer(name, v));
  }

  private settle(templateId: string, fn: (w: Waiting) => void): void {
    const queue = this.waiting.get(templateId);
    const w = queue?.shift();
    if (!w) return;
    if (queue && queue.length === 0) this.waiting.delete(templateId);
    clearTimeout(w.timer);
    this.dispatch({ type: 'jobDone', templateId });
    fn(w);
  }

  private failAll(error: Error): void {
    for (const [templateId, queue] of this.waiting) {
      for (const w of queue) {
        clearTimeout(w.timer);
        w.reject(error);
      }
      this.dispatch({ type: 'jobDone', templateId });
    }
    this.waiting.clear();
  }

  private answer(name: string, value: unknown): void {
    const waiters = this.onceWaiters.get(name);
    if (!waiters) return;
    this.onceWaiters.delete(name);
    for (const w of waiters) w(value);
  }

  /** Emits `event` and waits for the client's `answer` event. */
  private request<T>(event: string, answer: string, ...args: unknown[]): Promise<T> {
    if (!canPrint(this.state)) return Promise.reject(new DesignerError('clientNotConnected'));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`print client did not answer ${event}`)), this.jobTimeoutMs);
      const list = this.onceWaiters.get(answer) ?? [];
      list.push((v) => {
        clearTimeout(timer);
        resolve(v as T);
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

  /** Sends a job ('news'); resolves when the client reports success for its templateId. */
  print(job: PrintJob): Promise<PrintResult> {
    if (!canPrint(this.state)) return Promise.reject(new DesignerError('clientNotConnected'));
    const id = job.id ?? `job-${Date.now().toString(36)}-${++jobCounter}`;
    return new Promise<PrintResult>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(job.templateId, (w) => w.reject(new Error('print client did not answer in time'))), this.jobTimeoutMs);
      const queue = this.waiting.get(job.templateId) ?? [];
      queue.push({ resolve, reject, timer });
      this.waiting.set(job.templateId, queue);
      this.dispatch({ type: 'jobSent', templateId: job.templateId });
      this.socket.emit('news', { id, html: job.html, templateId: job.templateId, options: job.options ?? {} });
    });
  }

  refreshPrinterList(): Promise<PrinterInfo[]> {
    return this.request('refreshPrinterList', 'printerList');
  }

  getClients(): Promise<Record<string, unknown> | unknown[]> {
    return this.request('getClients', 'clients');
  }

  getClientInfo(): Promise<Record<string, unknown>> {
    return this.request('getClientInfo', 'clientInfo');
  }

  /** The client machine's addresses ('ip', 'ipv6', 'mac', 'dns', 'all', 'interface', 'vboxnet'). */
  getAddress(type: string, ...args: unknown[]): Promise<unknown> {
    return this.request('address', 'address', type, ...args);
  }

  /** Prints to a network (IPP) printer through the client; resolves with its callback. */
  ippPrint(options: Record<string, unknown>): Promise<unknown> {
    return this.request('ippPrint', 'ippPrinterCallback', options);
  }

  ippRequest(options: Record<string, unknown>): Promise<unknown> {
    return this.request('ippRequest', 'ippRequestCallback', options);
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

export function createPrintClient(options: PrintClientOptions): PrintClient {
  return new PrintClient(options);
}
