import type { ActionKind, DocActionDecl, DocumentDecl, FormDecl, ResourceDescriptor, RouteDecl } from './types.ts';

/**
 * Pure rules of documents shared by the server (server/documents/) and the browser's document page
 * (engine/document/): the answer of a batch action, the routes a document page calls, and the lines grid's
 * arithmetic and paste format.
 */

export const STATUS_CHANGED = '单据状态已变更，请刷新后重试';

/** What a batch action or batch delete answers: one result per document. */
export interface BatchResult {
  success: number;
  fail: number;
  results: { id: number; docNo: string | null; ok: boolean; msg: string }[];
}

/** 3 条成功，1 条失败：单据 DB20261124-0002 状态已变更 */
export function batchMessage(r: BatchResult): string {
  const failed = r.results.filter((x) => !x.ok);
  const head = `${r.success} 条成功，${r.fail} 条失败`;
  if (!failed.length) return head;
  const first = failed[0];
  const reason = first.msg === STATUS_CHANGED ? '状态已变更' : first.msg;
  return `${head}：单据 ${first.docNo ?? first.id} ${reason}${failed.length > 1 ? ` 等 ${failed.length} 条` : ''}`;
}

export function isBatchResult(v: unknown): v is BatchResult {
  return Boolean(v && typeof v === 'object' && Array.isArray((v as BatchResult).results) && typeof (v as BatchResult).fail === 'number');
}

/** Forms that are pages of their own (a route, a tab): a page form or a document page. */
export const isPageForm = (form: Pick<FormDecl, 'mode'> | undefined): boolean => form?.mode === 'page' || form?.mode === 'document';

/** The routes of a document resource a document page calls, found by their action. */
export interface DocumentRoutes {
  get?: RouteDecl;
  create?: RouteDecl;
  update?: RouteDecl;
  remove?: RouteDecl;
  print?: RouteDecl;
  skuOptions?: RouteDecl;
  /** action id -> its single-document route */
  actions: Map<string, RouteDecl>;
}

export function documentRoutes(r: ResourceDescriptor): DocumentRoutes {
  const first = (kind: ActionKind) => r.routes.find((route) => route.action === kind);
  const actions = new Map<string, RouteDecl>();
  for (const route of r.routes) if (route.action === 'docAction' && route.docAction && !actions.has(route.docAction)) actions.set(route.docAction, route);
  return { get: first('docGet'), create: first('docCreate') ?? first('docMerge'), update: first('docUpdate') ?? first('docMerge'), remove: first('docDelete'), print: first('docPrint'), skuOptions: first('docSkuOptions'), actions };
}

/** The declared actions the answer says the caller may run now, in the descriptor's order. */
export function runnableActions(decls: readonly DocActionDecl[], runnable: readonly string[] | undefined): DocActionDecl[] {
  const can = new Set(runnable ?? []);
  return decls.filter((a) => can.has(a.id));
}

// ------------------------------------------------------------------ lines arithmetic

/** Round half away from zero to `decimals` places, exactly for the amounts a grid shows. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.sign(value) * Math.round(Math.abs(value) * f + Number.EPSILON * f) / f;
}

/** quantity x price of a line, rounded like the server's numeric(…,2); null when either is missing. */
export function lineAmount(quantity: unknown, price: unknown, decimals = 2): number | null {
  if (quantity === undefined || quantity === null || quantity === '' || price === undefined || price === null || price === '') return null;
  const q = Number(quantity);
  const p = Number(price);
  if (!Number.isFinite(q) || !Number.isFinite(p)) return null;
  // Multiply in integer thousandths and cents so 0.1 x 3 is 0.30, not 0.30000000000000004.
  return roundTo((Math.round(q * 1000) * Math.round(p * 10000)) / 1e7, decimals);
}

/** Sum of a field over the lines, to 3 decimals (quantities) or 2 (amounts). */
export function sumOf(lines: readonly Record<string, unknown>[], field: string, decimals: number): number {
  const f = 10 ** decimals;
  return lines.reduce((acc, l) => acc + Math.round(Number(l[field] ?? 0) * f), 0) / f;
}

/** One line of pasted text: a barcode or SKU code, then a quantity and optionally a price. */
export interface PastedLine {
  row: number;
  code: string;
  quantity?: number;
  price?: number;
  error?: string;
}

/**
 * Lines pasted from a spreadsheet or typed: one per line, columns separated by a tab, comma or blanks —
 * 条码或编码, 数量[, 单价]. A header row (no number in the quantity column) and empty lines are skipped.
 */
export function parsePastedLines(text: string): PastedLine[] {
  const out: PastedLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const cells = raw.split(/\t|,|，|\s+/).map((c) => c.trim()).filter(Boolean);
    if (!cells.length) return;
    const [code, qty, price] = cells;
    const row = i + 1;
    if (qty === undefined) return out.push({ row, code, quantity: 1 });
    if (!/^-?\d+(\.\d+)?$/.test(qty)) {
      if (i === 0) return; // a header row
      return out.push({ row, code, error: `数量“${qty}”不是数字` });
    }
    const line: PastedLine = { row, code, quantity: Number(qty) };
    if (price !== undefined) {
      if (!/^\d+(\.\d+)?$/.test(price)) return out.push({ row, code, error: `单价“${price}”不是数字` });
      line.price = Number(price);
    }
    out.push(line);
  });
  return out;
}

/** Whether the page's editable state differs from what was loaded (the tab asks before closing then). */
export function sameDocumentInput(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined && x !== null && x !== '') out[k] = normalise(x);
    }
    return out;
  }
  return v;
}

/** The status a document's declared action moves it to (its first `to`): a screen or a rule names the meaning, the descriptor the number. */
export function statusAfter(doc: Pick<DocumentDecl, 'actions'>, actionId: string): number {
  const a = doc.actions.find((x) => x.id === actionId);
  if (!a) throw new Error(`the document declares no "${actionId}" action`);
  return a.to[0];
}
