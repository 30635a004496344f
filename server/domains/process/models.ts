import { createHash } from 'node:crypto';
import { ApiError } from '../../errors.ts';
import { describeElement, parseProcess, ProcessModelError, type FlowNode, type ProcessModel } from './bpmn.ts';
import { ProcessRuntimeError } from './engine.ts';

/**
 * Models: parsed once per XML text, keyed by its md5 (PostgreSQL's md5() of the column or Node's of the string: the
 * same digest of the UTF-8 bytes). Keyed by content, not by tenant and id, so the cache can never answer another
 * database's definition of the same id (a process serving several databases one after the other, as the tests do).
 */

const models = new Map<string, Promise<ProcessModel>>();
export const xmlDigest = (xml: string) => createHash('md5').update(xml, 'utf8').digest('hex');
export async function modelOf(digest: string, xml: string | (() => Promise<string>)): Promise<ProcessModel> {
  const key = digest;
  let m = models.get(key);
  if (!m) {
    m = typeof xml === 'string' ? parseProcess(xml) : xml().then(parseProcess);
    models.set(key, m);
    m.catch(() => models.delete(key));
    if (models.size > 500) models.delete(models.keys().next().value!);
  }
  return m;
}

/** An interpreter's or a model's refusal is the caller's 400. */
export function asRuntime<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ProcessRuntimeError || e instanceof ProcessModelError) throw new ApiError('BAD_REQUEST', e.message);
    throw e;
  }
}

/** A node as a refusal names it (its kind, id and name). */
export const describeNode = (n: FlowNode) =>
  describeElement({ $type: { start: 'bpmn:StartEvent', end: 'bpmn:EndEvent', userTask: 'bpmn:UserTask', exclusive: 'bpmn:ExclusiveGateway', parallel: 'bpmn:ParallelGateway' }[n.type], id: n.id, name: n.name === n.id ? undefined : n.name });
