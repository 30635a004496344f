/**
 * Shapes of the foundation API (server/API.md) not yet taken from the contract: the envelope and page (generic), the
 * signed-in user with the menu tree and limits (user/permissions answers its menus untyped). The types named here
 * that come from the contract (tenant, login records, version log, user row, token answer) are aliases, kept where the
 * store and pages import them without importing the http client.
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

export interface SearchTimeLimit {
  subjectId: number;
  timeLimit: number | null;
  beginTime?: string | null;
  endTime?: string | null;
}

export interface UserInfo {
  id: number | string;
  userId: number | string;
  userName: string;
  name?: string;
  headPortrait?: string | null;
  phone?: string | null;
  roles?: string[];
  /** The roles' names, for people to read. */
  roleNames?: string[];
  menuVOList: MenuNode[];
  searchTimeLimitList?: SearchTimeLimit[];
  fieldPermissionNames?: string[];
  totalMessage?: number;
}

/** The token endpoint's answer (OAuth2, not enveloped: typed.ts's Answer reads an envelope's data). */
export type LoginAnswer = paths['/api/wxy-auth-server/oauth/token']['post']['responses'][200]['content']['application/json'];
