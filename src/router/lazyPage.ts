import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { notifyWarning } from '../feedback/notify';

export const RELOAD_AFTER_CHUNK_FAILURE_MS = 1000;

/**
 * A lazily loaded page. When its chunk cannot load (a new version replaced the files), warn
 * 服务器版本已更新，正在刷新本地缓存，请稍后... and reload after 1 second (spec §8).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadOrReload(load));
}

/** A lazily loaded named export of a module (a component that is not its module's default), with lazyPage's reload. */
// any props: the component's own type is kept
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => loadOrReload(load).then((m) => ({ default: m[name] })));
}

/** Loads a page module; on failure warns, schedules the reload and never settles (the loader stays up). */
export function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => {
    notifyWarning({ key: 'chunk.reloading' }, false);
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_CHUNK_FAILURE_MS);
    return new Promise<T>(() => {});
  });
}
