import ExcelJS from 'exceljs';
import { expect, logIn, openPage, pageApi, test } from './support';

/**
 * 线上订单 导入: the platform's export file filled in the template is refused row by row when a SKU is unknown
 * (nothing imported), then imported; the orders are in the list and both attempts in 导入记录.
 */
test('线上订单: import from the template, a bad file refused by row, the good one listed, both in 导入记录', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const sku = ((await (await request.get('/api/wxy-production-server/pd-sku/findPage/1/20?status=1', { headers })).json()).data.records as { skuCode: string }[])[0];
  const orderNo = `DY${Date.now()}`;

  await openPage(page, '/storageManage/ecOrder');
  await page.getByTestId('ec-order-toolbar-import').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('ec-order-import-template').click();
  const workbook = async (skuCode: string) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await (await download).path());
    const ws = wb.worksheets[0];
    ws.spliceRows(2, ws.rowCount - 1); // the template's example row
    ws.addRow(['抖音', orderNo, '2026-11-25 10:00:00', '赵敏', '13800138009', '上海市静安区南京西路1号', '', skuCode, 2, 19.9]);
    ws.addRow(['抖音', orderNo, '2026-11-25 10:00:00', '赵敏', '13800138009', '上海市静安区南京西路1号', '', sku.skuCode, 1, 5]);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const upload = async (buffer: Buffer) => {
    await page.getByTestId('ec-order-import-file').click();
    await page.locator('input[type=file]').setInputFiles({ name: 'orders.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await page.getByTestId('ec-order-import-upload').click();
  };

  await upload(await workbook('NO-SUCH-SKU'));
  await expect(page.getByTestId('ec-order-import-report')).toContainText('NO-SUCH-SKU');
  await upload(await workbook(sku.skuCode));
  await expect(page.getByTestId('ec-order-import')).toHaveCount(0);
  await page.getByTestId('filter-platformOrderNo').fill(orderNo);
  await page.getByTestId('ec-order-search').click();
  await expect(page.getByTestId('ec-order-table-row')).toHaveCount(1);
  await expect(page.getByTestId('ec-order-table-row')).toContainText('赵敏');

  await page.getByTestId('ec-order-toolbar-importAudit').click();
  const rows = page.getByTestId('ec-order-import-audit-table-row');
  await expect(rows.first()).toContainText('导入完成：新增 1 单');
  await expect(rows.nth(1)).toContainText('NO-SUCH-SKU');
  await expect(rows.nth(1)).toContainText('失败');
});
