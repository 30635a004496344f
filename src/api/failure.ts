import { DEVICE_ACTIVE_PATH, H5_LOGIN_PATH, LOGIN_PATH, isH5Path } from '../router/staticRoutes';

/**
 * What the user sees when a call fails (spec §8), as a pure mapping from the failure to a message
 * (an i18n key or the server's own text) and where to go.
 */
export interface FailureInput {
  /** HTTP status, absent when no answer came (network down, timeout). */
  httpStatus?: number;
  /** The envelope's code, when the server answered one. */
  code?: number | string;
  msg?: string | null;
  /** Callers pass false to stay on the page when the session is gone. */
  hasExitSystem?: boolean;
  currentPath: string;
  currentFullPath: string;
}

export interface FailureOutcome {
  message: { key: string } | { text: string };
  /** Toast duration: 3 seconds (spec §8). */
  durationMs: number;
  goTo: string | null;
}

export const ERROR_TOAST_MS = 3000;

export function isSessionGoneCode(code: number | string | undefined): boolean {
  return code !== undefined && String(code).startsWith('47');
}

export function loginPathFor(currentPath: string, currentFullPath: string): string {
  return isH5Path(currentPath) ? `${H5_LOGIN_PATH}?redirect=${encodeURIComponent(currentFullPath)}` : LOGIN_PATH;
}

export function describeFailure(input: FailureInput): FailureOutcome {
  const serverText = input.msg?.trim() ? { text: input.msg.trim() } : null;
  if (isSessionGoneCode(input.code)) {
    const goTo = input.hasExitSystem === false ? null : loginPathFor(input.currentPath, input.currentFullPath);
    return { message: serverText ?? { key: 'http.sessionExpired' }, durationMs: ERROR_TOAST_MS, goTo };
  }
  if (input.httpStatus === 404 && (input.code === undefined || Number(input.code) === 404)) {
    return { message: { key: 'http.notFound' }, durationMs: ERROR_TOAST_MS, goTo: null };
  }
  return { message: serverText ?? { key: 'http.networkError' }, durationMs: ERROR_TOAST_MS, goTo: null };
}

/**
 * A request must carry the token kept in this tab's session storage (spec §5): a different cookie
 * token means another tab logged in or out. h5 pages and device activation are exempt.
 */
export function isStaleSession(cookieToken: string | undefined, sessionToken: string | null, currentPath: string): boolean {
  if (isH5Path(currentPath) || currentPath === DEVICE_ACTIVE_PATH) return false;
  if (!cookieToken && !sessionToken) return false;
  return cookieToken !== (sessionToken ?? undefined);
}

/** Retail billing pages run in their own window, which closes when the session is gone. */
export const SELF_CLOSING_PAGES: readonly string[] = ['/orderInfo/retailOrder', '/orderInfo/practiceCash'];
