import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';

/** Messages are i18n keys or server text (already Chinese, shown as is). */
export type MessageSource = { key: string; values?: Record<string, unknown> } | { text: string };

function textOf(message: MessageSource): string {
  return 'key' in message ? i18n.t(message.key, message.values) : message.text;
}

const shown = new Map<string, number>();
/** Toasts on screen (Mantine's id) and when each was shown; a page change clears the earlier ones. */
const open = new Map<string, number>();

/** A toast shown this long before a page change belongs to the page left; a newer one (保存 then back to the list) stays. */
export const TOAST_CARRY_MS = 1500;

/** Shows a toast; the same text within a second is shown once (parallel calls failing together). */
function show(color: string, message: MessageSource, autoClose: number | false, testId: string): void {
  const text = textOf(message);
  const now = Date.now();
  if ((shown.get(text) ?? 0) > now - 1000) return;
  shown.set(text, now);
  const id = notifications.show({ color, message: text, autoClose, withCloseButton: true, 'data-testid': testId, onClose: () => open.delete(id) } as Parameters<typeof notifications.show>[0]);
  open.set(id, now);
}

/** Another page opened: the toasts of the page left go (验证码已发送 never reaches the 工作台). */
export function clearPageToasts(now = Date.now()): void {
  for (const [id, at] of open) {
    if (at > now - TOAST_CARRY_MS) continue;
    open.delete(id);
    notifications.hide(id);
  }
}

export function notifyError(message: MessageSource, durationMs = 3000): void {
  show('red', message, durationMs, 'toast-error');
}

export function notifyWarning(message: MessageSource, durationMs: number | false = 3000): void {
  show('orange', message, durationMs, 'toast-warning');
}

export function notifySuccess(message: MessageSource, durationMs = 2000): void {
  show('green', message, durationMs, 'toast-success');
}
