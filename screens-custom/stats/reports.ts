/**
 * The 数据统计 screens as data (the generic descriptor list needs a table-backed page route; these figures are
 * computed per period): each report's call, columns, export and chart. Labels are i18n keys under `stats.*`.
 * A column whose field the answer lacks (cost and margin the server left out for this user) is not shown.
 */
export type ColumnKind = 'text' | 'money' | 'int' | 'qty' | 'rate';

export interface ReportColumn {
  field: string;
  label: string;
  kind?: ColumnKind;
}

export interface ChartSpec {
  type: 'bar' | 'line';
  /** 'records' draws the answer's records; 'hours' / 'days' draw those arrays of the answer. */
  source: 'records' | 'hours' | 'days';
  x: string;
  series: { field: string; label: string; color: string }[];
}

export interface ReportTab {
  key: string;
  label: string;
  call: string;
  paged?: boolean;
  columns: ReportColumn[];
  export?: { call: string; body?: Record<string, unknown>; perm: string };
  chart?: ChartSpec;
  /** Rows open an order's lines (sales/det). */
  orderDetail?: boolean;
}

export interface ReportScreen {
  route: string;
  title: string;
  defaultDays: number;
  tabs: ReportTab[];
  /** 扫码统计: a merge button and the not-yet-counted hint. */
  merge?: { call: string; perm: string };
}

const MONEY: ReportColumn[] = [
  { field: 'saleAmount', label: 'stats.col.saleAmount', kind: 'money' },
  { field: 'orderCount', label: 'stats.col.orderCount', kind: 'int' },
  { field: 'itemCount', label: 'stats.col.itemCount', kind: 'qty' },
  { field: 'avgPrice', label: 'stats.col.avgPrice', kind: 'money' },
  { field: 'refundAmount', label: 'stats.col.refundAmount', kind: 'money' },
  { field: 'costAmount', label: 'stats.col.costAmount', kind: 'money' },
  { field: 'grossProfit', label: 'stats.col.grossProfit', kind: 'money' },
  { field: 'grossMargin', label: 'stats.col.grossMargin', kind: 'rate' },
];

const SALE_BAR = (x: string): ChartSpec => ({ type: 'bar', source: 'records', x, series: [{ field: 'saleAmount', label: 'stats.col.saleAmount', color: 'blue.6' }] });

