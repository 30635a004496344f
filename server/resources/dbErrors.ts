import { columnOf } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor } from '../../core/descriptors/types.ts';
import { ApiError } from '../errors.ts';

/** Database refusals as the caller's 400/409 answers in Chinese, never a 500. */

/**
 * SQLSTATE a trigger or function raises for a check the caller failed (`RAISE EXCEPTION '条形码校验位不正确'
 * USING ERRCODE = 'WX400'`): its message is the Chinese answer, status 400.
 */
export const CALLER_ERROR_SQLSTATE = 'WX400';

/** PostgreSQL data errors (bad casts of caller input) and WX400 checks are the caller's fault, never a 500. */
/**
 * A unique constraint lost to a repeated or concurrent write, as the 409 a person reads: `messageFor` names the
 * constraint's meaning (undefined: not this call's to explain, the error goes on). For hand routes without a descriptor.
 */
export function uniqueViolation(err: unknown, messageFor: (constraint: string) => string | undefined): never {
  const e = err as { code?: string; constraint?: string };
  const msg = e.code === '23505' ? messageFor(e.constraint ?? '') : undefined;
  if (msg) throw new ApiError('CONFLICT', msg);
  throw err;
}

export function asCallerError(err: unknown): never {
  const { code, message } = err as { code?: string; message?: string };
  if (code === CALLER_ERROR_SQLSTATE && message) throw new ApiError('BAD_REQUEST', message);
  if (typeof code === 'string' && code.startsWith('22')) throw new ApiError('BAD_REQUEST', '请求参数格式不正确');
  throw err;
}

/**
 * Fields a constraint error is about, longest column first: from the detail (`Key (tenant_id, barcode)=…`),
 * else from the constraint's name (`pd_sku_tenant_id_supplier_id_fkey`; under row-level security
 * PostgreSQL leaves the key out of the detail).
 */
function fieldsOfError(r: ResourceDescriptor, e: { detail?: string; column?: string; constraint?: string; table?: string }): string[] {
  const keyCols = new Set([...(/Key \(([^)]*)\)=/.exec(e.detail ?? '')?.[1]?.split(',') ?? []), e.column ?? ''].map((c) => c.trim().replace(/^"|"$/g, '')));
  let name = e.constraint ?? '';
  if (e.table && name.startsWith(`${e.table}_`)) name = name.slice(e.table.length + 1);
  const inName = `_${name.replace(/_(fkey|key|pkey|check|idx)$/, '')}_`;
  return Object.keys(r.fields)
    .filter((f) => keyCols.has(columnOf(r, f)) || (name && inName.includes(`_${columnOf(r, f)}_`)))
    .sort((a, b) => columnOf(r, b).length - columnOf(r, a).length);
}

/** A database refusal as the caller sees it: the answer's status and message, and the field it names. */
export interface WriteRefusal {
  status: 'BAD_REQUEST' | 'CONFLICT';
  message: string;
  /** The field's title, when the refusal names one. */
  field?: string;
}

/**
 * A database refusal of a write as the Chinese answer naming the field: a unique key (…已存在), a reference
 * to a row that does not exist on a write (…不存在), a row still referenced on a delete, a missing value, a
 * check raised by a trigger with SQLSTATE WX400 (its own message) and a bad cast of caller input.
 * Undefined when the error is not the caller's (a lost connection, a bug): that stays a 500.
 */
export function writeRefusal(r: ResourceDescriptor, err: unknown, op: 'write' | 'delete' = 'write'): WriteRefusal | undefined {
  const e = err as { code?: string; detail?: string; constraint?: string; message?: string; column?: string; table?: string };
  const named = fieldsOfError(r, e);
  const title = (f: string | undefined) => (f ? r.fields[f].title : undefined);
  if (e.code === '23505') {
    const text = `${e.detail ?? ''} ${e.constraint ?? ''} ${e.message ?? ''}`;
    const field = named.find((f) => r.fields[f]['x-unique']) ?? named[0] ?? Object.keys(r.fields).find((f) => r.fields[f]['x-unique'] && text.includes(columnOf(r, f)));
    return { status: 'CONFLICT', message: `${title(field) ?? r.title}已存在`, field: title(field) };
  }
  if (e.code === '23503') {
    if (op === 'delete') return { status: 'CONFLICT', message: `该${r.title}已被引用，不能删除` };
    const field = named.find((f) => f !== r.primaryKey) ?? named[0];
    return { status: 'BAD_REQUEST', message: `${title(field) ?? '关联数据'}不存在`, field: title(field) };
  }
  // A CHECK the input guard let through (a quantity below zero, an end before its start): the caller's mistake.
  if (e.code === '23514') return { status: 'BAD_REQUEST', message: named[0] ? `${title(named[0])}超出允许范围` : '数据不符合规则，请检查后重试', field: title(named[0]) };
  if (e.code === '23502') return { status: 'BAD_REQUEST', message: `${title(named[0]) ?? e.column ?? r.title}不能为空`, field: title(named[0]) };
  if (e.code === CALLER_ERROR_SQLSTATE && e.message) return { status: 'BAD_REQUEST', message: e.message };
  if (typeof e.code === 'string' && e.code.startsWith('22')) return { status: 'BAD_REQUEST', message: '请求参数格式不正确' };
  return undefined;
}

/** Throws a database refusal as the caller's 400/409 answer (see writeRefusal), never a 500; anything else is rethrown. */
export function constraintError(r: ResourceDescriptor, err: unknown, op: 'write' | 'delete' = 'write'): never {
  const refusal = writeRefusal(r, err, op);
  if (refusal) throw new ApiError(refusal.status, refusal.message);
  throw err;
}
