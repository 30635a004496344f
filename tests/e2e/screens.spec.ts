import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { tabScreen } from '../../core/descriptors/report.ts';
import { hiddenFields } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor, ScreenDescriptor } from '../../core/descriptors/types.ts';
import type { MenuNode } from '../../src/api/types.ts';
import { flattenRoutes, permittedRoutes } from '../../src/router/menuRoutes.ts';
import { ROOT } from './servers';
import { expect, logIn, pageApi, test } from './support';

/**
 * Every generic list screen (schemas/screens/*.json) that admin's menu reaches, opened in one logged-in page by its
 * address: it renders its list with the header of every column its descriptor shows by default (under its
 * parent's header where it has one), in zh-CN, and nothing goes wrong on the way (no error toast, no failed screen
 * load, no uncaught error or console error). Screens added later are covered without touching this file. The
 * behaviours of lists (filters, sorting, paging, forms, actions) are tested on one screen each in engine*.spec.ts
 * and modules.spec.ts.
 */

const SCHEMAS = path.join(ROOT, 'schemas');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const descriptors = <T>(folder: string): T[] =>
  readdirSync(path.join(SCHEMAS, folder)).filter((f) => f.endsWith('.json')).sort().map((f) => readJson<T>(path.join(SCHEMAS, folder, f)));
const screens = descriptors<ScreenDescriptor>('screens');
const resources = new Map(descriptors<ResourceDescriptor>('resources').map((r) => [r.name, r]));
const zhCN = readJson<Record<string, unknown>>(path.join(ROOT, 'core/descriptors/i18n/zh-CN.json'));

/** The zh-CN text of an i18n key of core/descriptors/i18n (the labels the project's descriptors name). */
function text(key: string): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], zhCN);
  if (typeof found !== 'string') throw new Error(`i18n key ${key} has no zh-CN text`);
  return found;
}

/**
 * Opens `route` inside the running app without reloading the page: a history entry and a popstate, which the app
 * takes as the browser's back or forward (it closes the tab left, src/tabs/tabActions.ts). The first screen of a tab
 * is loaded by its address, and so is the next one after a tab that asks before it closes (third-level pages).
 */
async function openInApp(page: Page, route: string, leaving: { thirdLevel: boolean } | undefined) {
  if (!leaving || leaving.thirdLevel) {
    await page.goto(route);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, route);
}

/** Screens opened side by side, each in a tab of its own: a screen mostly waits (its calls, React's reveal of a suspended view). */
const LANES = 3;

