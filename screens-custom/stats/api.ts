import { downloadFile } from '../../engine/api/calls';
import { call } from '../../src/api/http';

/** Calls of 数据统计 and the 工作台 (wxy-order-server); every figure is computed by the server from the orders. */
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

export const post = <T>(url: string, data: Row) => call<T>({ method: 'POST', url: `${O}/${url}`, data });
export const get = <T>(url: string) => call<T>({ method: 'GET', url: `${O}/${url}` });

/** Downloads a server export (xlsx or CSV) under the name the server gives it. */
export const download = (url: string, data: Row, fallbackName: string) => downloadFile({ method: 'POST', path: `${O}/${url}` }, data, fallbackName);

export interface Dashboard {
  today: string;
  days: number;
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

export const dashboard = (days: 7 | 30) => get<Dashboard>(`statistics/dashboard?days=${days}`);

export const rate = (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)}%` : '—');
