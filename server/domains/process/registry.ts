import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { NoticeQueue } from '../../messages/queues.ts';

/**
 * What other areas register with the process module: the hooks that follow a document's instance to its end, and how
 * a document type's approval notices look.
 */

export type ProcessOutcome = 'approved' | 'rejected' | 'cancelled';

export interface ProcessEndEvent {
  processInstanceId: number;
  processKey: string;
  businessType: string;
  businessId: string;
  outcome: ProcessOutcome;
  /** Who made the last move (the approver, the rejecter, whoever deleted the definition). */
  auth: AuthContext;
  comment: string | null;
  variables: Record<string, unknown>;
}

export type EndHook = (tx: Queryable, e: ProcessEndEvent) => Promise<void>;
const endHooks = new Map<string, EndHook[]>();

/**
 * Lets a document follow its instance: `fn` runs inside the transaction that ends the instance (approved, rejected,
 * or cancelled by a cascading delete). An ApiError it throws refuses the approval; nothing is written.
 */
export function onProcessEnd(businessType: string, fn: EndHook): () => void {
  const list = endHooks.get(businessType) ?? [];
  list.push(fn);
  endHooks.set(businessType, list);
  return () => endHooks.set(businessType, (endHooks.get(businessType) ?? []).filter((h) => h !== fn));
}

export interface ProcessBusiness {
  /** The notice's businessType (spec 000 §2: where the notice leads), e.g. 19-31 for attendance requests. */
  noticeType: number;
  /** The user queue the notice goes on (default user-message). */
  queue?: NoticeQueue;
  /** 备用金 — the notice reads 「备用金」待审批. */
  label: string;
  /** The notice's businessId: the document's id (default) or the instance's. */
  noticeId?: 'business' | 'instance';
  /** The businessType of the outcome told to the applicant, by outcome (default: noticeType). */
  resultNoticeTypes?: Partial<Record<ProcessOutcome, number>>;
}

/** The generic approval notice to an approver: opens 我的待办 at the instance (src/notices/noticeDestination.ts). */
export const PROCESS_NOTICE_TYPE = 2001;
/** The generic notice of an outcome (approved, rejected, cancelled) to the applicant: read in the message centre. */
export const PROCESS_RESULT_NOTICE_TYPE = 2002;
const businesses = new Map<string, ProcessBusiness>();

/** How a document type's approval notices look (type, queue, label); unregistered types use PROCESS_NOTICE_TYPE. */
export function registerProcessBusiness(businessType: string, b: ProcessBusiness): void {
  businesses.set(businessType, b);
}


export const endHooksOf = (businessType: string): EndHook[] => endHooks.get(businessType) ?? [];
export const businessOf = (businessType: string): ProcessBusiness | undefined => businesses.get(businessType);
