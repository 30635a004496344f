import { dateKindOf } from '../../core/descriptors/dates.ts';
import { fieldJsonSchema } from '../../core/descriptors/forms.ts';
import { filterParams, idParamOf, writableFields } from '../../core/descriptors/resource.ts';
import type { FieldSchema, ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';

/**
 * Fastify (ajv) schemas derived from a resource descriptor: request validation with the Chinese field
 * titles the error formatter names, response serialization, and the OpenAPI at /api/docs.
 */

const nullable = (s: Record<string, unknown>) => {
  const out: Record<string, unknown> = { ...s, type: [s.type as string, 'null'] };
  if (Array.isArray(s.enum)) out.enum = [...s.enum, null];
  return out;
};

/** A field in an answer: numbers for numerics, text for dates. */
export function answerSchema(f: FieldSchema): Record<string, unknown> {
  return { type: [f.type, 'null'], title: f.title, ...(f.format && f.format !== 'phone' ? { format: f.format } : {}) };
}

export function recordSchema(r: ResourceDescriptor, fields: string[]): Record<string, unknown> {
  return { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, answerSchema(r.fields[f])])) };
}

/** The body of a create or update: writable fields only (others are dropped), required as declared for a create. */
export function writeBodySchema(r: ResourceDescriptor, route: RouteDecl, mode: 'create' | 'update'): Record<string, unknown> {
  const required = new Set(mode === 'create' ? (r.required ?? []) : []);
  const properties: Record<string, unknown> = {};
  for (const name of writableFields(r, route)) {
    const s = fieldJsonSchema(r.fields[name]);
    delete s.readOnly;
    if (mode === 'update') delete s.default;
    properties[name] = required.has(name) ? s : nullable(s);
  }
  const needsPkInBody = mode === 'update' && !idParamOf(route);
  if (needsPkInBody) {
    properties[r.primaryKey] = { type: r.fields[r.primaryKey].type, title: r.fields[r.primaryKey].title };
    required.add(r.primaryKey);
  }
  return { type: 'object', additionalProperties: false, properties, ...(required.size ? { required: [...required] } : {}) };
}

/** Filter, sort and keyset parameters (body of POST, query of GET). Strings are accepted everywhere so empty inputs stay empty. */
export function filterInputSchema(r: ResourceDescriptor, paging: boolean, pagingInInput = false): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const flt of r.filters ?? []) {
    const f = r.fields[flt.field];
    const scalar = { type: [...new Set([f.type, 'string', 'null'])], title: f.title, ...(f.type === 'string' ? { maxLength: 100 } : {}) };
    const dateKind = dateKindOf(f);
    for (const p of filterParams(flt)) {
      // A date filter takes a day or a moment (a month field a month), checked by the input guard's x-date keyword naming the field and parameter.
      if (dateKind && flt.op !== 'in') {
        properties[p] = { ...scalar, 'x-date': dateKind === 'month' ? 'month' : 'date-time', 'x-msg': f['x-msg'] ?? `${f.title}(${p})${dateKind === 'month' ? '月份' : '日期'}格式不正确` };
        continue;
      }
      properties[p] = flt.op === 'in' ? { title: f.title, anyOf: [{ type: 'array', maxItems: 1000, items: { type: [...new Set([f.type, 'string'])] } }, { type: 'string', maxLength: 10000 }, { type: 'null' }] } : scalar;
    }
  }
  properties.sort = { type: ['string', 'null'], maxLength: 64, title: '排序字段' };
  properties.order = { type: ['string', 'null'], maxLength: 12, title: '排序方向' };
  if (paging) {
    properties.lastKey = { title: '上一页最后一行的键', anyOf: [{ type: 'array', maxItems: 2, items: { type: ['string', 'number', 'null'] } }, { type: 'string', maxLength: 300 }, { type: 'null' }] };
    properties.searchCount = { type: ['boolean', 'null'], title: '是否统计总数' };
  }
  if (pagingInInput) {
    properties.pageNum = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, title: '页码' };
    properties.pageSize = { type: ['integer', 'null'], minimum: 1, maximum: 999999, title: '每页条数' };
  }
  return { type: 'object', properties };
}

/** Path parameters: paging, the row id, a setField value and path filters (typed and limited like their field). */
export function paramsSchema(r: ResourceDescriptor, route: RouteDecl): Record<string, unknown> | undefined {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const p of route.path.match(/\{([A-Za-z0-9]+)\}/g)?.map((m) => m.slice(1, -1)) ?? []) {
    required.push(p);
    if (p === 'pageNum') properties[p] = { type: 'integer', minimum: 1, title: '页码' };
    else if (p === 'pageSize') properties[p] = { type: 'integer', minimum: 1, maximum: 999999, title: '每页条数' };
    else if (p === route.field) properties[p] = { type: r.fields[p].type, title: r.fields[p].title };
    else if (route.pathFilters?.[p]) {
      const s = fieldJsonSchema(r.fields[route.pathFilters[p]]);
      delete s.readOnly;
      delete s.default;
      properties[p] = s;
    } else {
      const pk = r.fields[r.primaryKey];
      properties[p] = pk.type === 'integer' ? { type: 'integer', minimum: 1, maximum: 9007199254740991, title: pk.title } : { type: 'string', maxLength: pk.maxLength ?? 64, title: pk.title };
    }
  }
  return required.length ? { type: 'object', required, properties } : undefined;
}
