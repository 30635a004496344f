import { call } from '../../src/api/http';
import type { Answer } from '../../src/api/typed';
import { fillPath, type EndpointRef } from '../api/paths';

/**
 * A SKU a document line may take (GET <document>/sku-options): every document's route answers the one schema
 * (server/documents/skuOptions.ts), so the purchase order's stands for all.
 */
export type SkuOption = Answer<'/wxy-warehouse-server/wh-purchase/sku-options', 'get'>[number];

export function fetchSkuOptions(route: EndpointRef, query: { keyword?: string; codes?: string[]; whId?: number }): Promise<SkuOption[]> {
  const params: Record<string, string> = {};
  if (query.keyword !== undefined) params.keyword = query.keyword;
  if (query.codes) params.codes = query.codes.join(',');
  if (query.whId) params.whId = String(query.whId);
  return call<SkuOption[]>({ method: 'GET', url: fillPath(route.path, {}), params });
}
