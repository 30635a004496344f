import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { notifyError } from '../feedback/notify';
import { i18n } from '../i18n/i18n';
import { currentLocation, navigateTo } from '../router/navigation';
import { appState } from '../store/appStore';
import { clearSession } from '../session/clearSession';
import { leaveEndedSession } from '../session/sessionGone';
import { cookieToken, tabToken } from '../session/sessionStorage';
import { describeFailure, isStaleSession } from './failure';
import { TIMEOUT } from './timeouts';
import { attachRequestLog } from '../localLog/requestLog';
import type { Envelope } from './types';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** false: a 47xx answer does not leave the page. */
    hasExitSystem?: boolean;
    /** true: the caller shows the failure itself (no toast). */
    silent?: boolean;
  }
}

/** Error thrown by every failed call: the server's code and Chinese message when it answered. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number | string | undefined,
    readonly httpStatus: number | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SERVICE = {
  auth: '/wxy-auth-server',
  system: '/wxy-system-server',
} as const;

export const client = axios.create({ baseURL: '/api', timeout: TIMEOUT.default, withCredentials: true });

// Every call goes to the local request log (newDatabase.requireInfoList).
attachRequestLog(client);

const STALE_SESSION = 'stale-session';

client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  // Login calls name the tenant being logged into; every other call carries the session's tenant.
  if (!config.headers.has('X-TENANT-ID')) config.headers.set('X-TENANT-ID', appState.tenantId);
  // A request that brings its own credential (login's Basic header) skips the session check.
  if (config.headers.has('Authorization')) return config;
  const here = currentLocation();
  if (isStaleSession(cookieToken(), tabToken(), here.path)) {
    leaveEndedSession();
    throw new axios.Cancel(STALE_SESSION);
  }
  const token = tabToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

function failure(error: unknown): ApiError {
  if (axios.isCancel(error)) return new ApiError(String((error as { message?: string }).message ?? 'cancelled'), undefined, undefined);
  const axiosError = error as AxiosError<Partial<Envelope<unknown>>>;
  const body = axiosError.response?.data;
  const code = body && typeof body === 'object' ? body.code : undefined;
  const msg = body && typeof body === 'object' ? body.msg : undefined;
  const status = axiosError.response?.status;
  const config = axiosError.config;
  const here = currentLocation();
  const outcome = describeFailure({ httpStatus: status, code, msg, hasExitSystem: config?.hasExitSystem, currentPath: here.path, currentFullPath: here.fullPath });
  if (!config?.silent) notifyError(outcome.message, outcome.durationMs);
  if (outcome.goTo) {
    clearSession();
    navigateTo(outcome.goTo, { replace: true });
  }
  const text = 'text' in outcome.message ? outcome.message.text : i18n.t(outcome.message.key);
  return new ApiError(text, code, status);
}

/** Calls an enveloped endpoint and returns its `data`; a non-200 code is a failure. */
export async function call<T>(config: AxiosRequestConfig): Promise<T> {
  try {
    const response = await client.request<Envelope<T>>(config);
    const body = response.data;
    if (body && typeof body === 'object' && 'code' in body && Number(body.code) !== 200) {
      throw new AxiosError(body.msg, String(body.code), response.config, response.request, response);
    }
    return body.data;
  } catch (error) {
    throw error instanceof ApiError ? error : failure(error);
  }
}

/** Calls an endpoint answering plain JSON on success (oauth/token). */
export async function callPlain<T>(config: AxiosRequestConfig): Promise<T> {
  try {
    const response = await client.request<T>(config);
    return response.data;
  } catch (error) {
    throw failure(error);
  }
}
