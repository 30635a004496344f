import { call } from '../../src/api/http';
import { api, type Answer, type Body } from '../../src/api/typed';

/** Calls of 会议管理 and 绩效目标 (wxy-shop-server) the hand-written screens make, with their answers' shapes. */

export const S = '/wxy-shop-server';

export interface ShopOption {
  shopId: number;
  shopCode: string;
  shopName: string;
  status: number;
}

export const listShops = () => call<ShopOption[]>({ method: 'POST', url: `${S}/shop-base/list`, data: {} });

// ---- 日会 ---------------------------------------------------------------------------------------------------------
export interface DailyPerson {
  userId: number | null;
  userName: string;
  yesterdayTarget: number;
  yesterdayActual: number;
  yesterdayOrders: number;
  yesterdayReachRate: number | null;
  todayTarget: number;
  todayGoal: number | null;
  remark: string | null;
}

export interface CountRow {
  skuId: number;
  skuCode: string;
  skuName: string;
  spec?: string | null;
  unit?: string | null;
  bookQuantity: number;
  countedQuantity?: number | null;
  diffQuantity?: number | null;
  remark?: string | null;
}

export interface DailyMeeting {
  meetingId: number | null;
  shopId: number;
  shopName: string;
  meetingDate: string;
  yesterday: string;
  hostName?: string | null;
  summary: string | null;
  todayPlan: string | null;
  yesterdayTarget: number;
  yesterdayActual: number;
  yesterdayReachRate: number | null;
  todayTarget: number;
  hasWarehouse?: boolean;
  detList: DailyPerson[];
  inventoryList: CountRow[];
  createUserName?: string;
  createTime?: string;
}

export const dailyForm = (shopId: number, meetingDate: string) =>
  call<DailyMeeting>({ method: 'GET', url: `${S}/shop-daily-meeting/selectOnUpdate`, params: { shopId, meetingDate } });

export const findInventory = (shopId: number, keyword: string) =>
  call<{ whId: number; list: CountRow[] }>({ method: 'POST', url: `${S}/shop-daily-meeting/meetingFindInventory`, data: { shopId, keyword: keyword || null, limit: 20 } });

type DailyBody = Body<'/wxy-shop-server/shop-daily-meeting/save', 'post'>;
/** The daily form's values: the save body with its lists always there (an empty count list is sent as none). */
export type DailySave = Omit<DailyBody, 'detList' | 'inventoryList'> & {
  detList: NonNullable<DailyBody['detList']>;
  inventoryList: NonNullable<DailyBody['inventoryList']>;
};

export const saveDaily = (body: DailySave) =>
  api('post', '/wxy-shop-server/shop-daily-meeting/save', { body: { ...body, inventoryList: body.inventoryList.length ? body.inventoryList : null } });

/** An existing meeting: its minutes, the sellers' goals and the counts, as three calls. */
export async function updateDaily(meetingId: number, body: DailySave): Promise<void> {
  await call({ method: 'PUT', url: `${S}/shop-daily-meeting/update`, data: { meetingId, summary: body.summary, todayPlan: body.todayPlan } });
  if (body.detList.length) await call({ method: 'PUT', url: `${S}/shop-daily-meeting/updateDetail`, data: { meetingId, detList: body.detList } });
  if (body.inventoryList.length) await call({ method: 'POST', url: `${S}/shop-daily-meeting/meetingInventorySave`, data: { meetingId, list: body.inventoryList } });
}

export type DailyListRow = Answer<'/wxy-shop-server/shop-daily-meeting/findPage/{pageNum}/{pageSize}', 'post'>['records'][number];

export const dailyPage = (pageNum: number, pageSize: number, shopId: number | null) =>
  api('post', '/wxy-shop-server/shop-daily-meeting/findPage/{pageNum}/{pageSize}', { path: { pageNum, pageSize }, body: { shopId } });

