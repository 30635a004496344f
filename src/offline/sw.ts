/**
 * The register's service worker (served as /sw.js, registered by the register page alone with its own path as scope,
 * see registerShell.ts). Built by scripts/build-sw.mjs, which puts in the build's version and the files the register
 * needs (its shell: index.html, the entry's scripts and styles, the register's chunks). What it answers is decided
 * by shellRules.ts; every other request goes to the network as if there were no worker.
 *
 * A new build is a new worker: it installs its files beside the old ones and waits. The register page tells it to
 * take over (SKIP_WAITING) only when the cart is empty, then reloads; until then the old version keeps answering.
 */
import { SHELL_URL, SKIP_WAITING, cacheName, shellRoute, staleCaches } from './shellRules';

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const VERSION = __SW_VERSION__;
const PRECACHE = new Set(__SW_PRECACHE__);
const CACHE = cacheName(worker.registration.scope, VERSION);

worker.addEventListener('install', (event) => {
  // index.html is asked of the server (no-cache), the hashed files may come from the HTTP cache (they never change).
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll([...PRECACHE].map((url) => new Request(url, { cache: url === SHELL_URL ? 'no-cache' : 'default' })))),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(staleCaches(names, worker.registration.scope, VERSION).map((n) => caches.delete(n)))));
});

worker.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING) void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = shellRoute(request, worker.location.origin, PRECACHE);
  if (route === 'network') return;
  const key = route === 'shell' ? SHELL_URL : new URL(request.url).pathname;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(key)) ?? fetch(request)),
  );
});
