import type { AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { recordRequest } from './logWriter';

/** Records every call of an axios client in the local request log (method, path, status, code, duration). */
export function attachRequestLog(client: AxiosInstance): void {
  const started = new WeakMap<object, number>();
  client.interceptors.request.use((config) => {
    started.set(config, Date.now());
    return config;
  });
  const log = (config: InternalAxiosRequestConfig | undefined, response: AxiosResponse | undefined) => {
    if (!config) return;
    const body = response?.data as { code?: number | string } | undefined;
    recordRequest({
      method: (config.method ?? 'get').toUpperCase(),
      url: `${config.baseURL ?? ''}${config.url ?? ''}`.split('?')[0],
      status: response?.status ?? null,
      code: body && typeof body === 'object' && 'code' in body ? (body.code ?? null) : null,
      durationMs: Date.now() - (started.get(config) ?? Date.now()),
    });
  };
  client.interceptors.response.use(
    (response) => {
      log(response.config, response);
      return response;
    },
    (error: { config?: InternalAxiosRequestConfig; response?: AxiosResponse }) => {
      log(error?.config, error?.response);
      return Promise.reject(error);
    },
  );
}