// ---- 周会 ---------------------------------------------------------------------------------------------------------
export interface WeeklyPerson {
  detId?: number;
  userId: number | null;
  userName: string;
  weekTarget: number;
  weekActual: number;
  weekOrders: number;
  reachRate: number | null;
  suggestedNextWeekTarget?: number;
  nextWeekTarget: number | null;
  remark: string | null;
}

export interface WeeklyMeeting {
  meetingId: number | null;
  shopId: number;
  shopName: string;
  weekYear: number;
  weekNum: number;
  weekStart: string;
  weekEnd: string;
  label: string;
  weekTarget: number;
  weekActual: number;
  reachRate: number | null;
  summary?: string | null;
  nextWeekPlan?: string | null;
  detList: WeeklyPerson[];
}

export async function weeklyForm(shopId: number, weekDateStr: string): Promise<WeeklyMeeting> {
  const pre = await call<WeeklyMeeting>({ method: 'GET', url: `${S}/shop-weekly-meeting/selectOnInsert`, params: { shopId, weekDateStr } });
  return pre.meetingId ? call<WeeklyMeeting>({ method: 'GET', url: `${S}/shop-weekly-meeting/get/${pre.meetingId}` }) : pre;
}

type WeeklyBody = Body<'/wxy-shop-server/shop-weekly-meeting/save', 'post'>;
/** The weekly form's values: the save body with its list always there. */
export type WeeklySave = Omit<WeeklyBody, 'detList'> & { detList: NonNullable<WeeklyBody['detList']> };

export const saveWeekly = (body: WeeklySave) => api('post', '/wxy-shop-server/shop-weekly-meeting/save', { body });

export async function updateWeekly(meetingId: number, body: WeeklySave): Promise<void> {
  await call({ method: 'PUT', url: `${S}/shop-weekly-meeting/update/${meetingId}`, data: { summary: body.summary, nextWeekPlan: body.nextWeekPlan } });
  if (body.detList.length) await call({ method: 'PUT', url: `${S}/shop-weekly-meeting/personalTarget/update`, data: { meetingId, list: body.detList } });
}

export type WeeklyListRow = Answer<'/wxy-shop-server/shop-weekly-meeting/findPage/{pageNum}/{pageSize}', 'post'>['records'][number];

export const weeklyPage = (pageNum: number, pageSize: number, shopId: number | null) =>
  api('post', '/wxy-shop-server/shop-weekly-meeting/findPage/{pageNum}/{pageSize}', { path: { pageNum, pageSize }, body: { shopId } });

export const deleteWeekly = (id: number) => call({ method: 'DELETE', url: `${S}/shop-weekly-meeting/deleteById/${id}` });

// ---- 店会 ---------------------------------------------------------------------------------------------------------
export type ShopSales = Answer<'/wxy-shop-server/shop-meeting/query/sale/{id}', 'get'>;
export type UserDayTarget = Answer<'/wxy-shop-server/shop-meeting/query/user-day-target/{id}', 'get'>[number];

export const shopSales = (shopId: number, date: string) => api('get', '/wxy-shop-server/shop-meeting/query/sale/{id}', { path: { id: shopId }, query: { date } });
export const userDayTargets = (shopId: number, date: string) =>
  api('get', '/wxy-shop-server/shop-meeting/query/user-day-target/{id}', { path: { id: shopId }, query: { date } });
export const shopMeetingInit = (shopId: number, date: string) => api('get', '/wxy-shop-server/shop-meeting/query/init/{id}', { path: { id: shopId }, query: { date } });

export type ShopMeetingRow = Answer<'/wxy-shop-server/shop-meeting/findPage/{pageNum}/{pageSize}', 'post'>['records'][number];

export const shopMeetingPage = (pageNum: number, pageSize: number, shopId: number | null) =>
  api('post', '/wxy-shop-server/shop-meeting/findPage/{pageNum}/{pageSize}', { path: { pageNum, pageSize }, body: { shopId } });
