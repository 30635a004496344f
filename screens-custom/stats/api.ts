import { call } from '../../src/api/http';

/** Calls of the 工作台 (wxy-order-server); every figure is computed by the server from the orders. */
export const O = '/wxy-order-server';

export type Row = Record<string, unknown>;

export interface ShopOption {
  shopId: number;
  shopCode: string;
  shopName: string;
  regionName: string | null;
  status: number;
}

export const statShops = () => call<ShopOption[]>({ method: 'GET', url: `${O}/statistics/shops` });

export const get = <T>(url: string) => call<T>({ method: 'GET', url: `${O}/${url}` });

export interface Dashboard {
  today: string;
  days: number;
  /** What the caller's landing page puts first: their shops' 工作台, the day of their shop, or the documents waiting for audit. */
  focus: 'shops' | 'shop' | 'audit';
  shopCount: number;
  allShops: boolean;
  todaySales: {
    saleAmount: number;
    orderCount: number;
    refundAmount: number;
    targetAmount: number;
    reachRate: number | null;
    monthSaleAmount: number;
    monthTargetAmount: number;
    monthReachRate: number | null;
  };
  trend: { date: string; saleAmount: number; orderCount: number }[];
  hours: { hour: number; saleAmount: number; orderCount: number }[];
  topShops: { shopId: number; shopName: string; saleAmount: number; orderCount: number }[];
  topSkus: { skuId: number; skuCode: string; skuName: string; quantity: number; saleAmount: number }[];
  stockAlerts: { mode: 'safety' | 'lowest'; link: string; records: { whName: string; skuId: number; skuCode: string; skuName: string; available: number; safetyStock: number | null }[] };
  expiryAlerts: { nearExpiry: number; expired: number; link: string };
  pendingTasks: { total: number; link: string; records: { taskId: number; processInstanceId: number; title: string; processName: string; nodeName: string; applicantName: string; createTime: string }[] };
  waitingDocuments: { key: string; label: string; count: number; link: string }[];
}

/** The caller's 收银班次 not yet handed over (null when none), with its takings so far: the register's own call. */
export interface OpenShift {
  classId: number; shopName: string; startTime: string; orderCount: number; saleAmount: number; expectedCash: number;
}
export const myOpenShift = (userId: number) => call<OpenShift | null>({ method: 'GET', url: `/wxy-shop-server/shop-class-record/getByUserId/${userId}/false` });

export const dashboard = (days: 7 | 30) => get<Dashboard>(`statistics/dashboard?days=${days}`);

export const rate = (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)}%` : '—');
