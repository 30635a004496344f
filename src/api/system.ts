import { SERVICE, call } from './http';
import type { BaseConfigName, LoginRecord, Page, ServerDate, Tenant, UserInfo, UserRow, VersionLog } from './types';

const S = SERVICE.system;

export const systemApi = {
  userPermissions: () => call<UserInfo>({ method: 'GET', url: `${S}/user/permissions` }),
  /** Public: finds a tenant by id or by the host the browser is on. */
  tenant: (query: { id?: string | number; domain?: string }, options: { silent?: boolean } = {}) =>
    call<Tenant | null>({ method: 'POST', url: `${S}/tenant/get`, data: query, silent: options.silent }),
  baseConfigNames: () => call<BaseConfigName[]>({ method: 'GET', url: `${S}/sys-base-config/name-map` }),
  serverDate: () => call<ServerDate>({ method: 'GET', url: `${S}/sys-date/now` }),
  changePassword: (body: { oldPassword: string; newPassword: string }) =>
    call<unknown>({ method: 'PUT', url: `${S}/user/password`, data: body, silent: true }),
  editProfile: (body: { name: string; headPortrait: string }) => call<unknown>({ method: 'PUT', url: `${S}/user/profile`, data: body }),
  myLoginRecords: (pageNum: number, pageSize: number) =>
    call<Page<LoginRecord>>({ method: 'GET', url: `${S}/login-record/findPage/${pageNum}/${pageSize}` }),
  tenantLoginRecords: (pageNum: number, pageSize: number, filter: { userName?: string; success?: string }) =>
    call<Page<LoginRecord>>({ method: 'GET', url: `${S}/login-record/tenant/findPage/${pageNum}/${pageSize}`, params: dropEmpty(filter) }),
  versionLogs: (pageNum: number, pageSize: number) =>
    call<Page<VersionLog>>({ method: 'GET', url: `${S}/sys-version-log/findPage/${pageNum}/${pageSize}` }),
  users: (pageNum: number, pageSize: number, filter: { keyword?: string }) =>
    call<Page<UserRow>>({ method: 'GET', url: `${S}/user/findPage/${pageNum}/${pageSize}`, params: dropEmpty(filter) }),
  user: (id: string | number) => call<UserRow>({ method: 'GET', url: `${S}/user/info/${id}` }),
  unlockUser: (id: string | number) => call<unknown>({ method: 'PUT', url: `${S}/user/unlock/${id}` }),
  editUser: (id: string | number, body: { name: string; phone: string; status: number }) =>
    call<unknown>({ method: 'PUT', url: `${S}/user/edit/${id}`, data: body }),
};

function dropEmpty<T extends Record<string, string | undefined>>(filter: T): Partial<T> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
