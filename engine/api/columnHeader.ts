import { call } from '../../src/api/http';
import type { FileConfig, HeaderColumn } from '../columns/columnConfig';

/**
 * The user's saved table header (spec 000 §7 custom-title-config, wxy-system-server): fetched by
 * table title, saved as {userId, title, fileConfigs}. The server answers the saved columns grouped.
 */
export const COLUMN_HEADER_PATHS = {
  query: '/wxy-system-server/custom-title-config/query',
  save: '/wxy-system-server/custom-title-config/save',
} as const;

export const columnHeaderKey = (title: string) => ['engine', 'columnHeader', title] as const;

interface SavedConfig {
  title: string;
  columns?: HeaderColumn[];
}

/** The saved header of one table, or null when the user saved none (the drawer then preselects all). */
export async function fetchColumnHeader(title: string): Promise<HeaderColumn[] | null> {
  const answer = await call<SavedConfig[]>({ method: 'GET', url: COLUMN_HEADER_PATHS.query, params: { title } });
  const columns = answer.find((config) => config.title === title)?.columns ?? null;
  return columns && columns.length > 0 ? columns : null;
}

export function saveColumnHeader(userId: string | number, title: string, fileConfigs: FileConfig[]): Promise<unknown> {
  return call({ method: 'POST', url: COLUMN_HEADER_PATHS.save, data: { userId, title, fileConfigs } });
}
