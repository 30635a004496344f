/**
 * The human time of a message (timeDesc): 刚刚, N分钟前, N小时前, N天前 within a week, then the
 * date and time as written (`createTime`, server time zone).
 */
export function timeDesc(createdMs: number, nowMs: number, createTime: string): string {
  const seconds = Math.max(0, Math.floor((nowMs - createdMs) / 1000));
  if (seconds < 60) return '刚刚';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}小时前`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)}天前`;
  return createTime.slice(0, 16);
}
