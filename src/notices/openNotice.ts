import { noticeDestination } from './noticeDestination';

export interface OpenableNotice {
  id: number;
  businessType: number;
  businessId: string | number | null;
}

/** What opening a notice needs from the outside; the shell passes the real ones (noticeActions.ts). */
export interface OpenNoticeDeps {
  markRead(id: number): Promise<unknown>;
  /** Whether the notice's document still exists (businessType 16). */
  documentExists(businessType: number, businessId: string | number | null): Promise<boolean>;
  navigate(to: string): void;
  /** Shows 单据已被删除. */
  warnDeleted(): void;
}

export type OpenOutcome = 'opened' | 'nowhere' | 'deleted' | 'failed';

export function destinationUrl(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Clicking a notice (bell, popup, message centre; spec 000 §2): mark it read by id first, then go
 * where its businessType leads. Type 16 goes only if its document still exists, else 单据已被删除;
 * unknown types go nowhere (the notice is still read). A failed call stops the flow: its error is shown by the API client.
 */
export async function openNotice(notice: OpenableNotice, deps: OpenNoticeDeps): Promise<OpenOutcome> {
  try {
    await deps.markRead(notice.id);
  } catch {
    return 'failed';
  }
  const destination = noticeDestination(notice.businessType, notice.businessId);
  if (!destination) return 'nowhere';
  if (destination.requiresExistenceCheck) {
    let exists: boolean;
    try {
      exists = notice.businessId !== null && notice.businessId !== '' && (await deps.documentExists(notice.businessType, notice.businessId));
    } catch {
      return 'failed';
    }
    if (!exists) {
      deps.warnDeleted();
      return 'deleted';
    }
  }
  deps.navigate(destinationUrl(destination.path, destination.query));
  return 'opened';
}