export const addShopMeeting = (body: Body<'/wxy-shop-server/shop-meeting/add', 'post'>) => api('post', '/wxy-shop-server/shop-meeting/add', { body });
export const deleteShopMeeting = (id: number) => call({ method: 'DELETE', url: `${S}/shop-meeting/delete/${id}` });

// ---- 绩效目标 -------------------------------------------------------------------------------------------------------
export type TargetRow = Answer<'/wxy-shop-server/shop-performance-target/list/{pageNum}/{pageSize}', 'post'>['records'][number];

export const targetPage = (pageNum: number, pageSize: number, filter: { shopId: number | null; targetMoonTime: string | null }) =>
  api('post', '/wxy-shop-server/shop-performance-target/list/{pageNum}/{pageSize}', { path: { pageNum, pageSize }, body: filter });

export interface TargetDetail {
  targetId: number | null;
  shopId: number;
  shopName: string;
  targetMoonTime: string;
  targetAmount: number;
  remark: string | null;
  exists: boolean;
  actualAmount: number;
  reachRate: number | null;
  userTargets: { userId: number; userName: string; targetAmount: number; actualAmount: number; reachRate: number | null }[];
}

export const targetDetail = (shopId: number, month: string) => call<TargetDetail>({ method: 'GET', url: `${S}/shop-performance-target/detail/${shopId}/${month}` });

/** A month's target as added, or (with its targetId) as edited. */
export type TargetSave = Body<'/wxy-shop-server/shop-performance-target/add', 'post'> &
  Partial<Pick<Body<'/wxy-shop-server/shop-performance-target/edit', 'put'>, 'targetId'>>;

export const addTarget = (body: TargetSave) => call({ method: 'POST', url: `${S}/shop-performance-target/add`, data: body });
export const editTarget = (body: TargetSave) => call({ method: 'PUT', url: `${S}/shop-performance-target/edit`, data: body });
export const deleteTargets = (ids: number[]) => call({ method: 'DELETE', url: `${S}/shop-performance-target/delete`, data: { ids } });

export interface ReachInfo {
  shopName: string;
  targetMoonTime: string;
  targetAmount: number;
  actualAmount: number;
  soldAmount: number;
  refundAmount: number;
  orderCount: number;
  reachRate: number | null;
  gapAmount: number;
  daysInMonth: number;
  daysElapsed: number;
  timeProgress: number;
  level: 'good' | 'normal' | 'warn' | null;
  users: { userId: number | null; userName: string; targetAmount: number; actualAmount: number; reachRate: number | null; orderCount: number }[];
}

export const reachInfo = (shopId: number, targetMoonTime: string) => call<ReachInfo>({ method: 'GET', url: `${S}/shop-performance-target/reach/info`, params: { shopId, targetMoonTime } });

export type ReachDay = Answer<'/wxy-shop-server/shop-performance-target/reach/list-day', 'get'>[number];

export const reachByDay = (shopId: number, targetMoonTime: string) =>
  api('get', '/wxy-shop-server/shop-performance-target/reach/list-day', { query: { shopId, targetMoonTime } });

/** The reach report's thresholds, as saved and read back. */
export type ReportConfig = Body<'/wxy-shop-server/shop-performance-target/report-config/save', 'post'>;

export const getReportConfig = () => call<ReportConfig>({ method: 'GET', url: `${S}/shop-performance-target/report-config/get` });
export const saveReportConfig = (c: ReportConfig) => call({ method: 'POST', url: `${S}/shop-performance-target/report-config/save`, data: c });
export const refreshDays = (targetMoonTime: string) => call<{ targets: number }>({ method: 'POST', url: `${S}/shop-user-performance-target/refresh`, data: { targetMoonTime } });

export interface UserOption {
  id: number;
  name: string;
}

/** Yuan with 2 decimals and thousands separators; empty for null. */
export const rate = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(2)}%`);
export const rateColor = (v: number | null | undefined, warn = 80, good = 100) => (v === null || v === undefined ? 'dimmed' : v >= good ? 'teal' : v < warn ? 'red' : 'orange');
export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
