/**
 * The print client's connection as a pure state machine (spec 001 §4: connected, reconnecting,
 * closed; up to 5 reconnection attempts). The socket binding (client.ts) feeds it socket events and
 * reads from it whether a print may be sent; the screen renders it.
 */

/** Spec 001 §9 socket constants. */
export const PRINT_CLIENT_DEFAULTS = {
  /** the local print client */
  host: 'http://localhost:17521',
  reconnectionAttempts: 5,
  /** reconnectDelay: wait between attempts */
  reconnectDelay: 2000,
  /** reconnectTimeout: how long one connection attempt may take */
  reconnectTimeout: 60_000,
} as const;

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface PrinterInfo {
  name: string;
  displayName?: string;
  description?: string;
  status?: number;
  isDefault?: boolean;
  [key: string]: unknown;
}

export interface PrintClientState {
  status: ConnectionStatus;
  /** reconnection attempts made since the connection was lost (0 when connected) */
  attempt: number;
  maxAttempts: number;
  /** why the last connection attempt failed or the connection closed */
  error: string | null;
  /** what the connected client reported */
  clientInfo: Record<string, unknown> | null;
  clients: Record<string, unknown> | unknown[] | null;
  printers: PrinterInfo[];
  /** templateIds of jobs sent and not yet answered */
  pending: string[];
}

export type PrintClientEvent =
  | { type: 'connect' }
  | { type: 'connectError'; message: string; willRetry: boolean }
  | { type: 'disconnect'; reason: string; willRetry: boolean }
  | { type: 'reconnectAttempt'; attempt: number }
  | { type: 'reconnectFailed' }
  | { type: 'close' }
  | { type: 'reopen' }
  | { type: 'clientInfo'; info: Record<string, unknown> }
  | { type: 'clients'; clients: Record<string, unknown> | unknown[] }
  | { type: 'printerList'; printers: PrinterInfo[] }
  | { type: 'jobSent'; templateId: string }
  | { type: 'jobDone'; templateId: string };

export function initialPrintClientState(maxAttempts: number = PRINT_CLIENT_DEFAULTS.reconnectionAttempts): PrintClientState {
  return { status: 'connecting', attempt: 0, maxAttempts, error: null, clientInfo: null, clients: null, printers: [], pending: [] };
}

export function reducePrintClient(state: PrintClientState, event: PrintClientEvent): PrintClientState {
  switch (event.type) {
    case 'connect':
      return { ...state, status: 'connected', attempt: 0, error: null };
    case 'connectError':
      // refused by the client (bad token, origin): no retry; unreachable: socket.io retries
      if (state.status === 'closed') return { ...state, error: event.message };
      return { ...state, status: event.willRetry ? (state.status === 'connected' || state.attempt > 0 ? 'reconnecting' : state.status) : 'closed', error: event.message };
    case 'disconnect':
      if (state.status === 'closed') return state;
      // jobs in flight are lost with the connection; their callers are told by the binding
      return { ...state, status: event.willRetry ? 'reconnecting' : 'closed', error: event.reason, pending: [] };
    case 'reconnectAttempt':
      if (state.status === 'closed') return state;
      return { ...state, status: 'reconnecting', attempt: Math.min(event.attempt, state.maxAttempts) };
    case 'reconnectFailed':
      return { ...state, status: 'closed', error: state.error ?? 'reconnect failed' };
    case 'close':
      return { ...state, status: 'closed', pending: [] };
    case 'reopen':
      return { ...state, status: 'connecting', attempt: 0, error: null };
    case 'clientInfo':
      return { ...state, clientInfo: event.info };
    case 'clients':
      return { ...state, clients: event.clients };
    case 'printerList':
      return { ...state, printers: Array.isArray(event.printers) ? event.printers : [] };
    case 'jobSent':
      return state.pending.includes(event.templateId) ? state : { ...state, pending: [...state.pending, event.templateId] };
    case 'jobDone':
      return { ...state, pending: state.pending.filter((t) => t !== event.templateId) };
  }
}

/** Printing needs an open connection (spec 001 §4). */
export const canPrint = (state: PrintClientState): boolean => state.status === 'connected';
