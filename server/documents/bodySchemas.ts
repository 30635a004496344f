import { idParamOf } from '../../core/descriptors/resource.ts';
import type { DocActionDecl, RouteDecl } from '../../core/descriptors/types.ts';
import { fieldJsonSchema } from '../../core/descriptors/forms.ts';
import { writeBodySchema } from '../resources/schemas.ts';
import type { DocContext } from './context.ts';
import { layerFields, lined } from './shape.ts';

/** The JSON Schemas of a document's generic routes' bodies: create and update with lines, merge, an action, a batch. */

/** Body of docCreate / docUpdate: the header's writable fields plus the lines array. */
export function docBodySchema(c: DocContext, route: RouteDecl, mode: 'create' | 'update'): Record<string, unknown> {
  const headerSchema = writeBodySchema(c.header, { ...route, action: mode === 'create' ? 'create' : 'update' }, mode) as {
    properties: Record<string, unknown>;
    required?: string[];
  };
  if (!lined(c)) return headerSchema;
  const lineRoute: RouteDecl = { method: 'POST', path: '', action: 'create' };
  const lineSchema = writeBodySchema(c.lines, lineRoute, 'create') as { properties: Record<string, unknown>; required?: string[] };
  const skip = layerFields(c);
  const lineProps = Object.fromEntries(Object.entries(lineSchema.properties).filter(([k]) => !skip.has(k)));
  // Lines answered by docGet carry their id; a body may send it back unchanged (it is ignored: lines are replaced).
  lineProps[c.lines.primaryKey] = { type: ['integer', 'string', 'null'], title: c.lines.fields[c.lines.primaryKey].title };
  const lineRequired = (lineSchema.required ?? []).filter((k) => !skip.has(k));
  headerSchema.properties[c.doc.lines.bodyField] = {
    type: 'array',
    title: '明细',
    minItems: c.doc.lines.minLines ?? 1,
    maxItems: 10000,
    items: { type: 'object', additionalProperties: false, properties: lineProps, ...(lineRequired.length ? { required: lineRequired } : {}) },
  };
  headerSchema.required = [...new Set([...(headerSchema.required ?? []), c.doc.lines.bodyField])];
  return headerSchema;
}

/**
 * Body of a docAction route: an optional note, and for an action with `lineInput` the lines it takes
 * (`[{<line key>, <field>: value}]`, each field validated like the lines resource declares it).
 */
export function docActionBodySchema(c: DocContext, action: DocActionDecl, route?: RouteDecl): Record<string, unknown> {
  const properties: Record<string, unknown> = { note: { type: ['string', 'null'], maxLength: 200, title: '备注' }, ...actionInput(action) };
  if (route && !idParamOf(route)) {
    const title = c.header.fields[c.header.primaryKey].title;
    properties.id = { type: 'integer', minimum: 1, maximum: 2147483647, title };
    properties[c.header.primaryKey] = { type: 'integer', minimum: 1, maximum: 2147483647, title };
  }
  if (action.lineInput?.length && lined(c)) {
    const lineProps: Record<string, unknown> = { [c.lines.primaryKey]: { type: 'integer', minimum: 1, maximum: 2147483647, title: c.lines.fields[c.lines.primaryKey].title } };
    for (const f of action.lineInput) {
      const s = fieldJsonSchema(c.lines.fields[f]);
      delete s.readOnly;
      delete s.default;
      lineProps[f] = s;
    }
    properties[c.doc.lines.bodyField] = {
      type: ['array', 'null'],
      title: '明细',
      maxItems: 10000,
      items: { type: 'object', additionalProperties: false, required: [c.lines.primaryKey], properties: lineProps },
    };
  }
  return { type: ['object', 'null'], properties };
}

/** Body of docMerge: a create's body, plus the key (or `id`) that makes it an update. */
export function docMergeBodySchema(c: DocContext, route: RouteDecl): Record<string, unknown> {
  const schema = docBodySchema(c, route, 'create') as { properties: Record<string, unknown> };
  const key = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, title: c.header.fields[c.header.primaryKey].title };
  schema.properties[c.header.primaryKey] = key;
  schema.properties.id = key;
  return schema;
}

/** `{ids}` of a batch route: 1 to 1000 document ids (plus the action's own input, the same for every document). */
export const docIdsSchema = (c: DocContext, action?: DocActionDecl) => ({
  type: 'object',
  required: ['ids'],
  properties: {
    ids: { type: 'array', title: `${c.header.title}ID列表`, minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 2147483647, title: `${c.header.title}ID` } },
    note: { type: ['string', 'null'], maxLength: 200, title: '备注' },
    ...(action ? actionInput(action) : {}),
  },
});

/** The action's declared body fields (审核结果, 审核意见), each nullable: the domain function decides what is required. */
function actionInput(action: DocActionDecl): Record<string, unknown> {
  return Object.fromEntries(Object.entries(action.input ?? {}).map(([k, v]) => [k, { ...v, type: [...new Set([...[v.type].flat(), 'null'])] }]));
}
