import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../i18n/i18n';

/** Asks before third-level pages close (spec §2). Resolves true when the user confirms. */
export function confirmClose(titles: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('tabs.confirmCloseTitle'),
      children: <Text size="sm" data-testid="confirm-close-text">{i18n.t('tabs.confirmCloseText', { titles: titles.join('、') })}</Text>,
      labels: { confirm: i18n.t('tabs.confirmClose'), cancel: i18n.t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-close-ok' } as Record<string, string>,
      cancelProps: { 'data-testid': 'confirm-close-cancel' } as Record<string, string>,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
