import { Button, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../src/api/http';
import { usePermission } from '../../src/permission/Permission';
import { useAnalysisT } from './labels';
import { cell, DetailDrawer, FilterBar, ReportList, type Column, type Page, type Row } from './ReportList';
import { RegionHeat } from './RegionHeat';
import { localDay } from '../../core/calendar.ts';
import { DateField } from '../../widgets/datePickers';

/**
 * The 报表中心 analysis screens (hand-written: every figure is computed by the server on read, and each opens the
 * rows it is made of). Calls: wxy-report-server put-stock-analyse; wxy-order-server supplier/reconciliation-stat/v2 and supplier/account-det.
 */

const RS = '/wxy-report-server';
const OS = '/wxy-order-server/supplier';
const cols = (...fields: (string | [string, string])[]): Column[] => fields.map((f) => (Array.isArray(f) ? { field: f[0], detail: f[1] } : { field: f }));
const post = <T,>(url: string, data: Row) => call<T>({ method: 'POST', url, data });

// ---- 铺货分析 -------------------------------------------------------------------------------------------------------
const DETAIL_COLUMNS: Record<string, Column[]> = {
  'region-allot': cols('allocationNo', 'outWhName', 'inWhName', 'regionName', 'outTime', 'skuCode', 'skuName', 'quantity', 'inQuantity', 'costAmount'),
  'shop-allot': cols('allocationNo', 'outWhName', 'inWhName', 'shopName', 'outTime', 'skuCode', 'skuName', 'quantity', 'inQuantity', 'costAmount'),
  sale: cols('orderNo', 'type', 'shopName', 'time', 'cashierName', 'skuCode', 'skuName', 'quantity', 'unitPrice', 'amount', 'costAmount'),
  'period-sale': cols('date', 'saleQuantity', 'saleAmount', 'costAmount', 'orderCount', 'shopCount'),
  stock: cols('shopCode', 'shopName', 'whName', 'stockQuantity'),
  put: cols('shopCode', 'shopName', 'regionName', 'shopAllotQuantity', 'saleQuantity', 'stockQuantity', 'sellThroughRate'),
  'not-put': cols('shopCode', 'shopName', 'regionName'),
  'sale-shop': cols('shopCode', 'shopName', 'regionName', 'saleQuantity', 'saleAmount', 'stockQuantity'),
  'unsale-shop': cols('shopCode', 'shopName', 'regionName', 'shopAllotQuantity', 'stockQuantity'),
};

export function PutStockAnalysePage() {
  const t = useAnalysisT();
  const [open, setOpen] = useState<{ detail: string; body: Row; name: string } | null>(null);
  return (
    <>
      <ReportList
        title="title.putStock" queryKey="putStock" filters={['period', 'region', 'shop', 'supplier', 'keyword', 'dimension']} initialFilters={{ dimension: 'sku' }}
        columns={cols('code', 'skuName', 'spuName', 'spec', 'supplierName', 'retailPrice', ['regionAllotQuantity', 'region-allot'], ['shopAllotQuantity', 'shop-allot'], 'shopAllotAmount',
          ['saleQuantity', 'sale'], ['saleAmount', 'period-sale'], 'saleCostAmount', 'grossProfitRate', ['stockQuantity', 'stock'], ['putShopCount', 'put'],
          ['notPutShopCount', 'not-put'], ['saleShopCount', 'sale-shop'], ['unsaleShopCount', 'unsale-shop'], 'sellThroughRate')}
        fetchPage={(n, size, f) => post(`${RS}/put-stock-analyse/list/page/${n}/${size}`, f)}
        exportUrl={`${RS}/put-stock-analyse/export`} exportPerm="report:putStock:export"
        header={(f) => <RegionHeat filters={f} />}
        onFigure={(row, detail, f) => setOpen({
          detail, name: String(row.skuName ?? row.spuName ?? row.code),
          body: { ...f, ...(f.dimension === 'spu' ? { spuId: row.spuId } : { skuId: row.skuId }) },
        })}
      />
      <DetailDrawer
        opened={!!open} onClose={() => setOpen(null)} title={open ? `${open.name} · ${t(`det.${open.detail}`)}` : ''}
        columns={open ? DETAIL_COLUMNS[open.detail] : []}
        fetchPage={(n, size) => post<Page>(`${RS}/put-stock-analyse/det/${open!.detail}/page/${n}/${size}`, open!.body)}
      />
    </>
  );
}

// ---- 供应商对账 ----------------------------------------------------------------------------------------------------
const ENTRY_COLUMNS = cols('bizDate', 'detTypeName', 'docNo', 'refNo', 'amount', 'balance', 'payMethodName', 'remark', 'userName');

function Summary({ filters }: { filters: Row }) {
  const t = useAnalysisT();
  const q = useQuery({ queryKey: ['analysis', 'reconciliation', 'summary', filters], queryFn: () => post<Row>(`${OS}/reconciliation-stat/v2/summary`, filters), retry: false });
  const keys = ['supplierCount', 'openingBalance', 'receiptAmount', 'returnAmount', 'paymentAmount', 'closingBalance'].filter((k) => q.data && k in q.data);
  return (
    <SimpleGrid cols={{ base: 2, md: 6 }}>
      {keys.map((k) => (
        <Paper key={k} withBorder p="xs"><Text size="xs" c="dimmed">{t(k)}</Text><Text fw={700} data-testid={`summary-${k}`}>{cell(q.data![k])}</Text></Paper>
      ))}
    </SimpleGrid>
  );
}

export function SupplierReconciliationPage() {
  const t = useAnalysisT();
  const [open, setOpen] = useState<{ id: number; name: string; filters: Row } | null>(null);
  return (
    <>
      <ReportList
        title="title.reconciliation" queryKey="reconciliation" filters={['period', 'supplier']}
        columns={cols('supplierNo', 'supplierName', ['openingBalance', 'entries'], ['receiptAmount', 'entries'], 'receiptCount', ['returnAmount', 'entries'], 'returnCount',
          ['paymentAmount', 'entries'], 'paymentCount', ['closingBalance', 'entries'], 'lastPayDate')}
        fetchPage={(n, size, f) => post(`${OS}/reconciliation-stat/v2/page`, { ...f, pageNum: n, pageSize: size })}
        exportUrl={`${OS}/reconciliation-stat/v2/export`} exportPerm="supplier:reconciliation:export"
        header={(f) => <Summary filters={f} />}
        onFigure={(row, _d, f) => setOpen({ id: Number(row.pdSupplierId), name: String(row.supplierName), filters: f })}
      />
      <DetailDrawer
        opened={!!open} onClose={() => setOpen(null)} title={open ? `${open.name} · ${t('det.entries')}` : ''} columns={ENTRY_COLUMNS}
        fetchPage={(n, size) => post<Page>(`${OS}/reconciliation-stat/v2/detail/${open!.id}`, { ...open!.filters, pageNum: n, pageSize: size })}
      />
    </>
  );
}

// ---- 供应商往来账 --------------------------------------------------------------------------------------------------
type PayForm = { supplierId?: number | null; amount: number | ''; payDate: string; payMethod: string; remark: string; uuid: string };

export function SupplierAccountPage() {
  const t = useAnalysisT();
  const qc = useQueryClient();
  const canPay = usePermission('supplier:account:pay');
  const canEdit = usePermission('supplier:account:edit');
  const [pay, setPay] = useState<PayForm | null>(null);
  const [fix, setFix] = useState<{ detId: number; amount: number | ''; remark: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['analysis', 'account'] });
  const run = async (fn: () => Promise<unknown>, done: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      await fn();
      notifications.show({ color: 'teal', message: t('saved') });
      done();
      await refresh();
    } catch (e) {
      notifications.show({ color: 'red', message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ReportList
        title="title.account" queryKey="account" filters={['period', 'supplier', 'detType']}
        columns={cols('bizDate', 'supplierName', 'detTypeName', 'docNo', 'refNo', 'amount', 'balance', 'payMethodName', 'remark', 'userName')}
        fetchPage={(n, size, f) => post(`${OS}/account-det/list`, { ...f, pageNum: n, pageSize: size })}
        exportUrl={`${OS}/account-det/export`} exportPerm="supplier:account:export"
        toolbar={canPay && <Button onClick={() => setPay({ amount: '', payDate: localDay(), payMethod: '1', remark: '', uuid: crypto.randomUUID() })} data-testid="pay-button">{t('pay')}</Button>}
        rowActions={(row) => (canEdit && row.correctable && 'amount' in row
          ? <Button size="compact-xs" variant="light" onClick={() => setFix({ detId: Number(row.docId), amount: Number(row.newAmount ?? row.amount), remark: '' })}>{t('correct')}</Button>
          : null)}
      />
      <Modal opened={!!pay} onClose={() => setPay(null)} title={t('pay')}>
        {pay && (
          <Stack>
            <FilterBar kinds={['supplier']} value={pay as unknown as Row} onChange={(v) => setPay({ ...pay, supplierId: v.supplierId as number | null })} />
            <NumberInput label={t('amount')} min={0.01} decimalScale={2} value={pay.amount} onChange={(v) => setPay({ ...pay, amount: typeof v === 'number' ? v : '' })} data-testid="pay-amount" />
            <DateField label={t('payDate')} value={pay.payDate} w={220} onChange={(v) => setPay({ ...pay, payDate: v ?? '' })} testId="pay-date" />
            <Select label={t('payMethod')} value={pay.payMethod} onChange={(v) => setPay({ ...pay, payMethod: v ?? '1' })} data={['1', '2', '3', '4'].map((v) => ({ value: v, label: t(`pay.${v}`) }))} />
            <TextInput label={t('remark')} maxLength={200} value={pay.remark} onChange={(e) => setPay({ ...pay, remark: e.currentTarget.value })} />
            <Group justify="end">
              <Button variant="default" onClick={() => setPay(null)}>{t('cancel')}</Button>
              <Button loading={busy} data-testid="pay-save" onClick={() => run(() => post(`${OS}/account-det/add-payment-order`, {
                supplierId: pay.supplierId ?? null, amount: pay.amount === '' ? null : pay.amount, payDate: pay.payDate, payMethod: Number(pay.payMethod), remark: pay.remark || null, clientUuid: pay.uuid,
              }), () => setPay(null))}>{t('save')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={!!fix} onClose={() => setFix(null)} title={t('correct')}>
        {fix && (
          <Stack>
            <NumberInput label={t('newAmount')} min={0.01} decimalScale={2} value={fix.amount} onChange={(v) => setFix({ ...fix, amount: typeof v === 'number' ? v : '' })} />
            <TextInput label={t('reason')} maxLength={200} value={fix.remark} onChange={(e) => setFix({ ...fix, remark: e.currentTarget.value })} />
            <Group justify="end">
              <Button variant="default" onClick={() => setFix(null)}>{t('cancel')}</Button>
              <Button loading={busy} onClick={() => run(() => call({ method: 'PUT', url: `${OS}/account-det/update`, data: { detId: fix.detId, amount: fix.amount === '' ? null : fix.amount, remark: fix.remark } }), () => setFix(null))}>{t('save')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
