import { TEMPLATE_KIND, TEMPLATE_VERSION, type PrintTemplate } from '../../core/print/template/types.ts';
import { dbNowText } from '../db/calendar.ts';
import type { DocLinesDecl, FieldSchema, ResourceDescriptor } from '../../core/descriptors/types.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import type { DocContext } from './context.ts';
import { templateFor, type ChosenTemplate } from '../printTemplates/answerPrint.ts';

/**
 * Printing a document with the print designer's templates: the fields a template of the document type can
 * print (offered in the designer's field list), the print data of one document (its detail answer plus
 * labels of coded values), and the default template built from the descriptors when the tenant has made
 * none of its own for the type.
 */

export interface PrintField {
  field: string;
  text: string;
}

/** Fields that identify rows for the machine, not for people. */
const isMachineField = (name: string, _f?: FieldSchema) => name.endsWith('Id');

/** Header fields (coded ones as their label), the lines list and the lines' fields: the designer's field list of the type. */
export function documentPrintFields(c: DocContext): PrintField[] {
  const header = Object.entries(c.header.fields)
    .filter(([name, f]) => !isMachineField(name, f))
    .map(([name, f]) => ({ field: f['x-dictionary'] ? `${name}Label` : name, text: f.title }));
  const stamp = [{ field: 'printTime', text: '打印时间' }, { field: 'printUser', text: '打印人' }];
  if (!c.lines || !c.doc.lines) return [...header, ...stamp];
  const lines = Object.entries(c.lines.fields)
    .filter(([name, f]) => !isMachineField(name, f))
    .map(([name, f]) => ({ field: f['x-dictionary'] ? `${name}Label` : name, text: `明细·${f.title}` }));
  return [...header, { field: c.doc.lines.bodyField, text: '明细（表格）' }, ...lines, ...stamp];
}

async function dictionaryLabels(tx: Queryable, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await tx.query<{ code: string; value: string; label: string }>(`SELECT code, value, label FROM sys_data_dictionary WHERE code = ANY($1::text[])`, [codes]);
  return new Map(rows.rows.map((r) => [`${r.code}:${r.value}`, r.label]));
}

function withLabels(r: ResourceDescriptor, row: Record<string, unknown>, labels: Map<string, string>): Record<string, unknown> {
  const out = { ...row };
  for (const [name, f] of Object.entries(r.fields)) {
    const code = f['x-dictionary'];
    if (code && row[name] !== undefined && row[name] !== null) out[`${name}Label`] = labels.get(`${code}:${row[name]}`) ?? String(row[name]);
  }
  return out;
}

/** The print data of a document: its detail answer, `<field>Label` for coded fields, print time and user. */
export async function documentPrintData(tx: Queryable, auth: AuthContext, c: DocContext, doc: Record<string, unknown>): Promise<Record<string, unknown>> {
  const linesRes = c.lines;
  const bodyField = c.doc.lines?.bodyField;
  const codes = [...new Set([...Object.values(c.header.fields), ...Object.values(linesRes?.fields ?? {})].flatMap((f) => (f['x-dictionary'] ? [f['x-dictionary']] : [])))];
  const labels = await dictionaryLabels(tx, codes);
  const lines = linesRes && bodyField ? { [bodyField]: ((doc[bodyField] as Record<string, unknown>[] | undefined) ?? []).map((l) => withLabels(linesRes, l, labels)) } : {};
  // The database's clock and zone, like every other time the document shows.
  const now = await dbNowText(tx);
  return { ...withLabels(c.header, doc, labels), ...lines, printTime: now, printUser: auth.displayName ?? auth.userName };
}

const LINE_COLUMN_ORDER = ['skuCode', 'skuName', 'barcode', 'spec', 'unit'];

