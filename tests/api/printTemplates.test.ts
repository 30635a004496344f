import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PNG, sampleData, sampleTemplate } from '../../core/print/pdf/sampleTemplate.ts';
import { PDFDocument } from 'pdf-lib';
import { pdfPageRuns, pdfPageTexts } from '../../core/print/pdf/testing/pdfText.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
let admin: string;
let shop: string;
let admin2: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, shop, admin2] = await Promise.all([s.login('admin', 'admin123'), s.login('shop01', 'shop123'), s.login('admin', 'admin123', 2)]);
});
afterAll(async () => s?.stop());

const pt = (path: string) => `/api/wxy-system-server/print-template/${path}`;
const as = (token: string, tenant = 1) => ({ token, tenant });
const add = (body: Record<string, unknown>, token = admin, tenant = 1) => s.call('POST', pt('add'), { ...as(token, tenant), body });
const allPage = async (body: Record<string, unknown> = {}, token = admin, tenant = 1) => (await s.call('POST', pt('page/1/50'), { ...as(token, tenant), body })).json().data;
/** The templates a tenant made itself (its copies of the product's defaults left out). */
const page = async (body: Record<string, unknown> = {}, token = admin, tenant = 1) => {
  const all = await allPage(body, token, tenant);
  const records = all.records.filter((r: { isDefault: boolean }) => !r.isDefault);
  return { records, total: records.length };
};

