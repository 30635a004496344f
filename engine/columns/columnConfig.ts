/**
 * The per-user table header (spec 000 §3 "custom table header config", §4): the 设置显示字段 drawer
 * saves `{userId, title, fileConfigs}` and the server answers the saved header as columns
 * `{prop, name, width, sortable, children}` grouped under their parent titles.
 * Pure: the drawer, the table and the tests use the same mapping.
 */

import type { Body, Schema } from '../../src/api/typed';

/** A column the screen offers (from its descriptor, after field permissions). */
export interface FieldOption {
  prop: string;
  label: string;
  width?: number;
  sortable?: boolean;
  /** Title of the grouped parent header, if any. */
  parent?: string;
}

/** One saved field, as the save call takes it. */
export type FileConfig = Body<'/wxy-system-server/custom-title-config/save', 'post'>['fileConfigs'][number];

/** A header column as the server reads it back; a parent carries children instead of a prop. */
export type HeaderColumn = Schema<'HeaderColumn'>;

/** The drawer's selection in display order. */
export function toFileConfigs(fields: readonly FieldOption[], selectedProps: readonly string[]): FileConfig[] {
  const byProp = new Map(fields.map((f) => [f.prop, f]));
  return selectedProps.flatMap((prop) => {
    const field = byProp.get(prop);
    if (!field) return [];
    return [{ fieldName: field.label, fieldId: field.prop, isSort: field.sortable ? 1 : 0, titleParent: field.parent ?? null, wide: field.width ?? null } satisfies FileConfig];
  });
}

/**
 * Groups saved fields into header columns: a field with a titleParent goes under that parent, which
 * stands where its first child was chosen. (The server answers this shape; the drawer previews it.)
 */
export function groupFileConfigs(configs: readonly FileConfig[]): HeaderColumn[] {
  const result: HeaderColumn[] = [];
  const parents = new Map<string, HeaderColumn>();
  for (const config of configs) {
    const leaf: HeaderColumn = { prop: config.fieldId, name: config.fieldName, width: config.wide, sortable: config.isSort === 1 };
    if (!config.titleParent) {
      result.push(leaf);
      continue;
    }
    let parent = parents.get(config.titleParent);
    if (!parent) {
      parent = { name: config.titleParent, children: [] };
      parents.set(config.titleParent, parent);
      result.push(parent);
    }
    parent.children!.push(leaf);
  }
  return result;
}

/** Leaf props of a header in display order. */
export function headerProps(header: readonly HeaderColumn[]): string[] {
  return header.flatMap((column) => (column.children?.length ? headerProps(column.children) : column.prop ? [column.prop] : []));
}

/**
 * The props shown, in order: the saved header's fields that the screen still offers (a field the
 * user may no longer see, or that left the descriptor, drops out); every field when nothing is saved.
 */
export function selectedProps(fields: readonly FieldOption[], saved: readonly HeaderColumn[] | null | undefined): string[] {
  const offered = new Set(fields.map((f) => f.prop));
  const chosen = saved && saved.length > 0 ? headerProps(saved).filter((prop) => offered.has(prop)) : [];
  return chosen.length > 0 ? chosen : fields.map((f) => f.prop);
}

/** Saved widths win over the descriptor's, so a user's wider column stays wide. */
export function savedWidths(saved: readonly HeaderColumn[] | null | undefined): Record<string, number> {
  const widths: Record<string, number> = {};
  const walk = (columns: readonly HeaderColumn[]) => {
    for (const c of columns) {
      if (c.children?.length) walk(c.children);
      else if (c.prop && c.width) widths[c.prop] = c.width;
    }
  };
  walk(saved ?? []);
  return widths;
}

/** Moves `prop` one place up (-1) or down (+1) in the ordered selection. */
export function moveProp(order: readonly string[], prop: string, step: -1 | 1): string[] {
  const index = order.indexOf(prop);
  const target = index + step;
  if (index === -1 || target < 0 || target >= order.length) return [...order];
  const next = [...order];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
