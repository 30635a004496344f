import { existsSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { BUSINESS_TZ } from './servers';
import { addDays, dayIn } from '../../core/calendar.ts';

/**
 * Shared steps of the end-to-end specs (not a spec itself: the config only runs *.spec.ts), and the specs' `test`
 * and `expect` (fixtures.ts: a server and database per worker).
 */
export { expect, test } from './fixtures';

export const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;

export interface LoginAnswer {
  access_token: string;
  X_SHOP_ID: number | null;
}

/** The password grant, as the login page calls it (the client credential as Basic auth, the tenant in X-TENANT-ID). */
export async function passwordToken(request: APIRequestContext, user = 'admin', password = 'admin123', tenant = '1'): Promise<LoginAnswer & { origin: string }> {
  const answer = await request.post('/api/wxy-auth-server/oauth/token', {
    headers: { authorization: BASIC, 'x-tenant-id': tenant },
    form: { grant_type: 'password', username: user, password },
  });
  const body = await answer.json();
  expect(answer.status(), `login of ${user}: ${JSON.stringify(body)}`).toBe(200);
  return { ...(body as LoginAnswer), origin: new URL(answer.url()).origin };
}

export interface LogInOptions {
  /**
   * The address opened once logged in (a fresh load of it, as typing it would): `/` unless given; `false` opens
   * nothing (the test sets data up through the API first, then opens its page with `openPage`).
   */
  to?: string | false;
  /** The address the user should land on: `to` when given, else 首页 (/home/index). */
  landing?: RegExp;
}

/**
 * Logs in without the login page (tenant 1 unless told) and waits for the landing page: asks the token endpoint and
 * keeps what the login page keeps (src/session/sessionActions.ts establishSession): the Admin-Token cookie for 30
 * days (a tab's sessionStorage copy is adopted from it at start-up), the deviceShopId cookie and the tenant in
 * localStorage; then it opens `/`, as the login page's redirect does, or straight the page the test is about
 * (`to`), which spares loading 首页 (its workbench and charts) first. The login page itself is tested by
 * shell.spec.ts and phone-login.spec.ts; `logInThroughPage` is the slow way.
 */
export async function logIn(page: Page, user = 'admin', password = 'admin123', tenant = '1', options: LogInOptions = {}): Promise<void> {
  const context = page.context();
  const answer = await passwordToken(context.request, user, password, tenant);
  const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  await context.clearCookies({ name: 'deviceShopId' });
  await context.addCookies([
    { name: 'Admin-Token', value: answer.access_token, url: answer.origin, expires },
    ...(answer.X_SHOP_ID ? [{ name: 'deviceShopId', value: String(answer.X_SHOP_ID), url: answer.origin, expires: expires - 27 * 24 * 3600 }] : []),
  ]);
  // rememberTenantId: tenant 1 is also what the app assumes when none is kept.
  if (tenant !== '1') await context.addInitScript((t) => { if (!localStorage.getItem('tenantId')) localStorage.setItem('tenantId', t); }, tenant);
  if (options.to === false) return;
  await page.goto(options.to ?? '/');
  await expect(page).toHaveURL(options.landing ?? (options.to ? new RegExp(`${escapeRegExp(options.to)}$`) : /\/home\/index$/));
}

/** Opens a page by its address (a fresh load, as typing it would) and waits until the app shows that address. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}(\\?|$)`));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Logs in through the login page (tenant 1 unless told) and waits for the home page (or `landing`). */
export async function logInThroughPage(page: Page, user = 'admin', password = 'admin123', tenant = '1', landing: RegExp = /\/home\/index$/): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  const tenantField = page.getByTestId('login-tenant');
  if (await tenantField.count()) await tenantField.fill(tenant);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(landing);
}

/**
 * A page's item in the sidebar, its module unfolded first when it is folded (modules fold except the current page's).
 * Waits for the item, not for the page: `openFromSidebar` also waits for the address.
 */
export async function menuItem(page: Page, modulePath: string, pagePath: string) {
  const item = page.getByTestId(`menu-${pagePath}`);
  const moduleNode = page.getByTestId(`menu-${modulePath}`).first();
  await expect(moduleNode).toBeVisible();
  await expect(async () => {
    if (!(await item.isVisible())) await moduleNode.click();
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  return item;
}

/** Opens a page from the sidebar, unfolding its module first when it is folded. */
export async function openFromSidebar(page: Page, modulePath: string, pagePath: string): Promise<void> {
  await (await menuItem(page, modulePath, pagePath)).click();
  await expect(page).toHaveURL(new RegExp(`${pagePath}(\\?|$)`));
}

/** The API as the logged-in page's user: its token (the Admin-Token cookie) and tenant 1. */
export async function pageApi(page: Page): Promise<{ request: APIRequestContext; headers: Record<string, string> }> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value;
  return { request: page.request, headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1' } };
}

/**
 * The API as the logged-in page's user: `api(method, url, data?)` answers the envelope's data after checking its code is
 * 200 (the message says which call failed), for a test's setting up and checks beside what the page shows.
 */
export async function pageCalls(page: Page): Promise<(method: 'get' | 'post', url: string, data?: unknown) => Promise<any>> {
  const { request, headers } = await pageApi(page);
  return async (method, url, data) => {
    const r = await (await request[method](`/api/${url}`, { headers, data })).json();
    expect(r.code, `${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
}

/**
 * Opens the register and makes sure it is on a shift: an earlier spec of this worker may have left the user's open,
 * else one is opened with 100 in the drawer.
 */
export async function openRegisterOnShift(page: Page): Promise<void> {
  await page.goto('/orderInfo/retailOrder');
  await expect(page.getByTestId('register-shift').or(page.getByTestId('register-open-shift-ok'))).toBeVisible();
  if (await page.getByTestId('register-open-shift-ok').isVisible()) {
    await page.getByTestId('register-opening-cash').fill('100');
    await page.getByTestId('register-open-shift-ok').click();
  }
  await expect(page.getByTestId('register-shift')).toBeVisible();
}

/** A request the test holds until it calls `release` (to see what the page shows while it waits). */
export interface HeldRequest {
  /** Resolves when the page sent the request. */
  arrived: Promise<void>;
  /** Lets the request go on to the server. */
  release: () => void;
}

export async function holdRequests(page: Page, url: RegExp | string | ((url: URL) => boolean)): Promise<HeldRequest> {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => { arrive = resolve; });
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(url, async (route) => {
    arrive();
    await released;
    // The page may have given up on the request meanwhile (a cancelled export).
    await route.continue().catch(() => undefined);
  });
  return { arrived, release };
}

/**
 * Today in the business time zone (the server's current_date and the browser's, both BUSINESS_TZ) plus `offset`
 * days, YYYY-MM-DD: never the UTC date, which in China is the day before until 08:00.
 */
export function zoneDay(offset = 0): string {
  return addDays(dayIn(BUSINESS_TZ), offset);
}

/** The last SMS login code the worker's server "sent" to `phone` (its SMS_OUTBOX file: one JSON line a code). */
export function lastSmsCode(outbox: string, phone: string): string | undefined {
  if (!existsSync(outbox)) return undefined;
  const lines = readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean);
  return lines.map((l) => JSON.parse(l) as { phone: string; code: string }).filter((m) => m.phone === phone).at(-1)?.code;
}
