/**
 * Shapes of the foundation API (server/API.md) not taken from the contract: the envelope and page (generic) and the
 * menu tree (user/permissions serves its nodes untyped: their meta is free-form JSON of the menu files). The types
 * named here that come from the contract (tenant, login records, version log, user row, the signed-in user, token
 * answer) are aliases, kept where the store and pages import them without importing the http client.
 */
import type { paths } from './contract';
import type { Answer } from './contractTypes';

/** A tenant's branding (tenant/get answers null for a domain that is no tenant's). */
export type Tenant = NonNullable<Answer<'/wxy-system-server/tenant/get', 'post'>>;
export type LoginRecord = Answer<'/wxy-system-server/login-record/findPage/{pageNum}/{pageSize}', 'get'>['records'][number];
export type VersionLog = Answer<'/wxy-system-server/sys-version-log/findPage/{pageNum}/{pageSize}', 'get'>['records'][number];
/** A row of 用户管理 (the list and the detail answer the same). */
export type UserRow = Answer<'/wxy-system-server/user/info/{id}', 'get'>;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Page<T> {
  records: T[];
  total: number;
}

export interface MenuMeta {
  module?: string;
  title?: string;
  icon?: string;
  keepAlive?: boolean;
  thirdLevel?: boolean;
  roles?: string[];
}

export interface MenuNode {
  id: number | string;
  parentId: number | string | null;
  path: string;
  component?: string | null;
  menuName: string;
  /** 1 = module or page, 2 = button permission (never a menu). */
  menuType: number;
  hidden?: boolean | number;
  type?: number | string | null;
  label?: string | null;
  sort?: number | null;
  labelSort?: number | null;
  icon?: string | null;
  perms?: string | null;
  meta?: MenuMeta | null;
  childList?: MenuNode[] | null;
}

type Permissions = Answer<'/wxy-system-server/user/permissions', 'get'>;
/** A 查询时间限制 of the signed-in user: their own limit (own) or the tenant's. */
export type SearchTimeLimit = Permissions['searchTimeLimitList'][number];
/** The signed-in user as the shell reads it at start: the contract's answer, its menus read as MenuNode (served untyped). */
export type UserInfo = Omit<Permissions, 'menuVOList'> & { menuVOList: MenuNode[] };

/** The token endpoint's answer (OAuth2, not enveloped: typed.ts's Answer reads an envelope's data). */
export type LoginAnswer = paths['/api/wxy-auth-server/oauth/token']['post']['responses'][200]['content']['application/json'];
