import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { MenuNode } from '../api/types';
import { appState } from '../store/appStore';
import { type GuardedField, canSeeField, hasPermission } from './permission';

/** True when the user's menu list holds the permission string. */
export function usePermission(permission: string): boolean {
  return hasPermission(useSnapshot(appState).menuList as MenuNode[], permission);
}

/**
 * The permission directive: renders its children only when the menu list holds `perm`.
 * @example <Permission perm="system:user:unlock"><Button>解锁</Button></Permission>
 */
export function Permission({ perm, children }: { perm: string; children: ReactNode }) {
  return usePermission(perm) ? <>{children}</> : null;
}

/** Whether a guarded money field (进价总金额, 成本总金额, 零售价, 供应商, 毛利率) may be shown. */
export function useFieldVisible(field: GuardedField): boolean {
  return canSeeField(useSnapshot(appState).user?.fieldPermissionNames as string[] | undefined, field);
}
