import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocActionDecl, ResourceDescriptor } from '../../core/descriptors/types.ts';
import type { AppServices, AuthContext } from '../context.ts';
import type { Queryable, Statement } from '../db/index.ts';
import type { DocContext } from './context.ts';

/** Which document a posting or an event belongs to. */
export interface DocRef {
  docType: string;
  docId: number;
  docNo: string;
}

/** What a domain function gets: the open tenant transaction and the document as it is before the action. */
export interface DocActionContext {
  tx: Queryable;
  auth: AuthContext;
  /** The header resource (its `document` block is the state machine). */
  resource: ResourceDescriptor;
  /** The action being run; undefined for an onSave function. */
  action?: DocActionDecl;
  id: number;
  ref: DocRef;
  /** Header fields as the get answer gives them (numbers as numbers, dates as text). */
  header: Record<string, unknown>;
  lines: Record<string, unknown>[];
  /** Extra input of the call (an action's body besides `note`); for onSave `{ created: true }` on a new document, else empty. */
  body: Record<string, unknown>;
  /** The caller's note of an action (it goes to the history too): a rejection's reason, say. */
  note?: string;
  /**
   * A write whose answer the function does not need (a notice, a total, a stamp): sent, in the order given, with the
   * action's last write (status and history) in one round trip instead of one of its own (onSave: after the function).
   */
  later: (st: Statement) => void;
}

export interface DocActionResult {
  /** End status, one of the action's `to` (default: the first). */
  to?: number;
  /** Written to the history beside the caller's note. */
  note?: string;
  /** The history's label when the outcome is not the action's own (an 审核 that rejected: 驳回). */
  label?: string;
}

export type DocFn = (ctx: DocActionContext) => Promise<DocActionResult | void>;

export interface DocFnOptions {
  /**
   * false: the function never reads `lines`, so an action does not load them first (it gets an empty array).
   * For actions that work on the lines in SQL, such as posting a 10,000-line stocktake. Default true.
   */
  lines?: boolean;
}

const fns = new Map<string, DocFn>();
const fnOptions = new Map<string, DocFnOptions>();

/** Registers a domain function under the key descriptors name (`allocation.confirmOut`). */
export function registerDocFn(key: string, fn: DocFn, options: DocFnOptions = {}): void {
  if (fns.has(key)) throw new Error(`document function "${key}" is registered twice`);
  fns.set(key, fn);
  fnOptions.set(key, options);
}

/** A function's input from a caller that sends no last write of its own (onSave, seeds, imports): `later` optional. */
export type DocFnInput = Omit<DocActionContext, 'later'> & Partial<Pick<DocActionContext, 'later'>>;

/** The function registered under `key`; called without `later`, its later writes are sent right after it returns. */
export const docFn = (key: string): ((ctx: DocFnInput) => Promise<DocActionResult | void>) | undefined => {
  const fn = fns.get(key);
  if (!fn) return undefined;
  return async (ctx) => {
    if (ctx.later) return fn(ctx as DocActionContext);
    const later: Statement[] = [];
    const result = await fn({ ...ctx, later: (st) => void later.push(st) });
    for (const st of later) await ctx.tx.query(st.sql, st.params);
    return result;
  };
};

/** Whether the function registered under `key` reads the document's lines (unknown keys: true). */
export const docFnReadsLines = (key: string): boolean => fnOptions.get(key)?.lines !== false;

/**
 * A document import whose rows become whole documents (one return per transfer of the file, say), which the
 * generic one-row-per-record import cannot do. A descriptor's `import` and `template` routes name it by key
 * (`"importer": "returnOrder"`), so screens, permissions and OpenAPI still come from the descriptor.
 */
export interface DocImporter {
  template: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** `doc`: the document's context, for an importer that creates documents through the layer (importDocuments). */
  run: (req: FastifyRequest, reply: FastifyReply, doc?: DocContext, services?: AppServices) => Promise<unknown>;
}

const importers = new Map<string, DocImporter>();

export function registerDocImporter(key: string, importer: DocImporter): void {
  if (importers.has(key)) throw new Error(`document importer "${key}" is registered twice`);
  importers.set(key, importer);
}

export const docImporter = (key: string): DocImporter | undefined => importers.get(key);

/** Keys named by descriptors but registered by no domain module (start-up refuses them). */
export function unknownDocFns(resources: Iterable<ResourceDescriptor>): string[] {
  const missing: string[] = [];
  for (const r of resources) {
    for (const route of r.routes) if (route.importer && !importers.has(route.importer)) missing.push(`${r.name}: ${route.path} importer "${route.importer}"`);
    const d = r.document;
    if (!d) continue;
    if (d.onSave && !fns.has(d.onSave)) missing.push(`${r.name}: onSave "${d.onSave}"`);
    if (d.onDelete && !fns.has(d.onDelete)) missing.push(`${r.name}: onDelete "${d.onDelete}"`);
    for (const a of d.actions) if (a.fn && !fns.has(a.fn)) missing.push(`${r.name}: action ${a.id} fn "${a.fn}"`);
  }
  return missing;
}

/**
 * What a document's detail answer adds besides header, lines, history and actions (a request's running approval and
 * the reader's task in it, say), by document type; run inside the reading transaction.
 */
export type DocExtras = (tx: Queryable, auth: AuthContext, docId: number, header: Record<string, unknown>) => Promise<Record<string, unknown>>;
const extras = new Map<string, DocExtras>();

export function registerDocExtras(docType: string, fn: DocExtras): void {
  if (extras.has(docType)) throw new Error(`document extras "${docType}" are registered twice`);
  extras.set(docType, fn);
}

export const docExtras = (docType: string): DocExtras | undefined => extras.get(docType);
