import { call } from '../../src/api/http';
import { callEndpoint } from '../api/calls';
import { fillPath } from '../api/paths';
import { idParamOf, type ResourceDescriptor, type RouteDecl } from '../../core/descriptors/index.ts';
import { endpointRefOf } from '../runtime/screenModel';

/**
 * Calls a route of one document: the id goes where the route takes it — its path ({allocationId}), else the
 * query of a GET or DELETE (get?id=), else the body ({"id": …} of unAudit, interruptPurchase).
 */
export function callDoc<T>(resource: ResourceDescriptor, route: RouteDecl, id: number, body?: Record<string, unknown>): Promise<T> {
  const ref = endpointRefOf(resource, route);
  const param = idParamOf(route);
  if (param) return callEndpoint<T>(ref, { [param]: id }, body);
  if (route.method === 'GET' || route.method === 'DELETE') return call<T>({ method: route.method, url: fillPath(ref.path, {}), params: { id } });
  return callEndpoint<T>(ref, {}, { ...(body ?? {}), id });
}
