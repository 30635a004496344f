import { SERVICE, call } from './http';
import { api, type Answer, type Body, type Schema } from './typed';
import type { UserInfo } from './types';

const S = SERVICE.system;

export const systemApi = {
  /** `silent`: no failure toast (the register without network says so itself). */
  userPermissions: (options: { silent?: boolean } = {}) => call<UserInfo>({ method: 'GET', url: `${S}/user/permissions`, silent: options.silent }),
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
  roles: () => api('get', '/wxy-system-server/role/list'),
  role: (roleId: number) => api('get', '/wxy-system-server/role/info/{roleId}', { path: { roleId } }),
  roleMenuTree: () => api('get', '/wxy-system-server/role/menu-tree'),
  saveRole: (roleId: number | null, body: RoleBody) =>
    roleId ? api('put', '/wxy-system-server/role/edit/{roleId}', { path: { roleId }, body }) : api('post', '/wxy-system-server/role/add', { body }),
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
/** 角色管理's rows, body, detail and grantable menu tree: the server's own schemas (server/system/roles.ts). */
export type RoleRow = Answer<'/wxy-system-server/role/list', 'get'>[number];
export type RoleBody = Body<'/wxy-system-server/role/add', 'post'>;
export type RoleDetail = Answer<'/wxy-system-server/role/info/{roleId}', 'get'>;
export type RoleMenuNode = Schema<'RoleMenuNode'>;
export type DeptNode = Schema<'DeptNode'>;
export type DeptBody = Body<'/wxy-system-server/sys-department/add', 'post'>;

function dropEmpty<T extends Record<string, string | undefined>>(filter: T): Partial<T> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
