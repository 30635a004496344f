import type { MenuNode } from '../api/types';

/**
 * Permission directive rule (spec §6): an element is shown only when the serialized menu list
 * contains the permission string.
 */
export function hasPermission(menuList: readonly MenuNode[] | null | undefined, permission: string): boolean {
  if (!menuList || permission === '') return false;
  return JSON.stringify(menuList).includes(permission);
}

/** Fields whose visibility depends on fieldPermissionNames (spec §5), keyed by the Chinese permission name. */
export const FIELD_PERMISSIONS = {
  purchaseTotal: '进价总金额',
  costTotal: '成本总金额',
  retailPrice: '零售价',
  supplier: '供应商',
  grossMargin: '毛利率',
} as const;

export type GuardedField = keyof typeof FIELD_PERMISSIONS;

export function canSeeField(fieldPermissionNames: readonly string[] | null | undefined, field: GuardedField): boolean {
  return (fieldPermissionNames ?? []).includes(FIELD_PERMISSIONS[field]);
}

/** Bell badge text: hidden at 0, capped at 99 (spec §9). */
export function badgeText(unread: number | null | undefined): string | null {
  if (!unread || unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}
