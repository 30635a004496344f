import { columnOf } from '../../core/descriptors/resource.ts';
import type { DescriptorSet, ResourceDescriptor } from '../../core/descriptors/types.ts';

/**
 * What other parts of the product learn from the document descriptors instead of keeping lists of their own:
 * the print business types (every document with a docPrint route) and the 工作台's waiting documents (a
 * document's `waiting` block). Adding a document adds it to both, without TypeScript.
 */

/** Print business types that are no document: the register's ticket and hand-over slip, a payment slip, a price tag. */
const OTHER_PRINT_TYPES = [
  { value: 'general', label: '通用' },
  { value: 'cashierTicket', label: '收银小票' },
  { value: 'shiftTicket', label: '交班单' },
  { value: 'orderPay', label: '支付单' },
  { value: 'priceTag', label: '价签' },
] as const;

export interface PrintBusinessType {
  value: string;
  label: string;
}

/** The designer's 业务类型 list: 通用, then every printable document (its title), then the other kinds. */
export function printBusinessTypes(resources: Iterable<ResourceDescriptor>): PrintBusinessType[] {
  const docs = [...resources].filter((r) => r.document && r.routes.some((x) => x.action === 'docPrint')).map((r) => ({ value: r.document!.type, label: r.title }));
  return [OTHER_PRINT_TYPES[0], ...docs, ...OTHER_PRINT_TYPES.slice(1)];
}

export interface WaitingDocuments {
  key: string;
  label: string;
  table: string;
  statusColumn: string;
  statuses: number[];
  perm: string;
  /** The list screen's route. */
  link: string;
  /** Column of a warehouse id (shop scope through the warehouse's shop) or of a shop id. */
  scope?: { warehouse: string } | { shop: string };
}

/**
 * Documents that wait for someone (工作台 待处理单据): each document declaring `waiting` counts the rows in the
 * statuses its action starts from, for holders of the action's permission, linking to the document's list screen.
 */
export function waitingDocuments(set: DescriptorSet): WaitingDocuments[] {
  const out: WaitingDocuments[] = [];
  for (const r of set.resources.values()) {
    const w = r.document?.waiting;
    if (!w) continue;
    const action = r.document!.actions.find((a) => a.id === w.action);
    const screen = [...set.screens.values()].find((s) => s.resource === r.name);
    if (!action || !screen) continue; // schemas:check refuses both
    const col = (f: string) => columnOf(r, f);
    out.push({
      key: `${r.document!.type}.${action.id}`,
      label: w.label,
      table: r.table,
      statusColumn: col(r.document!.statusField),
      statuses: action.from,
      perm: action.perm,
      link: screen.route,
      scope: w.warehouseField ? { warehouse: col(w.warehouseField) } : w.shopField ? { shop: col(w.shopField) } : undefined,
    });
  }
  return out;
}

export interface DocumentPage {
  /** The document's title (采购单). */
  title: string;
  prefix: string;
  table: string;
  numberColumn: string;
  keyColumn: string;
  /** The query key the page opens a document by (its primary key's field). */
  keyField: string;
  /** The document page's menu path (/purchaseManage/procureOrder). */
  route: string;
  /** Permission of the document's get route: who may open one. */
  perm: string | undefined;
}

/** Where a document opens by its number: every document with a document-mode page form (the command palette's 单号). */
export function documentPages(set: DescriptorSet): DocumentPage[] {
  const out: DocumentPage[] = [];
  for (const r of set.resources.values()) {
    const doc = r.document;
    if (!doc) continue;
    // A read-only document page (其他入库 详情) before the one that also edits.
    const forms = [...set.screens.values()].filter((s) => s.resource === r.name).flatMap((s) => Object.values(s.forms ?? {})).filter((f) => f.mode === 'document' && f.route);
    const form = forms.find((f) => f.readOnly) ?? forms[0];
    const get = r.routes.find((x) => x.action === 'docGet');
    if (!form?.route || !get) continue;
    out.push({ title: r.title, prefix: doc.prefix, table: r.table, numberColumn: columnOf(r, doc.numberField), keyColumn: columnOf(r, r.primaryKey), keyField: r.primaryKey, route: form.route, perm: get.perm });
  }
  return out;
}
