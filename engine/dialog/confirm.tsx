import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../../src/i18n/i18n';

/**
 * The confirm dialog of row, bulk and toolbar actions; resolves true when the user confirms. A click outside does not
 * dismiss it: the second click of a double-clicked button lands there once the dialog is open (取消, × or Esc do).
 */
export function confirmAction(text: string, danger = false): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('engine.confirmTitle'),
      closeOnClickOutside: false,
      children: <Text size="sm" data-testid="engine-confirm-text">{text}</Text>,
      labels: { confirm: i18n.t('common.confirm'), cancel: i18n.t('common.cancel') },
      confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'engine-confirm-ok' } as Record<string, string>,
      cancelProps: { 'data-testid': 'engine-confirm-cancel' } as Record<string, string>,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
