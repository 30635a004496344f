import { describe, expect, it } from 'vitest';
import type { ReportSummaryDecl, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { chartRequest, chartRows, chartX, drillable, drillRequest, fillRowParams, lastDays, rankingRequest, shownSeries, summaryFigures, summarySource, tabScreen, withPeriodDefault } from './reportModel';

const report: ScreenDescriptor = {
  name: 'stat-shop-sale', route: '/dataStatistics/shopSale', title: 'statReport.shopSale', resource: 'stat-shop-sale', endpoint: 'list',
  columns: [{ field: 'shopName', label: 'statReport.col.shopName' }],
  filters: [{ filter: 'period', label: 'statReport.period', widget: 'dateRange' }, { filter: 'shopId', label: 'statReport.shop', widget: 'input' }],
  report: {
    period: { filter: 'period', defaultDays: 7, quick: [1, 7, 30] },
    tabs: [
      { key: 'shop', label: 'statReport.tab.shop', endpoint: 'list', columns: [{ field: 'shopName', label: 'statReport.col.shopName' }], summary: { fields: [{ field: 'saleAmount', label: 'x.y' }] } },
      { key: 'order', label: 'statReport.tab.order', endpoint: 'order/list', rowKey: 'orderId', columns: [{ field: 'orderNo', label: 'statReport.col.orderNo' }], export: { server: 'export', fileName: 'a.b' } },
    ],
  },
};

describe('report screen rules', () => {
  it('opens on the last days ending today, 1 being today only, across a month end', () => {
    expect(lastDays(1, '2026-11-28')).toEqual(['2026-11-28', '2026-11-28']);
    expect(lastDays(7, '2026-12-03')).toEqual(['2026-11-27', '2026-12-03']);
    const opened = withPeriodDefault(report, '2026-11-28');
    expect(opened.filters![0].defaultValue).toEqual(['2026-11-22', '2026-11-28']);
    expect(opened.filters![1].defaultValue).toBeUndefined();
    // a default the descriptor gives wins; a screen without a period is left as it is
    const own = { ...report, filters: [{ ...report.filters![0], defaultValue: ['2026-01-01', '2026-01-31'] }] };
    expect(withPeriodDefault(own, '2026-11-28').filters![0].defaultValue).toEqual(['2026-01-01', '2026-01-31']);
    const plain = { ...report, report: undefined };
    expect(withPeriodDefault(plain, '2026-11-28')).toBe(plain);
  });

  it('makes each tab a list of its own route, columns, export and summary over the report\'s filters and period', () => {
    const order = tabScreen(report, report.report!.tabs![1]);
    expect(order).toMatchObject({ name: 'stat-shop-sale-order', endpoint: 'order/list', rowKey: 'orderId', export: { server: 'export' }, filters: report.filters });
    expect(order.columns.map((c) => c.field)).toEqual(['orderNo']);
    expect(order.report).toEqual({ period: report.report!.period, summary: undefined, charts: undefined, notice: undefined });
    expect(tabScreen(report, report.report!.tabs![0]).report!.summary!.fields[0].field).toBe('saleAmount');
  });

  it('reads the summary over every row from the answer, leaves out figures the caller may not see, and adds the listed ones', () => {
    const summary = { fields: [{ field: 'saleAmount', label: 'a.b', format: 'money' }, { field: 'grossMargin', label: 'a.c', format: 'rate' }], list: { key: 'payments', label: 'payTypeName', value: 'amount', format: 'money' } } satisfies ReportSummaryDecl;
    const answer = { records: [{ saleAmount: 1 }], summary: { saleAmount: 350.5 }, payments: [{ payTypeName: '现金', amount: 100 }, { payTypeName: '微信', amount: 250.5 }] };
    const figures = summaryFigures(summary, summarySource(summary, answer), answer);
    expect(figures.map((f) => [f.label, f.value, f.literal ?? false])).toEqual([['a.b', 350.5, false], ['现金', 100, true], ['微信', 250.5, true]]);
    // "." reads the answer itself; nothing answered yet is no figure
    expect(summarySource({ key: '.', fields: [] }, answer)).toBe(answer);
    expect(summaryFigures(summary, summarySource(summary, undefined))).toEqual([]);
    expect(summarySource({ key: 'records', fields: [] }, answer)).toBeUndefined();
  });

  it('draws a chart from the answer\'s array it names, its first rows; a ranking asks the list sorted by its field, without the list\'s own sort', () => {
    const answer = { records: [{ x: 1 }, { x: 2 }, { x: 3 }], hours: [{ hour: 7 }] };
    expect(chartRows({ id: 'a', type: 'bar', title: 'a.b', x: 'x', series: [], limit: 2 }, answer)).toEqual([{ x: 1 }, { x: 2 }]);
    expect(chartRows({ id: 'a', type: 'bar', title: 'a.b', x: 'hour', source: 'hours', series: [] }, answer)).toEqual([{ hour: 7 }]);
    expect(chartRows({ id: 'a', type: 'bar', title: 'a.b', x: 'x', source: 'nothing', series: [] }, answer)).toEqual([]);
    expect(rankingRequest({ id: 'r', type: 'bar', title: 'a.b', x: 'x', series: [], ranking: { sort: 'saleAmount', limit: 10 } }, { startDate: '2026-11-01', sort: 'shopCode', order: 'asc', lastKey: [1] }))
      .toEqual({ startDate: '2026-11-01', sort: 'saleAmount', order: 'desc' });
  });

  it('drills into the rows of a figure with the list\'s filters and the row\'s values, never its paging or sort', () => {
    const drill = { endpoint: 'order/list', title: 'a.b', params: { shopId: 'shopId' }, path: { skuId: 'skuId' }, columns: [{ field: 'orderNo', label: 'a.c' }] };
    const request = { startDate: '2026-11-01', endDate: '2026-11-28', shopId: 9, sort: 'saleAmount', order: 'desc', pageNum: 3, pageSize: 20 };
    expect(drillRequest(drill, { shopId: 4, skuId: 17 }, request)).toEqual({ body: { startDate: '2026-11-01', endDate: '2026-11-28', shopId: 4 }, path: { skuId: 17 } });
    expect(drillRequest({ ...drill, filters: false }, { shopId: 4 }, request).body).toEqual({ shopId: 4 });
    expect(fillRowParams('det/{skuId}/page/{pageNum}/{pageSize}', { skuId: 'a b' })).toBe('det/a%20b/page/{pageNum}/{pageSize}');
    expect([0, '0', null, undefined, ''].map(drillable)).toEqual([true, true, false, false, false]);
  });

  it('asks a snapshot chart for the filter\'s month, else the last computed one, with its fixed parameters; nothing before one is computed', () => {
    const request = { reportMonth: '', shopId: 3, sort: 'x', order: 'asc' };
    expect(chartRequest(request, undefined, 'reportMonth', '2026-10')).toEqual({ reportMonth: '2026-10', shopId: 3 });
    expect(chartRequest({ ...request, reportMonth: '2026-09' }, undefined, 'reportMonth', '2026-10')).toEqual({ reportMonth: '2026-09', shopId: 3 });
    expect(chartRequest(request, undefined, 'reportMonth', null)).toBeNull();
    expect(chartRequest({ reportType: 'starRating' }, { days: 30 }, undefined, undefined)).toEqual({ reportType: 'starRating', days: 30 });
  });

  it('reads a date on the x axis as its day or month and day, and leaves out a series no row carries', () => {
    expect([chartX('2026-11-28', 'day'), chartX('2026-11-28', 'monthDay'), chartX('2026-11-28', undefined), chartX(7, 'day')]).toEqual(['28', '11-28', '2026-11-28', 7]);
    const series = [{ field: 'saleAmount' }, { field: 'grossProfit' }];
    expect(shownSeries(series, [{ saleAmount: 1 }, { saleAmount: 2 }])).toEqual([{ field: 'saleAmount' }]);
    expect(shownSeries(series, [])).toEqual(series);
  });
});
