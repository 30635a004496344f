import { call } from '../../src/api/http';
import { fillPath, type EndpointRef } from '../api/paths';

/** A SKU a document line may take (GET <document>/sku-options; server/documents/skuOptions.ts). */
export interface SkuOption {
  skuId: number;
  skuCode: string;
  skuName: string;
  barcode: string | null;
  spec: string | null;
  unit: string | null;
  retailPrice: number | null;
  purchasePrice?: number | null;
  costPrice?: number | null;
  /** Available stock in the document's warehouse, when one was named. */
  available?: number | null;
}

export function fetchSkuOptions(route: EndpointRef, query: { keyword?: string; codes?: string[]; whId?: number }): Promise<SkuOption[]> {
  const params: Record<string, string> = {};
  if (query.keyword !== undefined) params.keyword = query.keyword;
  if (query.codes) params.codes = query.codes.join(',');
  if (query.whId) params.whId = String(query.whId);
  return call<SkuOption[]>({ method: 'GET', url: fillPath(route.path, {}), params });
}
