import { columnOf } from '../../core/descriptors/resource.ts';
import type { DocLinesDecl, DocumentDecl, ResourceDescriptor } from '../../core/descriptors/types.ts';
import { ApiError } from '../errors.ts';
import { quoteIdent } from '../resources/query.ts';
import type { DocContext } from './context.ts';
import type { DocRef } from './registry.ts';

/** The shape of a document the layer's modules share: its lines (when it has them), its table and key, its reference. */

/** SKU columns the layer copies into a line when the lines resource declares the field. */
export const SKU_COPIES = ['skuCode', 'skuName', 'barcode', 'spec', 'unit'] as const;
/** Header fields the layer fills when the header declares them. */
export const HEADER_TOTALS: [header: string, line: string][] = [
  ['totalQuantity', 'quantity'],
  ['totalAmount', 'amount'],
];


/** A document with lines: its context narrowed so the lines resource and declaration are there. */
export type LinedContext = DocContext & { lines: ResourceDescriptor; doc: DocumentDecl & { lines: DocLinesDecl } };
export const lined = (c: DocContext): c is LinedContext => !!c.lines && !!c.doc.lines;


export const tableOf = (r: ResourceDescriptor) => `${quoteIdent(r.table)} t`;
export const pkCol = (r: ResourceDescriptor) => quoteIdent(columnOf(r, r.primaryKey));

/** Fields the layer sets itself (never from a body). */
export function layerFields(c: LinedContext): Set<string> {
  return new Set([c.doc.lines.foreignKey, c.doc.lines.lineNoField ?? '', ...SKU_COPIES].filter(Boolean));
}

export function refOf(c: DocContext, header: Record<string, unknown>): DocRef {
  return { docType: c.doc.type, docId: Number(header[c.header.primaryKey]), docNo: String(header[c.doc.numberField]) };
}

export const notFound = (c: DocContext) => new ApiError('NOT_FOUND', `${c.header.title}不存在`);