export const REPORTS: ReportScreen[] = [
  {
    route: '/dataStatistics/shopSale',
    title: 'stats.shopSale',
    defaultDays: 7,
    tabs: [
      {
        key: 'shop', label: 'stats.tab.shop', call: 'po-shop-sale/list',
        columns: [{ field: 'shopCode', label: 'stats.col.shopCode' }, { field: 'shopName', label: 'stats.col.shopName' }, { field: 'regionName', label: 'stats.col.regionName' }, ...MONEY],
        export: { call: 'po-shop-sale/export', body: { type: 'shop' }, perm: 'stat:shopSale:export' },
        chart: SALE_BAR('shopName'),
      },
      {
        key: 'order', label: 'stats.tab.order', call: 'po-shop-sale/order/list', paged: true, orderDetail: true,
        columns: [
          { field: 'orderNo', label: 'stats.col.orderNo' }, { field: 'shopName', label: 'stats.col.shopName' }, { field: 'createTime', label: 'stats.col.createTime' },
          { field: 'cashierName', label: 'stats.col.cashierName' }, { field: 'statusName', label: 'stats.col.status' }, { field: 'totalQuantity', label: 'stats.col.itemCount', kind: 'qty' },
          { field: 'payAmount', label: 'stats.col.payAmount', kind: 'money' }, { field: 'refundAmount', label: 'stats.col.refundAmount', kind: 'money' },
          { field: 'costAmount', label: 'stats.col.costAmount', kind: 'money' }, { field: 'grossMargin', label: 'stats.col.grossMargin', kind: 'rate' },
        ],
        export: { call: 'po-shop-sale/export', body: { type: 'order' }, perm: 'stat:shopSale:export' },
      },
      {
        key: 'compose', label: 'stats.tab.compose', call: 'po-shop-sale/pd/compose',
        columns: [
          { field: 'skuCode', label: 'stats.col.skuCode' }, { field: 'skuName', label: 'stats.col.skuName' }, { field: 'spec', label: 'stats.col.spec' },
          { field: 'quantity', label: 'stats.col.quantity', kind: 'qty' }, { field: 'saleAmount', label: 'stats.col.saleAmount', kind: 'money' }, { field: 'share', label: 'stats.col.share', kind: 'rate' },
          { field: 'costAmount', label: 'stats.col.costAmount', kind: 'money' }, { field: 'grossMargin', label: 'stats.col.grossMargin', kind: 'rate' },
        ],
        export: { call: 'po-shop-sale/export', body: { type: 'compose' }, perm: 'stat:shopSale:export' },
        chart: SALE_BAR('skuName'),
      },
    ],
  },
  {
    route: '/dataStatistics/storeHour',
    title: 'stats.storeHour',
    defaultDays: 7,
    tabs: [{
      key: 'hour', label: 'stats.tab.hour', call: 'po-sell-store-hour/findPage', paged: true,
      columns: [
        { field: 'shopName', label: 'stats.col.shopName' }, { field: 'saleAmount', label: 'stats.col.saleAmount', kind: 'money' }, { field: 'orderCount', label: 'stats.col.orderCount', kind: 'int' },
        ...Array.from({ length: 16 }, (_, i) => ({ field: `h${i + 7}`, label: `stats.hour.h${i + 7}`, kind: 'money' as const })),
      ],
      chart: { type: 'bar', source: 'hours', x: 'hour', series: [{ field: 'saleAmount', label: 'stats.col.saleAmount', color: 'teal.6' }] },
    }],
  },
  {
    route: '/dataStatistics/orderSales',
    title: 'stats.orderSales',
    defaultDays: 7,
    tabs: [{
      key: 'days', label: 'stats.tab.days', call: 'po-order-sales/order/sales',
      columns: [{ field: 'date', label: 'stats.col.date' }, { field: 'saleAmount', label: 'stats.col.saleAmount', kind: 'money' }, { field: 'orderCount', label: 'stats.col.orderCount', kind: 'int' }],
      chart: { type: 'line', source: 'days', x: 'date', series: [{ field: 'saleAmount', label: 'stats.col.saleAmount', color: 'indigo.6' }] },
    }],
  },
  {
    route: '/dataStatistics/salesman',
    title: 'stats.salesman',
    defaultDays: 7,
    tabs: [{
      key: 'seller', label: 'stats.tab.seller', call: 'statistics/salesman/list',
      columns: [{ field: 'shopName', label: 'stats.col.shopName' }, { field: 'userNo', label: 'stats.col.userNo' }, { field: 'userName', label: 'stats.col.userName' }, ...MONEY],
      export: { call: 'statistics/salesman/export', perm: 'stat:salesman:export' },
      chart: SALE_BAR('userName'),
    }],
  },
  {
    route: '/dataStatistics/scanCode',
    title: 'stats.scanCode',
    defaultDays: 7,
    merge: { call: 'stat/scan-code/merge', perm: 'stat:scanCode:merge' },
    tabs: [
      {
        key: 'page', label: 'stats.tab.scanShop', call: 'stat/scan-code/page', paged: true,
        columns: [
          { field: 'statDate', label: 'stats.col.date' }, { field: 'deptName', label: 'stats.col.deptName' }, { field: 'shopName', label: 'stats.col.shopName' },
          { field: 'scanCount', label: 'stats.col.scanCount', kind: 'int' }, { field: 'skuCount', label: 'stats.col.skuCount', kind: 'int' },
          { field: 'orderCount', label: 'stats.col.orderCount', kind: 'int' }, { field: 'quantity', label: 'stats.col.quantity', kind: 'qty' }, { field: 'mergeTime', label: 'stats.col.mergeTime' },
        ],
        export: { call: 'stat/scan-code/export', perm: 'stat:scanCode:export' },
      },
      {
        key: 'trend', label: 'stats.tab.scanTrend', call: 'stat/scan-code/trend-list',
        columns: [{ field: 'date', label: 'stats.col.date' }, { field: 'scanCount', label: 'stats.col.scanCount', kind: 'int' }, { field: 'skuCount', label: 'stats.col.skuCount', kind: 'int' }, { field: 'shopNum', label: 'stats.col.shopNum', kind: 'int' }],
        chart: { type: 'line', source: 'records', x: 'date', series: [{ field: 'scanCount', label: 'stats.col.scanCount', color: 'orange.6' }, { field: 'skuCount', label: 'stats.col.skuCount', color: 'grape.6' }] },
      },
      {
        key: 'dept', label: 'stats.tab.scanDept', call: 'stat/scan-code/dept-list',
        columns: [
          { field: 'deptName', label: 'stats.col.deptName' }, { field: 'shopCount', label: 'stats.col.shopNum', kind: 'int' }, { field: 'scannedShopCount', label: 'stats.col.scannedShopCount', kind: 'int' },
          { field: 'scanCount', label: 'stats.col.scanCount', kind: 'int' }, { field: 'skuCount', label: 'stats.col.skuCount', kind: 'int' }, { field: 'avgScanPerShop', label: 'stats.col.avgScanPerShop', kind: 'qty' },
        ],
        chart: { type: 'bar', source: 'records', x: 'deptName', series: [{ field: 'scanCount', label: 'stats.col.scanCount', color: 'orange.6' }] },
      },
    ],
  },
];

export const reportOf = (route: string) => REPORTS.find((r) => r.route === route);
