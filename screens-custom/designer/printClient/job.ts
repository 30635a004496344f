/**
 * A print job as electron-hiprint 1.0.15 reads it (github CcSimple/electron-hiprint: tools/utils.js `news`,
 * src/print.js, assets/print.html). It takes the job's fields from the top level of the `news` payload and hands
 * them to Electron's `webContents.print`: `printer` (else its default printer), `pageSize` ({width, height} in
 * microns), `copies`, `landscape`, `margins`, the window `title` (the job's name in the printer queue, else
 * "hiprint打印"), and answers `success`/`successs`/`error` carrying `templateId` and `replyId`. Spec 001 §7 names
 * the payload `{id, html, templateId, options}`: the same values ride in `options` too, for clients that read them
 * there.
 */
import type { PrintTemplate } from '../../../core/print/template/index.ts';

export interface HiprintPageSize {
  /** microns, as Electron expects */
  width: number;
  height: number;
}

export interface HiprintJob {
  id: string;
  /** matches the client's answers to this job (several jobs of one template may be in flight) */
  replyId: string;
  html: string;
  templateId: string;
  printer?: string;
  pageSize?: HiprintPageSize;
  copies: number;
  title: string;
  landscape: boolean;
  /** the HTML lays out its own margins: the printer adds none */
  margins: { marginType: 'none' };
  options: Record<string, unknown>;
}

export interface JobRequest {
  html: string;
  templateId: string;
  /** a printer name from the client's printerList; none: the client's default printer */
  printer?: string | null;
  /** the document's name and number, e.g. 调拨单 DB20261128-0001 */
  title?: string;
  copies?: number;
  /** the template's paper (its first panel): size and orientation */
  paper?: { width: number; height: number; landscape?: boolean } | null;
}

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++counter).toString(36)}`;

/** The paper of a template's first panel, in mm, landscape when it is wider than tall or marked so. */
export function templatePaper(template: Pick<PrintTemplate, 'panels'>): JobRequest['paper'] {
  const p = template.panels[0];
  if (!p || !(p.width > 0) || !(p.height > 0)) return null;
  return { width: p.width, height: p.height, landscape: p.orient === 2 || p.width > p.height };
}

export function hiprintJob(req: JobRequest): HiprintJob {
  const copies = Number.isInteger(req.copies) && req.copies! >= 1 ? Math.min(req.copies!, 99) : 1;
  // Electron takes the paper upright and turns it for landscape.
  const pageSize = req.paper
    ? { width: Math.round(Math.min(req.paper.width, req.paper.height) * 1000), height: Math.round(Math.max(req.paper.width, req.paper.height) * 1000) }
    : undefined;
  const landscape = Boolean(req.paper?.landscape);
  const title = (req.title ?? '').trim() || req.templateId;
  const printer = req.printer || undefined;
  const fields = { printer, pageSize, copies, title, landscape, margins: { marginType: 'none' as const } };
  return { id: fresh('job'), replyId: fresh('reply'), html: req.html, templateId: req.templateId, ...fields, options: { ...fields } };
}
