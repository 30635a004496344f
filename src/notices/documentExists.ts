import { ApiError, call } from '../api/http';
import { notifyError } from '../feedback/notify';

/**
 * The existence checks of notices whose document may have been deleted (spec 000 §2: type 16, the
 * supplier return order). Each answers whether the document's detail call returns data; "not found"
 * (4040) or empty data means deleted, any other failure is shown and stops the navigation.
 */
const DETAIL_URL: Readonly<Record<number, (id: string) => string>> = {
  16: (id) => `/wxy-production-server/pd-supplier-mrb/get/${encodeURIComponent(id)}`,
};

export async function documentExists(businessType: number, businessId: string | number | null): Promise<boolean> {
  const url = DETAIL_URL[businessType];
  if (!url || businessId === null) return false;
  try {
    const data = await call<unknown>({ method: 'GET', url: url(String(businessId)), silent: true });
    return data !== null && data !== undefined && !(Array.isArray(data) && data.length === 0);
  } catch (error) {
    if (error instanceof ApiError && Number(error.code) === 4040) return false;
    notifyError({ text: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