/** An A4 template of the document: title, number as barcode, header fields in two columns, the lines table with sums, signatures. */
export function defaultDocumentTemplate(c: DocContext): PrintTemplate {
  const skip = new Set([c.doc.numberField, c.header.primaryKey, 'remark']);
  // Without lines the header fields have the page to themselves.
  const headerFields = Object.entries(c.header.fields).filter(([name, f]) => !skip.has(name) && !isMachineField(name, f) && !f['x-detailOnly']).slice(0, c.lines ? 10 : 24);
  const elements: PrintTemplate['panels'][number]['printElements'] = [
    { type: 'text', options: { left: 150, top: 24, width: 295, height: 26, title: c.header.title, fontSize: 18, fontWeight: 'bold', textAlign: 'center' } },
    { type: 'text', options: { left: 20, top: 62, width: 260, height: 14, title: c.header.fields[c.doc.numberField].title, field: c.doc.numberField } },
    { type: 'barcode', options: { left: 415, top: 20, width: 160, height: 40, field: c.doc.numberField, barcodeType: 'code128' } },
  ];
  headerFields.forEach(([name, f], i) => {
    const field = f['x-dictionary'] ? `${name}Label` : name;
    elements.push({ type: 'text', options: { left: i % 2 ? 300 : 20, top: 82 + Math.floor(i / 2) * 18, width: 260, height: 14, title: f.title, field } });
  });
  const tableTop = 82 + Math.ceil(headerFields.length / 2) * 18 + 10;
  elements.push({ type: 'hline', options: { left: 20, top: tableTop - 6, width: 555, height: 1, borderWidth: 0.75 } });
  if (c.lines && c.doc.lines) addLinesTable(elements, c.lines, c.doc.lines, tableTop);
  const remarkTop = c.lines ? tableTop + 60 : tableTop;
  if (Object.hasOwn(c.header.fields, 'remark')) elements.push({ type: 'longText', options: { left: 20, top: remarkTop, width: 555, height: 30, title: '备注', field: 'remark' } });
  elements.push(
    { type: 'text', options: { left: 20, top: 790, width: 180, height: 14, title: '制单：________' } },
    { type: 'text', options: { left: 210, top: 790, width: 180, height: 14, title: '审核：________' } },
    { type: 'text', options: { left: 400, top: 790, width: 175, height: 14, title: '签收：________' } },
    { type: 'text', options: { left: 20, top: 808, width: 300, height: 12, title: '打印时间', field: 'printTime', fontSize: 8, color: '#666666' } },
  );
  return {
    version: TEMPLATE_VERSION,
    kind: TEMPLATE_KIND,
    panels: [{ index: 0, name: c.header.title, paperType: 'A4', width: 210, height: 297, paperHeader: 0, paperFooter: 780, paperNumberFormat: '第paperNo页/共paperCount页', printElements: elements }],
  } as PrintTemplate;
}

type Elements = PrintTemplate['panels'][number]['printElements'];

/** The lines table of the default template: SKU columns first, numeric ones right-aligned and summed. */
function addLinesTable(elements: Elements, linesRes: ResourceDescriptor, decl: DocLinesDecl, tableTop: number): void {
  const lineFields = Object.entries(linesRes.fields).filter(([name, f]) => !isMachineField(name, f) && name !== decl.lineNoField && name !== 'remark');
  lineFields.sort(([a], [b]) => (LINE_COLUMN_ORDER.indexOf(a) + 1 || 99) - (LINE_COLUMN_ORDER.indexOf(b) + 1 || 99));
  const shown = lineFields.slice(0, 8);
  const widthLeft = 555 - 36;
  const weights = shown.map(([name]) => (name === 'skuName' ? 3 : name === 'barcode' || name === 'skuCode' ? 1.6 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const columns = [
    { title: '序号', width: 36, tableTextType: 'sequence', align: 'center' },
    ...shown.map(([name, f], i) => {
      const numeric = f.type === 'number' || f.type === 'integer';
      const summable = numeric && /quantity|amount|qty/i.test(name);
      return {
        title: f.title,
        field: f['x-dictionary'] ? `${name}Label` : name,
        width: Math.round((widthLeft * weights[i]) / total),
        ...(numeric ? { align: 'right' } : {}),
        ...(summable ? { tableSummary: 'sum', tableSummaryNumFormat: f['x-decimals'] ? String(Math.min(f['x-decimals'], 2)) : '0' } : {}),
      };
    }),
  ];
  elements.push({
    type: 'table',
    options: { left: 20, top: tableTop, width: 555, height: 40, field: decl.bodyField, fontSize: 9, tableFooterRepeat: 'last', tableGrandTotal: true, columns: [columns] },
  } as never);
}

/** The tenant's newest template of the document type, else the default one from the descriptors. */
export async function documentTemplate(tx: Queryable, c: DocContext): Promise<ChosenTemplate> {
  return templateFor(tx, c.doc.type, () => ({ name: `${c.header.title}（默认模板）`, template: defaultDocumentTemplate(c), isDefault: true }));
}
