import type { PrintTemplate } from '../../../core/print/template/types.ts';
import { TEMPLATE_KIND, TEMPLATE_VERSION } from '../../../core/print/template/types.ts';

/**
 * The register's 58 mm paper (收银小票, 交班单) as print-designer templates: a line of text at a height, a dashed rule,
 * and the one-panel template they make. One layout for the till's defaults, so they look alike.
 */
export const TICKET_WIDTH = 150;

/** A line of 7 pt text across the ticket: its title, then the field's value when one is named. */
export const ticketText = (top: number, title: string, field?: string, extra: Record<string, unknown> = {}) =>
  ({ type: 'text', options: { left: 6, top, width: TICKET_WIDTH, height: 11, title, ...(field ? { field } : {}), fontSize: 7, ...extra } });

export const ticketRule = (top: number) => ({ type: 'hline', options: { left: 6, top, width: TICKET_WIDTH, height: 1, borderWidth: 0.5, borderStyle: 'dashed' } });

export const ticketTemplate = (name: string, elements: Record<string, unknown>[]): PrintTemplate =>
  ({
    version: TEMPLATE_VERSION,
    kind: TEMPLATE_KIND,
    panels: [{ index: 0, name, paperType: 'other', width: 58, height: 160, paperHeader: 0, paperFooter: 450, printElements: elements }],
  }) as unknown as PrintTemplate;
