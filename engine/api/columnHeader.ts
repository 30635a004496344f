import { api } from '../../src/api/typed';
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

/** The saved header of one table, or null when the user saved none (the drawer then preselects all). */
export async function fetchColumnHeader(title: string): Promise<HeaderColumn[] | null> {
  const answer = await api('get', COLUMN_HEADER_PATHS.query, { query: { title } });
  const columns = answer.find((config) => config.title === title)?.columns ?? null;
  return columns && columns.length > 0 ? columns : null;
}

export function saveColumnHeader(userId: string | number, title: string, fileConfigs: FileConfig[]): Promise<unknown> {
  // The server saves for the caller; a userId sent must be theirs (as a number, the server's coercion of the text).
  return api('post', COLUMN_HEADER_PATHS.save, { body: { userId: Number(userId) || null, title, fileConfigs } });
}
