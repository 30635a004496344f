/** Shapes of the foundation API (server/API.md). */

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

export interface Tenant {
  id: number | string;
  tenantName: string;
  logo?: string | null;
  menuLogo?: string | null;
  domain?: string | null;
  recordNumber?: string | null;
  mainIndustry?: number | null;
}

export interface LoginAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
  X_SHOP_ID?: string | number | null;
  tenant_id?: string | number;
  user_id?: string | number;
}

export interface BaseConfigName {
  defaultName: string;
  newName: string;
}

export interface LoginRecord {
  id: number | string;
  userName: string;
  ip?: string | null;
  userAgent?: string | null;
  grantType?: string | null;
  success: boolean;
  msg?: string | null;
  loginTime: string;
}

export interface VersionLog {
  id: number | string;
  version: string;
  content: string;
  publishTime: string;
}

export interface UserRow {
  id: number | string;
  userNo?: string | null;
  userName: string;
  name?: string | null;
  phone?: string | null;
  roles?: string[];
  roleIds?: number[];
  deptId?: number | null;
  deptName?: string | null;
  shopIds?: number[];
  shopNames?: string[];
  status?: number | null;
  locked?: boolean;
}

export interface ServerDate {
  now: string;
  timestamp: number;
}
