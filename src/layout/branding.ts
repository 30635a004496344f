import type { Tenant } from '../api/types';

/**
 * Document title and description: on a tenant's own host they come from the tenant name,
 * elsewhere from the product name; the page title goes first.
 */
export function documentBranding(input: { tenant: Tenant | null; host: string; appName: string; appDescription: string; pageTitle?: string }): {
  title: string;
  description: string;
} {
  const onTenantHost = Boolean(input.tenant?.tenantName && input.tenant.domain && input.tenant.domain === input.host);
  const base = onTenantHost ? input.tenant!.tenantName : input.appName;
  return {
    title: input.pageTitle ? `${input.pageTitle} - ${base}` : base,
    description: onTenantHost ? input.tenant!.tenantName : input.appDescription,
  };
}

export function applyBranding(branding: { title: string; description: string }): void {
  document.title = branding.title;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = branding.description;
}
