import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { BUSINESS_TZ } from './playwright.config';

/** Shared steps of the end-to-end specs (not a spec itself: the config only runs *.spec.ts). */

/** Logs in through the login page (tenant 1 unless told) and waits for the home page. */
export async function logIn(page: Page, user = 'admin', password = 'admin123', tenant = '1'): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  const tenantField = page.getByTestId('login-tenant');
  if (await tenantField.count()) await tenantField.fill(tenant);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\/index$/);
}

/** Opens a page from the sidebar, unfolding its module first when it is folded. */
export async function openFromSidebar(page: Page, modulePath: string, pagePath: string): Promise<void> {
  const item = page.getByTestId(`menu-${pagePath}`);
  const moduleNode = page.getByTestId(`menu-${modulePath}`).first();
  await expect(moduleNode).toBeVisible();
  await expect(async () => {
    if (!(await item.isVisible())) await moduleNode.click();
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`${pagePath}(\\?|$)`));
}

/** The API as the logged-in page's user: its token (the Admin-Token cookie) and tenant 1. */
export async function pageApi(page: Page): Promise<{ request: APIRequestContext; headers: Record<string, string> }> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value;
  return { request: page.request, headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1' } };
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
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}
