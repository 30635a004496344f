/**
 * Who may act on a task, as pure rules (instances.ts applies them to the locked rows): its assignee, anyone with one
 * of its candidate roles, or an admin; a transfer goes to another enabled user and makes the task theirs alone.
 */
export interface TaskHolder {
  status: number;
  assignee_id: number | null;
  assignee_name: string | null;
  candidate_roles: string[] | null;
  candidate_users?: number[] | null;
  completed_by_name?: string | null;
}

export interface Actor {
  userId: number;
  roles: string[];
  isAdmin: boolean;
}

export const TASK_STATUS_NAMES: Record<number, string> = { 0: '待审批', 1: '同意', 2: '驳回', 3: '已取消' };

export function mayHandle(task: TaskHolder, actor: Actor): boolean {
  if (actor.isAdmin) return true;
  if (task.assignee_id !== null) return task.assignee_id === actor.userId;
  if ((task.candidate_users ?? []).includes(actor.userId)) return true;
  return (task.candidate_roles ?? []).some((r) => actor.roles.includes(r));
}

export const handlerName = (task: TaskHolder) =>
  [task.assignee_name, task.candidate_roles?.length ? `角色 ${task.candidate_roles.join('、')}` : null].filter(Boolean).join('、') || '未指定';

/** Why the actor may not act on the task now (status and kind of the refusal), or null when they may. */
export function refusal(task: TaskHolder, actor: Actor): { kind: 'CONFLICT' | 'FORBIDDEN'; msg: string } | null {
  if (task.status !== 0) return { kind: 'CONFLICT', msg: `该任务已被${task.completed_by_name ?? ''}处理（${TASK_STATUS_NAMES[task.status]}），不能重复审批` };
  if (!mayHandle(task, actor)) return { kind: 'FORBIDDEN', msg: `只有该任务的审批人（${handlerName(task)}）才能处理` };
  return null;
}

/** The task after a transfer to `target`: theirs by name, no longer offered to roles; null when it is theirs already. */
export function transferred<T extends TaskHolder>(task: T, target: { id: number; name: string }): T | null {
  if (task.assignee_id === target.id) return null;
  return { ...task, assignee_id: target.id, assignee_name: target.name, candidate_roles: null, candidate_users: null };
}
