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
/** The daily form's answer, one of two shapes told apart by meetingId: the meeting held that day, or the form prefilled (null). */
export type DailyMeeting = Answer<'/wxy-shop-server/shop-daily-meeting/selectOnUpdate', 'get'>;

/** A seller's row as the form edits it: the answer's figures, with the goal and remark typed in. */
export type DailyPerson = Omit<DailyMeeting['detList'][number], 'todayGoal' | 'remark'> & { todayGoal: number | null; remark: string | null };

type Countable = Answer<'/wxy-shop-server/shop-daily-meeting/meetingFindInventory', 'post'>['list'][number];
/** A stock line as the form edits it: a SKU found to count or one counted already, its count typed in. */
export type CountRow = Pick<Countable, 'skuId' | 'skuCode' | 'skuName' | 'bookQuantity'> & { countedQuantity?: number | null; diffQuantity?: number | null; remark?: string | null };

export const dailyForm = (shopId: number, meetingDate: string) => api('get', '/wxy-shop-server/shop-daily-meeting/selectOnUpdate', { query: { shopId, meetingDate } });

export const findInventory = (shopId: number, keyword: string) =>
  api('post', '/wxy-shop-server/shop-daily-meeting/meetingFindInventory', { body: { shopId, keyword: keyword || null, limit: 20 } });

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
/**
 * The weekly form, from two calls with two shapes: the week prefilled from the orders and targets (selectOnInsert),
 * or — when that names a meeting held — the meeting itself (get/{id}, with its minutes).
 */
export type WeeklyMeeting =
  | Answer<'/wxy-shop-server/shop-weekly-meeting/selectOnInsert', 'get'>
  | Answer<'/wxy-shop-server/shop-weekly-meeting/get/{id}', 'get'>;

/** A seller's row as the form edits it: the week's figures, with next week's target and a remark typed in. */
export type WeeklyPerson = Omit<WeeklyMeeting['detList'][number], 'nextWeekTarget' | 'remark'> & { nextWeekTarget: number | null; remark: string | null };

export async function weeklyForm(shopId: number, weekDateStr: string): Promise<WeeklyMeeting> {
  const pre = await api('get', '/wxy-shop-server/shop-weekly-meeting/selectOnInsert', { query: { shopId, weekDateStr } });
  return pre.meetingId ? api('get', '/wxy-shop-server/shop-weekly-meeting/get/{id}', { path: { id: pre.meetingId } }) : pre;
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

/** A month's target as saved (exists) or the shop's empty one to start from (not exists): a union told apart by `exists`. */
export type TargetDetail = Answer<'/wxy-shop-server/shop-performance-target/detail/{shopId}/{targetMoonTime}', 'get'>;

export const targetDetail = (shopId: number, month: string) =>
  api('get', '/wxy-shop-server/shop-performance-target/detail/{shopId}/{targetMoonTime}', { path: { shopId, targetMoonTime: month } });

/** A month's target as added, or (with its targetId) as edited. */
export type TargetSave = Body<'/wxy-shop-server/shop-performance-target/add', 'post'> &
  Partial<Pick<Body<'/wxy-shop-server/shop-performance-target/edit', 'put'>, 'targetId'>>;

export const addTarget = (body: TargetSave) => call({ method: 'POST', url: `${S}/shop-performance-target/add`, data: body });
export const editTarget = (body: TargetSave) => call({ method: 'PUT', url: `${S}/shop-performance-target/edit`, data: body });
export const deleteTargets = (ids: number[]) => call({ method: 'DELETE', url: `${S}/shop-performance-target/delete`, data: { ids } });

export type ReachInfo = Answer<'/wxy-shop-server/shop-performance-target/reach/info', 'get'>;

export const reachInfo = (shopId: number, targetMoonTime: string) => api('get', '/wxy-shop-server/shop-performance-target/reach/info', { query: { shopId, targetMoonTime } });

export type ReachDay = Answer<'/wxy-shop-server/shop-performance-target/reach/list-day', 'get'>[number];

export const reachByDay = (shopId: number, targetMoonTime: string) =>
  api('get', '/wxy-shop-server/shop-performance-target/reach/list-day', { query: { shopId, targetMoonTime } });

/** The reach report's thresholds, as saved and read back. */
export type ReportConfig = Body<'/wxy-shop-server/shop-performance-target/report-config/save', 'post'>;

export const getReportConfig = () => api('get', '/wxy-shop-server/shop-performance-target/report-config/get');
export const saveReportConfig = (c: ReportConfig) => call({ method: 'POST', url: `${S}/shop-performance-target/report-config/save`, data: c });
export const refreshDays = (targetMoonTime: string) => api('post', '/wxy-shop-server/shop-user-performance-target/refresh', { body: { targetMoonTime } });

/** Yuan with 2 decimals and thousands separators; empty for null. */
export const rate = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(2)}%`);
export const rateColor = (v: number | null | undefined, warn = 80, good = 100) => (v === null || v === undefined ? 'dimmed' : v >= good ? 'teal' : v < warn ? 'red' : 'orange');
export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
