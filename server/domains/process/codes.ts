import type { AuthContext } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { TASK_STATUS_NAMES } from './taskRules.ts';

/** The process module's names and codes: instance and task statuses, the audit trail's actions, the actor's name. */

export const INSTANCE_STATUS = { running: 1, approved: 2, rejected: 3, cancelled: 4 } as const;
export const INSTANCE_STATUS_NAMES: Record<number, string> = { 1: '审批中', 2: '已通过', 3: '已驳回', 4: '已撤销' };
export const TASK_STATUS = { pending: 0, approved: 1, rejected: 2, cancelled: 3 } as const;
export { TASK_STATUS_NAMES };
export const ACTION_NAMES: Record<string, string> = { start: '发起', approve: '同意', reject: '驳回', transfer: '转交', end: '结束', cancel: '撤销' };

/** taskType of task/complete: 1 / approve / agree = 同意, 2 / reject / refuse = 驳回. */
export function taskAction(taskType: string): 'approve' | 'reject' {
  const t = taskType.trim().toLowerCase();
  if (['1', 'approve', 'agree', 'pass'].includes(t)) return 'approve';
  if (['2', 'reject', 'refuse', 'back'].includes(t)) return 'reject';
  throw new ApiError('BAD_REQUEST', '审批类型（taskType）取值不正确：1 同意，2 驳回');
}

/** The actor as the trail and the notices name them. */
export const who = (auth: AuthContext) => auth.displayName || auth.userName;
