import { idParamOf, pathParams } from '../../core/descriptors/resource.ts';
import { batchMessage, STATUS_CHANGED } from '../../core/descriptors/documents.ts';
import type { DocActionDecl, RouteDecl } from '../../core/descriptors/types.ts';
import type { FastifyReply } from 'fastify';
import { answerPrint } from '../printTemplates/answerPrint.ts';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { Req } from '../resources/access.ts';
import { asCallerError } from '../resources/dbErrors.ts';
import { docActionUpToStatus, eachDocument, runDocAction } from './actions.ts';
import type { DocContext } from './context.ts';
import { documentPrintData, documentTemplate } from './printing.ts';
import { readDocument } from './reading.ts';
import { notFound } from './shape.ts';
import { createDocument, deleteDocument, failWith, updateDocument } from './writing.ts';

/**
 * The generic routes of a document (a header resource with a `document` block and its lines resource):
 * create and update with lines, get with lines, history and runnable actions, delete while editable, and
 * the state machine's actions, single and batch. Every write is one tenant transaction; an action locks the
 * header, checks its status (409 单据状态已变更 when another caller got there first), runs the domain
 * function, sets the status and records the event. The handlers read the request and call the layer's modules:
 * reading.ts, writing.ts, actions.ts (body schemas: bodySchemas.ts).
 */

export { STATUS_CHANGED };

export function docCreateHandler(c: DocContext, route: RouteDecl) {
  return async (req: Req) => {
    const auth = req.auth!;
    const doc = await req
      .tenantTx(async (tx) => readDocument(tx, auth, c, await createDocument(tx, auth, c, route, req.body ?? {})))
      .catch(failWith(c));
    return ok(doc, '新增成功');
  };
}

function idOf(c: DocContext, route: RouteDecl, req: Req): number {
  // The id in the path ({allocationId}), else (routes like get?id= or unAudit with {id}) in the query or body.
  const p = idParamOf(route);
  const pk = c.header.primaryKey;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = (req.body ?? {}) as Record<string, unknown>;
  const v = p ? req.params[p] : query.id ?? query[pk] ?? body[pk] ?? body.id;
  if (v === undefined || v === null || v === '') throw new ApiError('BAD_REQUEST', `${c.header.fields[c.header.primaryKey].title}不能为空`);
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1 || n > 2147483647) throw new ApiError('BAD_REQUEST', `${c.header.fields[c.header.primaryKey].title}格式不正确`);
  return n;
}

export function docUpdateHandler(c: DocContext, route: RouteDecl) {
  return async (req: Req) => {
    const auth = req.auth!;
    const id = idOf(c, route, req);
    const doc = await req
      .tenantTx(async (tx) => {
        await updateDocument(tx, auth, c, route, id, req.body ?? {});
        return readDocument(tx, auth, c, id);
      })
      .catch(failWith(c));
    return ok(doc, '保存成功');
  };
}

/** The spec's merge/save calls: without a key the body creates a document, with one it updates that document. */
export function docMergeHandler(c: DocContext, route: RouteDecl) {
  const create = docCreateHandler(c, route);
  const update = docUpdateHandler(c, route);
  return async (req: Req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const key = body[c.header.primaryKey] ?? body.id;
    if (key === undefined || key === null) return create(req);
    req.body = { ...body, [c.header.primaryKey]: key };
    delete (req.body as Record<string, unknown>).id;
    return update(req);
  };
}

export function docGetHandler(c: DocContext, route: RouteDecl) {
  return async (req: Req) => {
    const id = idOf(c, route, req);
    const doc = await req.tenantTx((tx) => readDocument(tx, req.auth!, c, id)).catch(asCallerError);
    if (!doc) throw notFound(c);
    return ok(doc);
  };
}

function actionOf(c: DocContext, route: RouteDecl): DocActionDecl {
  return c.doc.actions.find((a) => a.id === route.docAction)!;
}

export function docActionHandler(c: DocContext, route: RouteDecl) {
  const action = actionOf(c, route);
  return async (req: Req) => {
    const auth = req.auth!;
    const id = idOf(c, route, req);
    const body = { ...((req.body as Record<string, unknown> | undefined) ?? {}) };
    delete body[c.header.primaryKey];
    // Path parameters besides the id (audit/{id}/{auditUserId}) reach the domain function like body fields.
    const idParam = idParamOf(route);
    for (const p of pathParams(route.path)) if (p !== idParam) body[p] = req.params[p];
    // One transaction: the answer is read by the action's own (its header and lines as the action left them), not by
    // a second one that would pay for a pool checkout, BEGIN and COMMIT again; the status change, those reads and the
    // COMMIT go in one round trip, so the stock rows the action locked are held no longer than before.
    const doc = await req
      .tenantTx(async (tx) => {
        const { last } = await docActionUpToStatus(tx, auth, c, action, id, body);
        return readDocument(tx, auth, c, id, { after: last, commit: true });
      })
      .catch(failWith(c));
    return ok(doc, `${action.label}成功`);
  };
}

export function docBatchActionHandler(c: DocContext, route: RouteDecl) {
  const action = actionOf(c, route);
  return async (req: Req) => {
    const auth = req.auth!;
    const { ids: _ids, ...body } = (req.body as Record<string, unknown> | undefined) ?? {};
    void _ids;
    const result = await eachDocument(req, c, async (tx, id) => void (await runDocAction(tx, auth, c, action, id, body)));
    return ok(result, batchMessage(result));
  };
}

export function docDeleteHandler(c: DocContext, route: RouteDecl) {
  return async (req: Req) => {
    const id = idOf(c, route, req);
    await req.tenantTx((tx) => deleteDocument(tx, req.auth!, c, id)).catch(failWith(c));
    return ok(null, '删除成功');
  };
}

export function docBatchDeleteHandler(c: DocContext) {
  return async (req: Req) => {
    const result = await eachDocument(req, c, (tx, id) => deleteDocument(tx, req.auth!, c, id));
    return ok(result, batchMessage(result));
  };
}

/**
 * ticket/{id}/{type}: the document printed with its type's template (the tenant's newest, else the default
 * built from the descriptors). type `pdf`: the PDF (vector, CJK font); type `data`: `{template, templateName,
 * data}` for the browser's print or the print client, which lay out from the same template model.
 */
export function docPrintHandler(c: DocContext, route: RouteDecl, services?: AppServices) {
  return async (req: Req, reply: FastifyReply) => {
    const id = idOf(c, route, req);
    const kind = String(req.params.type ?? 'pdf');
    if (kind !== 'pdf' && kind !== 'data') throw new ApiError('BAD_REQUEST', '打印类型只能是 pdf 或 data');
    const auth = req.auth!;
    const { data, tpl } = await req
      .tenantTx(async (tx) => {
        const doc = await readDocument(tx, auth, c, id);
        if (!doc) throw notFound(c);
        return { data: await documentPrintData(tx, auth, c, doc), tpl: await documentTemplate(tx, c) };
      })
      .catch(asCallerError);
    const title = `${c.header.title}_${String(data[c.doc.numberField] ?? id)}`;
    return answerPrint(reply, { kind, tpl, data, title, services, tenantId: auth.tenantId, log: req.log, logContext: { docType: c.doc.type, id } });
  };
}