describe('print templates', () => {
  let id: number;

  it('creates a template and reads it back whole', async () => {
    const res = await add({ name: '调拨单模板', businessType: 'allocation', remark: '标准 A4', template: sampleTemplate() });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ name: '调拨单模板', businessType: 'allocation', businessTypeName: '调拨单', remark: '标准 A4', panelCount: 1, updateBy: 'admin' });
    id = saved.id;
    const info = (await s.call('GET', pt(`info/${id}`), as(admin))).json().data;
    expect(info.template).toEqual(sampleTemplate());
    const list = await page();
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id, name: '调拨单模板', businessTypeName: '调拨单' });
    expect(list.records[0].template).toBeUndefined();
  });

  it('keeps names unique per business type, not across types', async () => {
    const again = await add({ name: '调拨单模板', businessType: 'allocation', template: sampleTemplate() });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('业务类型「调拨单」下已有名为「调拨单模板」的模板');
    const otherType = await add({ name: '调拨单模板', businessType: 'inventory', template: sampleTemplate() });
    expect(otherType.statusCode).toBe(200);
    expect((await page({ businessType: 'inventory' })).records.map((r: { businessType: string }) => r.businessType)).toEqual(['inventory']);
    expect((await page({ name: '调拨' })).total).toBe(2);
  });

  it('refuses an invalid template with a Chinese message naming the problem, and stores nothing', async () => {
    const before = (await page()).total;
    const bad = sampleTemplate();
    (bad.panels[0].printElements[0] as { type: string }).type = 'tableCustom';
    const r1 = await add({ name: '坏模板', businessType: 'general', template: bad });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().msg).toBe('模板内容不正确：panels[0].printElements[0].type：元素类型 tableCustom 已移除，请使用 table（表格）');
    const r2 = await add({ name: '旧模板', businessType: 'general', template: { panels: [] } });
    expect(r2.json().msg).toMatch(/^模板内容不正确.*version：模板缺少版本号/);
    const r3 = await add({ name: '', businessType: 'general', template: sampleTemplate() });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().msg).toContain('模板名称');
    const r4 = await add({ name: '类型错', businessType: 'rocket', template: sampleTemplate() });
    expect(r4.statusCode).toBe(400);
    expect(r4.json().msg).toContain('业务类型');
    const r5 = await add({ name: '<b>x</b>', businessType: 'general', template: sampleTemplate() });
    expect(r5.statusCode).toBe(400);
    expect((await page()).total).toBe(before);
  });

  it('edits a template and refuses an edit that would collide', async () => {
    const t = sampleTemplate();
    t.panels[0].name = '改过的面板';
    const res = await s.call('PUT', pt(`edit/${id}`), { ...as(admin), body: { name: '调拨单模板（新）', businessType: 'allocation', template: t } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.template.panels[0].name).toBe('改过的面板');
    const other = (await add({ name: '另一个', businessType: 'allocation', template: sampleTemplate() })).json().data;
    const clash = await s.call('PUT', pt(`edit/${other.id}`), { ...as(admin), body: { name: '调拨单模板（新）', businessType: 'allocation', template: sampleTemplate() } });
    expect(clash.statusCode).toBe(409);
    expect((await s.call('GET', pt(`info/${other.id}`), as(admin))).json().data.name).toBe('另一个');
    const missing = await s.call('PUT', pt('edit/999999'), { ...as(admin), body: { name: 'x', businessType: 'allocation', template: sampleTemplate() } });
    expect(missing.statusCode).toBe(404);
  });

  it('duplicates a template under a free copy name', async () => {
    const c1 = (await s.call('POST', pt(`copy/${id}`), { ...as(admin), body: {} })).json().data;
    const c2 = (await s.call('POST', pt(`copy/${id}`), as(admin))).json().data;
    expect([c1.name, c2.name]).toEqual(['调拨单模板（新）-副本', '调拨单模板（新）-副本2']);
    expect(c1.businessType).toBe('allocation');
    expect((await s.call('GET', pt(`info/${c1.id}`), as(admin))).json().data.template.panels[0].name).toBe('改过的面板');
    const named = await s.call('POST', pt(`copy/${id}`), { ...as(admin), body: { name: '另一个' } });
    expect(named.statusCode).toBe(409);
  });

  it('deletes a template', async () => {
    const victim = (await add({ name: '待删除', businessType: 'general', template: sampleTemplate() })).json().data;
    expect((await s.call('DELETE', pt(`delete/${victim.id}`), as(admin))).statusCode).toBe(200);
    expect((await s.call('GET', pt(`info/${victim.id}`), as(admin))).statusCode).toBe(404);
    expect((await s.call('DELETE', pt(`delete/${victim.id}`), as(admin))).statusCode).toBe(404);
  });

  it("isolates tenants: tenant 2 neither sees nor changes tenant 1's templates, and may reuse its names", async () => {
    expect((await page({}, admin2, 2)).total).toBe(0);
    expect((await s.call('GET', pt(`info/${id}`), as(admin2, 2))).statusCode).toBe(404);
    expect((await s.call('DELETE', pt(`delete/${id}`), as(admin2, 2))).statusCode).toBe(404);
    expect((await s.call('POST', pt(`copy/${id}`), as(admin2, 2))).statusCode).toBe(404);
    expect((await s.call('POST', pt(`render/${id}`), as(admin2, 2))).statusCode).toBe(404);
    expect((await add({ name: '调拨单模板（新）', businessType: 'allocation', template: sampleTemplate() }, admin2, 2)).statusCode).toBe(200);
    expect((await s.call('GET', pt(`info/${id}`), as(admin))).json().data.name).toBe('调拨单模板（新）');
  });

  it('refuses every call to shop01, who lacks the print-template permissions', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['POST', pt('page/1/20'), {}], ['GET', pt(`info/${id}`)], ['GET', pt('business-types')],
      ['POST', pt('add'), { name: 'x', businessType: 'general', template: sampleTemplate() }],
      ['PUT', pt(`edit/${id}`), { name: 'x', businessType: 'general', template: sampleTemplate() }],
      ['POST', pt(`copy/${id}`), {}], ['DELETE', pt(`delete/${id}`)], ['POST', pt(`render/${id}`), {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await s.call(method, url, { ...as(shop), body });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 4030]);
    }
    expect((await s.call('GET', pt(`info/${id}`), as(admin))).json().data.name).toBe('调拨单模板（新）');
  });

  it('renders a stored template with data to a PDF on the server', async () => {
    const res = await s.call('POST', pt(`render/${id}`), { ...as(admin), body: { data: sampleData(60) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = new Uint8Array(res.rawPayload);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pages = await pdfPageTexts(bytes);
    expect(Number(res.headers['x-page-count'])).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('商品调拨单');
    expect(pages.flat().filter((t) => /^测试商品\d+号/.test(t))).toHaveLength(60);
    // without data the template's test data prints, as in the designer
    const preview = await s.call('POST', pt(`render/${id}`), { ...as(admin), body: {} });
    expect((await pdfPageTexts(new Uint8Array(preview.rawPayload)))[0]).toContain('测试商品（样例）');
    // bad data is refused before rendering
    const bad = await s.call('POST', pt(`render/${id}`), { ...as(admin), body: { data: 'not an object' } });
    expect(bad.statusCode).toBe(400);
  });

  it('renders SimSun text in the serif font, html as rich text and a rotated panel as a turned page', async () => {
    const t = sampleTemplate();
    const panel = { ...t.panels[0], rotate: true, printElements: [
      { type: 'text', options: { left: 20, top: 20, width: 300, height: 20, title: '宋体标题', fontFamily: 'SimSun' } },
      { type: 'html', options: { left: 20, top: 60, width: 300, height: 60, content: '<p>说明<b>加粗</b><span style="color:#ff0000">红字</span></p><script>x()</script>' } },
    ] };
    const created = await add({ name: '字体模板', businessType: 'allocation', template: { ...t, panels: [panel] } });
    expect(created.statusCode).toBe(200);
    const res = await s.call('POST', pt(`render/${created.json().data.id}`), { ...as(admin), body: {} });
    expect(res.statusCode).toBe(200);
    const bytes = new Uint8Array(res.rawPayload);
    const runs = (await pdfPageRuns(bytes))[0];
    expect(runs.slice(0, 4).map((r) => [r.text, r.font])).toEqual([
      ['宋体标题', 'NotoSerifSC-Regular'], ['说明', 'NotoSansSC-Regular'], ['加粗', 'NotoSansSC-Bold'], ['红字', 'NotoSansSC-Regular'],
    ]);
    expect(runs[3].rgb).toEqual([255, 0, 0]);
    expect((await PDFDocument.load(bytes)).getPage(0).getRotation().angle).toBe(90);
  });
});

describe('server render of uploaded images', () => {
  /** A multipart/form-data body with one file, as the app's uploader sends it. */
  function pngForm(data: Buffer) {
    const boundary = '----wxyPrintImage';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\nlogo.png\r\n--${boundary}\r\nContent-Disposition: form-data; name="fileSize"\r\n\r\n${data.length}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`), data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  }
  async function upload(token: string, tenant: number): Promise<string> {
    const f = pngForm(Buffer.from(SAMPLE_PNG.split(',')[1], 'base64'));
    const res = await s.app.inject({ method: 'POST', url: '/api/wxy-file-server/file/upload', headers: { authorization: `Bearer ${token}`, 'x-tenant-id': String(tenant), 'content-type': f.contentType }, payload: f.body });
    expect(res.statusCode).toBe(200);
    return res.json().data.url;
  }
  const imageXObjects = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
  async function renderWithImage(name: string, src: string) {
    const t = sampleTemplate();
    const panel = { ...t.panels[0], printElements: [{ type: 'image', options: { left: 20, top: 20, width: 60, height: 60, src } }] };
    const created = await add({ name, businessType: 'general', template: { ...t, panels: [panel] } });
    expect(created.statusCode).toBe(200);
    const res = await s.call('POST', pt(`render/${created.json().data.id}`), { ...as(admin), body: {} });
    expect(res.statusCode).toBe(200);
    return new Uint8Array(res.rawPayload);
  }

  it('embeds a picture uploaded to the file service by its signed link; another tenant\'s or a forged link is skipped, never a 500', async () => {
    const own = await upload(admin, 1);
    expect(own).toMatch(/^\/api\/wxy-file-server\/video\/downSeeding\?/);
    expect(imageXObjects(await renderWithImage('上传图片', own))).toBe(1);
    // the same file named by an absolute address of this server works too
    expect(imageXObjects(await renderWithImage('上传图片绝对地址', `https://erp.example.com${own}`))).toBe(1);

    const foreign = await upload(admin2, 2);
    expect(imageXObjects(await renderWithImage('他人图片', foreign))).toBe(0);
    // a link re-pointed at tenant 1 without a new signature
    expect(imageXObjects(await renderWithImage('伪造图片', foreign.replace('tenantId=2', 'tenantId=1')))).toBe(0);
    const forged = new URL(own, 'http://x');
    forged.searchParams.set('videoObjectKey', '202601/../../etc.png');
    expect(imageXObjects(await renderWithImage('篡改图片', `${forged.pathname}${forged.search}`))).toBe(0);
    // an outside address is never fetched
    expect(imageXObjects(await renderWithImage('外部图片', 'http://127.0.0.1:1/logo.png'))).toBe(0);
  });
});

