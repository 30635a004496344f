import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/** Asks before deleting `name` (a group, course or task); the server still refuses what is in use. */
export function confirmDelete(t: TFunction, name: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: t('training.delete'),
    children: <Text size="sm">{t('training.confirmDelete', { name })}</Text>,
    labels: { confirm: t('training.delete'), cancel: t('training.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'training-delete-confirm' },
    onConfirm,
  });
}
