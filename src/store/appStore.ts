import { proxy } from 'valtio';
import type { MenuNode, Tenant, UserInfo } from '../api/types';
import type { AppRoute } from '../router/appRoute';
import type { TabView } from '../tabs/tabRules';

export type SidebarStyle = 'light' | 'dark';
export type Device = 'desktop' | 'mobile';
export type Language = 'zh-CN' | 'en';

/**
 * The app state of spec §3 with one owner: this store. Server data other than the session's user
 * lives in TanStack Query. Modules change it through their own actions (session/, tabs/, layout/).
 */
export interface AppState {
  token: string;
  tenantId: string;
  deviceShopId: string;
  user: UserInfo | null;
  /** Raw menu list: the permission directive searches it. */
  menuList: MenuNode[];
  routes: AppRoute[];
  /** Tenant type (mainIndustry), default 1. */
  tenantType: number;
  tenant: Tenant | null;
  /** Base config name map: defaultName -> newName. */
  baseConfigNames: Record<string, string>;
  tabs: {
    visited: TabView[];
    /** Keys (paths) of views kept alive while hidden, least recently used first. */
    cached: string[];
    /** Bumped to remount a view (tab menu "refresh", /redirect helper). */
    refreshKeys: Record<string, number>;
    menuActiveName: string;
    /** The last layout page the guard let through: the page area shows it. */
    activePath: string;
  };
  sidebar: { opened: boolean; withoutAnimation: boolean; style: SidebarStyle; open: boolean };
  device: Device;
  size: 'medium' | 'small' | 'large';
  language: Language;
  tableHeight: number;
  errorLogs: { message: string; url: string; time: string }[];
}

export const DEFAULT_TABLE_HEIGHT = 694;

export const appState = proxy<AppState>({
  token: '',
  tenantId: '1',
  deviceShopId: '',
  user: null,
  menuList: [],
  routes: [],
  tenantType: 1,
  tenant: null,
  baseConfigNames: {},
  tabs: { visited: [], cached: [], refreshKeys: {}, menuActiveName: '', activePath: '' },
  sidebar: { opened: true, withoutAnimation: false, style: 'light', open: false },
  device: 'desktop',
  size: 'medium',
  language: 'zh-CN',
  tableHeight: DEFAULT_TABLE_HEIGHT,
  errorLogs: [],
});
