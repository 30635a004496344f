/**
 * A reference delivery-note template using every drawable element type, with matching print data.
 * Used by the PDF tests, the bench and the server's render test; not shipped to users as a default.
 */
import { TEMPLATE_KIND, TEMPLATE_VERSION, type PrintTemplate } from '../template/types.ts';

/** A 2 x 2 PNG (red, green / blue, white) as a data: URL. */
export const SAMPLE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

export function sampleTemplate(): PrintTemplate {
  return {
    version: TEMPLATE_VERSION,
    kind: TEMPLATE_KIND,
    panels: [{
      index: 0,
      name: '调拨单',
      paperType: 'A4',
      width: 210,
      height: 297,
      paperHeader: 80,
      paperFooter: 800,
      paperNumberFormat: '第paperNo页/共paperCount页',
      watermarkOptions: { content: '内部资料', timestamp: true },
      printElements: [
        { type: 'text', options: { left: 200, top: 20, width: 200, height: 24, title: '商品调拨单', fontSize: 18, fontWeight: 'bold', textAlign: 'center' } },
        { type: 'hline', options: { left: 20, top: 70, width: 555, height: 1, borderWidth: 1 } },
        { type: 'text', options: { left: 20, top: 90, width: 260, height: 14, title: '调拨单号', field: 'orderNo', testData: 'DB20261121001' } },
        { type: 'text', options: { left: 300, top: 90, width: 260, height: 14, title: '调出仓库', field: 'fromWarehouse', testData: '上海一号仓' } },
        { type: 'barcode', options: { left: 400, top: 30, width: 160, height: 36, field: 'orderNo', testData: 'DB20261121001', barcodeType: 'code128' } },
        { type: 'qrcode', options: { left: 20, top: 10, width: 56, height: 56, field: 'orderNo', testData: 'DB20261121001' } },
        {
          type: 'table',
          options: {
            left: 20, top: 115, width: 555, height: 40, field: 'items', fontSize: 9, tableFooterRepeat: 'page', tableGrandTotal: true,
            columns: [[
              { title: '序号', width: 40, tableTextType: 'sequence', align: 'center' },
              { title: '商品编码', field: 'sku', width: 100 },
              { title: '商品名称', field: 'name', width: 215 },
              { title: '数量', field: 'qty', width: 70, align: 'right', tableSummary: 'sum', tableSummaryNumFormat: '0' },
              { title: '金额（元）', field: 'amount', width: 130, align: 'right', tableSummary: 'sum', tableSummaryNumFormat: '2' },
            ]],
            testData: JSON.stringify([{ sku: 'SKU0001', name: '测试商品（样例）', qty: 2, amount: '19.80' }]),
          },
        },
        { type: 'longText', options: { left: 20, top: 180, width: 555, height: 30, title: '备注', field: 'remark', testData: '请于三日内签收。' } },
        { type: 'rect', options: { left: 20, top: 230, width: 120, height: 40, borderWidth: 0.75 } },
        { type: 'oval', options: { left: 160, top: 230, width: 60, height: 40, borderWidth: 0.75, borderStyle: 'dashed' } },
        { type: 'image', options: { left: 240, top: 230, width: 40, height: 40, src: SAMPLE_PNG, fit: 'fill' } },
        { type: 'vline', options: { left: 300, top: 230, width: 1, height: 40 } },
        { type: 'text', options: { left: 320, top: 240, width: 240, height: 14, title: '签收人：________' } },
        { type: 'text', options: { left: 20, top: 805, width: 300, height: 14, title: '打印自 零售连锁管理后台', fontSize: 8, color: '#666666' } },
      ],
    }],
  };
}

/** Print data for sampleTemplate: `rows` table rows with Chinese names. */
export function sampleData(rows: number): Record<string, unknown> {
  return {
    orderNo: 'DB20261121001',
    fromWarehouse: '上海一号仓',
    remark: '请于三日内签收，如有破损请拍照并联系调出仓库。',
    items: Array.from({ length: rows }, (_, i) => ({
      sku: `SKU${String(i + 1).padStart(5, '0')}`,
      name: `测试商品${i + 1}号 · 规格${(i % 7) + 1}`,
      qty: (i % 9) + 1,
      amount: (((i % 9) + 1) * 9.9).toFixed(2),
    })),
  };
}
