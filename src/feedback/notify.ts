import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';

/** Messages are i18n keys or server text (already Chinese, shown as is). */
export type MessageSource = { key: string; values?: Record<string, unknown> } | { text: string };

function textOf(message: MessageSource): string {
  return 'key' in message ? i18n.t(message.key, message.values) : message.text;
}

const shown = new Map<string, number>();

/** Shows a toast; the same text within a second is shown once (parallel calls failing together). */
function show(color: string, message: MessageSource, autoClose: number | false, testId: string): void {
  const text = textOf(message);
  const now = Date.now();
  if ((shown.get(text) ?? 0) > now - 1000) return;
  shown.set(text, now);
  notifications.show({ color, message: text, autoClose, withCloseButton: true, 'data-testid': testId } as Parameters<typeof notifications.show>[0]);
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
