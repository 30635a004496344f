import Cookies from 'js-cookie';

/** Where the session lives in the browser (spec §6). */
export const TOKEN_COOKIE = 'Admin-Token';
export const TOKEN_COOKIE_DAYS = 30;
export const DEVICE_SHOP_COOKIE = 'deviceShopId';
export const DEVICE_SHOP_COOKIE_DAYS = 3;
export const TENANT_ID_KEY = 'tenantId';
export const DEFAULT_TENANT_ID = '1';
export const FINGERPRINT_KEY = 'fingerprintCode';

export function cookieToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function tabToken(): string | null {
  return sessionStorage.getItem(TOKEN_COOKIE);
}

export function saveToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { expires: TOKEN_COOKIE_DAYS });
  sessionStorage.setItem(TOKEN_COOKIE, token);
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
  sessionStorage.removeItem(TOKEN_COOKIE);
}

/** A new browser tab adopts the cookie session once; afterwards a changed cookie means another tab switched user. */
export function adoptCookieToken(): string | undefined {
  const token = cookieToken();
  if (token && !tabToken()) sessionStorage.setItem(TOKEN_COOKIE, token);
  return tabToken() ?? undefined;
}

export function saveDeviceShopId(shopId: string | number | null | undefined): void {
  if (shopId === null || shopId === undefined || shopId === '') Cookies.remove(DEVICE_SHOP_COOKIE);
  else Cookies.set(DEVICE_SHOP_COOKIE, String(shopId), { expires: DEVICE_SHOP_COOKIE_DAYS });
}

export function deviceShopId(): string {
  return Cookies.get(DEVICE_SHOP_COOKIE) ?? '';
}

export function rememberedTenantId(): string {
  return localStorage.getItem(TENANT_ID_KEY) || DEFAULT_TENANT_ID;
}

export function rememberTenantId(tenantId: string): void {
  localStorage.setItem(TENANT_ID_KEY, tenantId);
}

/**
 * This browser's device fingerprint, made once (a random id kept in localStorage) when device activation
 * first shows it. Random rather than derived from the browser's traits: it must stay the same across updates
 * and never be the same on two computers.
 */
export function ensureDeviceFingerprint(): string {
  const kept = deviceFingerprint();
  if (kept) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = `WXY-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  localStorage.setItem(FINGERPRINT_KEY, made);
  return made;
}

/** Fingerprint of an activated shop device (set by device activation); empty on ordinary browsers. */
export function deviceFingerprint(): string {
  return localStorage.getItem(FINGERPRINT_KEY) ?? '';
}