/** Watches one tab: the API calls in flight, and whatever goes wrong (named by the screen it happened on). */
function watch(page: Page, problems: string[]) {
  const state = { current: '(start)', inFlight: 0 };
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('pageerror', (err) => problems.push(`${state.current}: uncaught ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${state.current}: console error ${msg.text()}`);
  });
  page.on('request', (r) => { if (isApi(r.url())) state.inFlight++; });
  page.on('requestfinished', (r) => { if (isApi(r.url())) state.inFlight--; });
  page.on('requestfailed', (r) => {
    if (!isApi(r.url())) return;
    state.inFlight--;
    // net::ERR_ABORTED is the app cancelling a call it no longer needs (a query whose screen moved on): nothing the
    // user sees; a call that really failed shows as a toast or a failed screen, which the check reads too.
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`${state.current}: ${r.method()} ${r.url()} failed (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (isApi(r.url()) && r.status() >= 400) problems.push(`${state.current}: ${r.request().method()} ${r.url()} answered ${r.status()}`);
  });
  return state;
}

test('every generic list screen admin reaches renders its table with its column headers, without an error', async ({ page }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const me = (await (await request.get('/api/wxy-system-server/user/permissions', { headers })).json()).data as { menuVOList: MenuNode[]; roles?: string[]; fieldPermissionNames?: string[] };
  // The routes the app builds from admin's menu tree (src/router/menuRoutes.ts), as its router does.
  const routes = new Map(flattenRoutes(permittedRoutes(me.menuVOList, me.roles ?? [])).map((r) => [r.path, r]));
  const granted = me.fieldPermissionNames ?? [];
  // Admin holds every menu: a screen it cannot reach is a menu or seed mistake, not something to skip quietly.
  expect(screens.filter((s) => !routes.has(s.route)).map((s) => s.route), 'screens missing from admin’s menu').toEqual([]);
  expect(screens.length).toBeGreaterThanOrEqual(89);

  /** Opens each screen of `lane` in turn in `tab` and checks it. */
  const check = async (tab: Page, lane: ScreenDescriptor[]) => {
    const state = watch(tab, problems);
    let previous: string | undefined;
    for (const screen of lane) {
      await openInApp(tab, screen.route, previous ? { thirdLevel: routes.get(previous)!.meta.thirdLevel === true } : undefined);
      state.current = previous = screen.route;
      // A report of several views (门店销售: 按门店, 订单, 商品构成) opens on its first: that view's list is checked.
      const shown = screen.report?.tabs?.length ? tabScreen(screen, screen.report.tabs[0]) : screen;
      // Its table, waited for in the page every 50 ms (a locator assertion re-checks only every 500 ms after its
      // first tries: seconds over 89 screens).
      const shownHeader = await tab.waitForFunction(({ route, name, view }) => {
        if (window.location.pathname !== route) return null;
        const table = document.querySelector(`[data-testid="screen-${name}"] [data-testid="${view}-table"]`);
        if (!table || !(table as HTMLElement).offsetParent) return null;
        return [...table.querySelectorAll('thead th[data-column]:not([data-column^="__"])')]
          .map((th) => [th.getAttribute('data-column')!, (th.textContent ?? '').replace(/ [▲▼]$/, '').trim()] as [string, string]);
      }, { route: screen.route, name: screen.name, view: shown.name }, { polling: 50, timeout: 20_000 }).then((handle) => handle.jsonValue());

      // The default header: every column not hidden until picked nor withheld by a field permission, with its label.
      const hidden = hiddenFields(resources.get(screen.resource)!, granted, screen.fieldPermissions);
      const columns = shown.columns.filter((c) => !c.hidden && !hidden.has(c.field));
      const expected = new Map(columns.map((c) => [c.field, text(c.label)]));
      for (const parent of new Set(columns.flatMap((c) => (c.parent ? [c.parent] : [])))) expected.set(`group:${parent}`, text(parent));
      expect(new Map(shownHeader), `${screen.route}: its column headers`).toEqual(expected);

      // Its calls have answered (the list and what the screen loads with it): no error shown, and rows where the
      // list has some.
      const settleBy = Date.now() + 20_000;
      while (state.inFlight > 0) {
        if (Date.now() > settleBy) throw new Error(`${screen.route}: calls still running after 20 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const after = await tab.evaluate((name) => ({
        failed: document.querySelectorAll('[data-testid="screen-load-failed"]').length,
        errorToasts: [...document.querySelectorAll('[data-testid="toast-error"]')].map((el) => el.textContent),
        total: document.querySelector(`[data-testid="${name}-total"]`)?.textContent ?? null,
        rows: document.querySelectorAll(`[data-testid="${name}-table-row"]`).length,
      }), shown.name);
      expect(after.failed, `${screen.route}: the screen failed to load`).toBe(0);
      expect(after.errorToasts, `${screen.route}: error toasts`).toEqual([]);
      const total = Number(after.total?.replace(/\D/g, '') ?? 0);
      expect(after.rows > 0, `${screen.route}: rows shown (total ${after.total})`).toBe(total > 0);
      expect(problems).toEqual([]);
    }
  };
  // Lane n takes every LANES-th screen, in a tab of the logged-in context (the session is its cookie).
  const lanes = Array.from({ length: LANES }, (_, n) => screens.filter((_, i) => i % LANES === n));
  const tabs = [page, ...(await Promise.all(lanes.slice(1).map(() => page.context().newPage())))];
  await Promise.all(tabs.map((tab, n) => check(tab, lanes[n])));
});
