import { appState } from '../store/appStore';
import type { Tenant } from './types';

/**
 * The public tenant look-up the login page makes as it opens (by the host it is served on, or the tenant number
 * typed): a plain fetch, so the page shows without the API client's library (loaded with the first real call).
 * Null when there is no such tenant or no answer; the page shows its default name then, nothing to toast.
 */
export async function lookUpTenant(query: { id?: number; domain?: string }): Promise<Tenant | null> {
  try {
    const answer = await fetch('/api/wxy-system-server/tenant/get', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-TENANT-ID': appState.tenantId },
      body: JSON.stringify(query),
    });
    const body = (await answer.json()) as { code?: number; data?: Tenant | null };
    return Number(body.code) === 200 ? (body.data ?? null) : null;
  } catch {
    return null;
  }
}