describe('default print templates', () => {
  it('every tenant lists a default of every printable document, the register ticket and the payment slip, and prints on it', async () => {
    const types = (await s.call('GET', pt('business-types'), as(admin))).json().data as { value: string; label: string }[];
    for (const tenant of [1, 2]) {
      const all = await allPage({}, tenant === 1 ? admin : admin2, tenant);
      const defaults = all.records.filter((r: { isDefault: boolean }) => r.isDefault);
      // 通用 and 价签 have no default; every other kind has exactly one.
      const kinds = types.map((t) => t.value).filter((v) => v !== 'general' && v !== 'priceTag');
      expect(defaults.map((r: { businessType: string }) => r.businessType).sort()).toEqual([...kinds].sort());
      expect(defaults.find((r: { businessType: string }) => r.businessType === 'cashierTicket')).toMatchObject({ name: '收银小票（默认模板）', businessTypeName: '收银小票' });
    }
  });

  it('a default saved in the designer becomes the tenant\'s own; a new product default replaces only unedited copies', async () => {
    const { seedPrintTemplates } = await import('../../server/printTemplates/defaults.ts');
    const { shippedPrintTemplates } = await import('../../server/start.ts');
    // A document kind the other tests here leave alone.
    const KIND = 'supplierMrb';
    const list = await allPage({ businessType: KIND });
    const copy = list.records.find((r: { isDefault: boolean }) => r.isDefault);
    const info = (await s.call('GET', pt(`info/${copy.id}`), as(admin))).json().data;
    const edited = await s.call('PUT', pt(`edit/${copy.id}`), { ...as(admin), body: { name: info.name, businessType: KIND, template: info.template } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.isDefault).toBe(false);
    // The product's defaults change (a new panel name): tenant 2's unedited copy follows, tenant 1's own does not.
    const shipped = shippedPrintTemplates(s.config.schemaDirs).map((d) =>
      d.businessType === KIND ? { ...d, template: { ...d.template, panels: d.template.panels.map((p) => ({ ...p, name: '新版模板' })) } } : d);
    expect(await seedPrintTemplates(s.db, shipped)).toBe(true);
    const panelName = async (token: string, tenant: number) => {
      const row = (await allPage({ businessType: KIND }, token, tenant)).records.find((r: { name: string }) => r.name === info.name);
      return (await s.call('GET', pt(`info/${row.id}`), as(token, tenant))).json().data.template.panels[0].name;
    };
    expect(await panelName(admin2, 2)).toBe('新版模板');
    expect(await panelName(admin, 1)).toBe(info.template.panels[0].name);
    expect(await seedPrintTemplates(s.db, shipped)).toBe(false); // unchanged: nothing to do
    await seedPrintTemplates(s.db, shippedPrintTemplates(s.config.schemaDirs));
  });
});
