import { ApiError, call } from '../../src/api/http';
import { addModuleTexts } from '../i18n/screenTexts';
import type { DescriptorSet, ScreenBundle, ScreenDescriptor } from '../../core/descriptors/index.ts';

export const SCREEN_DESCRIPTOR_PATH = '/wxy-system-server/screen-descriptor';

/** A screen ready to render, or why there is none. */
export type ScreenLoad =
  | { ok: true; set: DescriptorSet; screen: ScreenDescriptor }
  | { ok: false; missing: boolean; message: string };

/** The screen and the resources it calls, indexed like the server's descriptor set. */
export function setOfBundle(bundle: ScreenBundle): DescriptorSet {
  return {
    resources: new Map(bundle.resources.map((r) => [r.name, r])),
    screens: new Map([[bundle.screen.name, bundle.screen]]),
    files: new Map(),
  };
}

const loads = new Map<string, Promise<ScreenLoad>>();

/**
 * The screen descriptor of a menu path, fetched from the server once per user and path (the server only
 * answers menu paths the user is granted) with its module's labels added to i18next. No screen (404) or
 * not granted (403) is `missing`: the 404 page. A failure stays until `retryScreen` (a render never refetches).
 */
export function loadScreen(userKey: string, route: string): Promise<ScreenLoad> {
  const key = `${userKey}|${route}`;
  let load = loads.get(key);
  if (!load) {
    load = call<ScreenBundle>({ method: 'GET', url: SCREEN_DESCRIPTOR_PATH, params: { route }, silent: true }).then(
      (bundle): ScreenLoad => {
        addModuleTexts(bundle.texts);
        return { ok: true, set: setOfBundle(bundle), screen: bundle.screen };
      },
      (err: unknown): ScreenLoad => {
        const status = err instanceof ApiError ? err.httpStatus : undefined;
        return { ok: false, missing: status === 404 || status === 403, message: err instanceof Error ? err.message : String(err) };
      },
    );
    loads.set(key, load);
  }
  return load;
}

export function retryScreen(userKey: string, route: string): void {
  loads.delete(`${userKey}|${route}`);
}
