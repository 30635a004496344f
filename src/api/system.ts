import { SERVICE, call } from './http';
import { api, type Answer, type Body, type Schema } from './typed';
import type { UserInfo } from './types';

const S = SERVICE.system;

export const systemApi = {
  userPermissions: () => call<UserInfo>({ method: 'GET', url: `${S}/user/permissions` }),
  /** Public: finds a tenant by id or by the host the browser is on. */
  tenant: (query: { id?: number; domain?: string }, options: { silent?: boolean } = {}) =>
    api('post', '/wxy-system-server/tenant/get', { body: query }, { silent: options.silent }),
  baseConfigNames: () => api('get', '/wxy-system-server/sys-base-config/name-map'),
  serverDate: () => api('get', '/wxy-system-server/sys-date/now'),
  changePassword: (body: { oldPassword: string; newPassword: string }) =>
    call<unknown>({ method: 'PUT', url: `${S}/user/password`, data: body, silent: true }),
  editProfile: (body: { name: string; headPortrait: string }) => call<unknown>({ method: 'PUT', url: `${S}/user/profile`, data: body }),
  myLoginRecords: (pageNum: number, pageSize: number) => api('get', '/wxy-system-server/login-record/findPage/{pageNum}/{pageSize}', { path: { pageNum, pageSize } }),
  tenantLoginRecords: (pageNum: number, pageSize: number, filter: { userName?: string; success?: string }) =>
    api('get', '/wxy-system-server/login-record/tenant/findPage/{pageNum}/{pageSize}', { path: { pageNum, pageSize }, query: dropEmpty(filter) as { userName?: string; success?: boolean } }),
  versionLogs: (pageNum: number, pageSize: number) => api('get', '/wxy-system-server/sys-version-log/findPage/{pageNum}/{pageSize}', { path: { pageNum, pageSize } }),
  users: (pageNum: number, pageSize: number, filter: { keyword?: string }) =>
    api('get', '/wxy-system-server/user/findPage/{pageNum}/{pageSize}', { path: { pageNum, pageSize }, query: dropEmpty(filter) }),
  user: (id: number) => api('get', '/wxy-system-server/user/info/{id}', { path: { id } }),
  unlockUser: (id: string | number) => call<unknown>({ method: 'PUT', url: `${S}/user/unlock/${id}` }),
  editUser: (id: string | number, body: { name: string; phone: string; status: number } & UserLinks) =>
    call<unknown>({ method: 'PUT', url: `${S}/user/edit/${id}`, data: body }),
  userOptions: () => api('get', '/wxy-system-server/user/options'),
  addUser: (body: { userNo: string; userName: string; name: string; phone: string; password: string } & Required<UserLinks>) =>
    call<{ id: number }>({ method: 'POST', url: `${S}/user/add`, data: body }),
  resetPassword: (id: string | number, password: string) => call<unknown>({ method: 'PUT', url: `${S}/user/reset-password/${id}`, data: { password } }),
  userLimits: (id: number) => api('get', '/wxy-system-server/user/limit/{id}', { path: { id } }),
  editLimit: (id: string | number, limits: { subjectId: number; timeLimit: number | null }[]) =>
    call<unknown>({ method: 'PUT', url: `${S}/user/editLimit/${id}`, data: { limits } }),
  roles: () => call<RoleRow[]>({ method: 'GET', url: `${S}/role/list` }),
  role: (roleId: number) => call<RoleDetail>({ method: 'GET', url: `${S}/role/info/${roleId}` }),
  roleMenuTree: () => call<RoleMenuNode[]>({ method: 'GET', url: `${S}/role/menu-tree` }),
  saveRole: (roleId: number | null, body: RoleBody) =>
    roleId ? call<unknown>({ method: 'PUT', url: `${S}/role/edit/${roleId}`, data: body }) : call<unknown>({ method: 'POST', url: `${S}/role/add`, data: body }),
  deleteRole: (roleId: number) => call<unknown>({ method: 'DELETE', url: `${S}/role/delete/${roleId}` }),
  departments: () => api('get', '/wxy-system-server/sys-department/tree'),
  saveDepartment: (deptId: number | null, body: DeptBody) =>
    deptId ? api('put', '/wxy-system-server/sys-department/edit/{deptId}', { path: { deptId }, body }) : api('post', '/wxy-system-server/sys-department/add', { body }),
  deleteDepartment: (deptId: number) => call<unknown>({ method: 'DELETE', url: `${S}/sys-department/delete/${deptId}` }),
};

export interface UserLinks {
  roleIds?: number[];
  deptId?: number | null;
  shopIds?: number[];
}
export type UserOptions = Answer<'/wxy-system-server/user/options', 'get'>;
export type UserLimit = Answer<'/wxy-system-server/user/limit/{id}', 'get'>[number];
export interface RoleRow {
  roleId: number;
  code: string;
  name: string;
  remark: string | null;
  isAdmin: boolean;
  userCount: number;
  pageCount: number;
  buttonCount: number;
  fieldPermissionNames: string[];
  /** 数据范围 全部门店: the role's holders reach every shop (head office); otherwise only their own. */
  allShops: boolean;
  createTime: string;
}
export interface RoleBody {
  name: string;
  code: string;
  remark: string;
  menuIds: number[];
  fieldPermissionNames: string[];
  allShops: boolean;
}
export type RoleDetail = RoleBody & { roleId: number; isAdmin: boolean };
export interface RoleMenuNode {
  id: number;
  name: string;
  menuType: number;
  perms: string | null;
  children: RoleMenuNode[];
}
export type DeptNode = Schema<'DeptNode'>;
export type DeptBody = Body<'/wxy-system-server/sys-department/add', 'post'>;

function dropEmpty<T extends Record<string, string | undefined>>(filter: T): Partial<T> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
