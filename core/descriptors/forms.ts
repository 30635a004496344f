import { dateKindOf, dateMessageOf, datePatternOf } from './dates.ts';
import type { FieldSchema, FormDecl, ResourceDescriptor } from './types.ts';

/** Phone pattern of spec 000 §5 (empty passes). */
export const PHONE_PATTERN = '^(|1[2-9]\\d{9})$';
export const PHONE_MESSAGE = '手机号码有误，请重填!';
/** Free text never needs < > ; -- or /* (same rule as server/http/fields.ts). */
export const PLAIN_TEXT_PATTERN = '^(?!.*(--|/\\*))[^<>;]*$';

/**
 * The plain JSON Schema of one field as a validator should see it: x- extensions turned into
 * standard keywords (phone, date and date-time -> pattern, x-plain -> pattern, decimals -> multipleOf-free numbers).
 */
export function fieldJsonSchema(f: FieldSchema): Record<string, unknown> {
  const s: Record<string, unknown> = { type: f.type, title: f.title };
  for (const k of ['maxLength', 'minLength', 'minimum', 'maximum', 'enum', 'default', 'readOnly'] as const) if (f[k] !== undefined) s[k] = f[k];
  // A form's own list field (fieldDefs: several rows picked) carries its items and bounds.
  for (const k of ['items', 'minItems', 'maxItems'] as const) if ((f as unknown as Record<string, unknown>)[k] !== undefined) s[k] = (f as unknown as Record<string, unknown>)[k];
  if (f.format === 'phone') {
    s.pattern = PHONE_PATTERN;
    s['x-msg'] = PHONE_MESSAGE;
  } else if (f.format === 'date' || f.format === 'date-time') {
    // A pattern, not ajv's RFC 3339 `format`: writes take what reads answer (core/descriptors/dates.ts).
    s.pattern = datePatternOf(f);
    s['x-msg'] = dateMessageOf(f);
  } else if (f.format) {
    s.format = f.format;
  }
  if (f.pattern) {
    s.pattern = f.pattern;
    if (f['x-msg']) s['x-msg'] = f['x-msg'];
  } else if (f['x-plain']) {
    s.pattern = PLAIN_TEXT_PATTERN;
    s['x-msg'] = `${f.title}不能包含 < > ; -- /* 等特殊字符`;
  }
  // The calendar check (no 02-30, no month 13) of the server's x-date keyword (server/http/inputGuard.ts); forms ignore it.
  const dateKind = dateKindOf(f);
  if (dateKind) s['x-date'] = dateKind;
  return s;
}

/** rjsf widget a field gets when the form's uiSchema names none (keys from core/descriptors/widgetKeys.ts). */
export function defaultWidget(f: FieldSchema): string | undefined {
  if (f['x-dictionary']) return 'dictSelect';
  if (f.format === 'date') return 'date';
  if (f.format === 'date-time') return 'dateTime';
  if (f.format === 'phone') return 'phone';
  if (f.type === 'number') return (f.minimum ?? -1) >= 0 ? 'decimal' : 'negative';
  if (f.type === 'integer' && f.enum) return 'select';
  if (f.type === 'integer') return 'integer';
  if (f.type === 'boolean') return 'switch';
  if (f.type === 'string' && (f.maxLength ?? 0) > 48) return 'textarea';
  return undefined;
}

/** A form's field: declared on the form (`fieldDefs`), else the resource's. */
export function formField(r: ResourceDescriptor, form: Pick<FormDecl, 'fieldDefs'>, name: string): FieldSchema | undefined {
  return (form.fieldDefs?.[name] as FieldSchema | undefined) ?? r.fields[name];
}

/** The fields a form's submit sends: the resource's writable ones and the form's own (`fieldDefs`) that are not read-only. */
export function formWritable(form: Pick<FormDecl, 'fieldDefs'>): string[] {
  return Object.entries(form.fieldDefs ?? {}).filter(([, f]) => !(f as FieldSchema).readOnly).map(([k]) => k);
}

/**
 * The uiSchema entries a descriptor writes as i18n keys (schemas:check requires each key in every language);
 * formSchema hands rjsf their translations, so no form shows a raw key under a field. ui:placeholder stays
 * literal (an example value such as 2026-11).
 */
export const UI_TEXT_KEYS = ['ui:help', 'ui:title', 'ui:description'] as const;

/**
 * The rjsf JSON Schema + uiSchema of a form, derived from the resource's fields: required as the
 * resource says, dictionaries as ui:options.dictionary, decimals as ui:options.decimals. The form's
 * own schema and uiSchema are merged over the derived ones, its text keys (UI_TEXT_KEYS) translated by `t`.
 */
export function formSchema(r: ResourceDescriptor, form: FormDecl, t: (key: string) => string): { schema: Record<string, unknown>; uiSchema: Record<string, unknown> } {
  const properties: Record<string, unknown> = {};
  const uiSchema: Record<string, unknown> = { 'ui:order': [...form.fields, '*'] };
  for (const name of form.fields) {
    const f = formField(r, form, name);
    if (!f) continue;
    const s = fieldJsonSchema(f);
    if (!form.readOnly) delete s.readOnly;
    properties[name] = s;
    const ui: Record<string, unknown> = {};
    const widget = defaultWidget(f);
    if (widget) ui['ui:widget'] = widget;
    const options: Record<string, unknown> = {};
    if (f['x-dictionary']) options.dictionary = f['x-dictionary'];
    if (f['x-decimals'] !== undefined) options.decimals = f['x-decimals'];
    if (Object.keys(options).length) ui['ui:options'] = options;
    if (f.readOnly || form.readOnly) ui['ui:readonly'] = true;
    if (Object.keys(ui).length) uiSchema[name] = ui;
  }
  const required = [...new Set([...(r.required ?? []), ...(form.required ?? [])])].filter((n) => form.fields.includes(n) && !formField(r, form, n)?.readOnly);
  const schema: Record<string, unknown> = { type: 'object', properties, ...(required.length && !form.readOnly ? { required } : {}) };
  return { schema: mergeDeep(schema, form.schema ?? {}), uiSchema: mergeDeep(uiSchema, translatedUi(form.uiSchema ?? {}, t)) };
}

function translatedUi(ui: Record<string, unknown>, t: (key: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, v] of Object.entries(ui)) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      out[field] = v;
      continue;
    }
    const entry: Record<string, unknown> = { ...(v as Record<string, unknown>) };
    for (const k of UI_TEXT_KEYS) if (typeof entry[k] === 'string') entry[k] = t(entry[k] as string);
    out[field] = entry;
  }
  return out;
}

function mergeDeep(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && prev && typeof prev === 'object' && !Array.isArray(prev)
        ? mergeDeep(prev as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}
