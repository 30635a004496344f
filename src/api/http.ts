import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
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

const STALE_SESSION = 'stale-session';

type Axios = typeof import('axios').default;
let loaded: Promise<{ axios: Axios; instance: AxiosInstance }> | null = null;

/**
 * The HTTP library is fetched with the first call, not with the login page (which asks nothing until its user
 * does): one instance, its request log and session check attached once.
 */
function loadClient(): Promise<{ axios: Axios; instance: AxiosInstance }> {
  return (loaded ??= import('axios').then(({ default: axios }) => {
    const instance = axios.create({ baseURL: '/api', timeout: TIMEOUT.default, withCredentials: true });
    // Every call goes to the local request log (newDatabase.requireInfoList).
    attachRequestLog(instance);
    instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
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
    return { axios, instance };
  }));
}

/** The axios instance every call goes through (tests replace its adapter). */
export const axiosClient = async (): Promise<AxiosInstance> => (await loadClient()).instance;

/** The raw client, for answers that are not an envelope (files, PDFs): the axios instance's calls, loaded on first use. */
export const client = {
  request: async <T>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> => (await axiosClient()).request<T>(config),
  get: async <T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => (await axiosClient()).get<T>(url, config),
  post: async <T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => (await axiosClient()).post<T>(url, data, config),
};

function failure(axios: Axios, error: unknown): ApiError {
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
  const { axios, instance } = await loadClient();
  try {
    const response = await instance.request<Envelope<T>>(config);
    const body = response.data;
    if (body && typeof body === 'object' && 'code' in body && Number(body.code) !== 200) {
      throw new axios.AxiosError(body.msg, String(body.code), response.config, response.request, response);
    }
    return body.data;
  } catch (error) {
    throw error instanceof ApiError ? error : failure(axios, error);
  }
}

/** Calls an endpoint answering plain JSON on success (oauth/token). */
export async function callPlain<T>(config: AxiosRequestConfig): Promise<T> {
  const { axios, instance } = await loadClient();
  try {
    const response = await instance.request<T>(config);
    return response.data;
  } catch (error) {
    throw failure(axios, error);
  }
}
