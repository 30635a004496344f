import { Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { messagesApi, type Notice } from '../api/messages';
import { notifyError } from '../feedback/notify';
import { i18n } from '../i18n/i18n';
import { navigateTo } from '../router/navigation';
import type { UserQueue } from '../realtime/socketPolicy';
import { documentExists } from './documentExists';
import { NOTICE_DELETED_KEY } from './noticeDestination';
import { refreshNotices } from './noticeQueries';
import { openNotice, type OpenableNotice, type OpenOutcome } from './openNotice';

/** A pushed notice shows for 1,500 ms (spec 000 §9). */
export const NOTICE_POPUP_MS = 1500;
const VERSION_DIALOG_ID = 'version-notice';

/** Opens a notice from the bell, a popup or the message centre with the real calls. */
export function openNoticeInShell(notice: OpenableNotice): Promise<OpenOutcome> {
  return openNotice(notice, {
    markRead: (id) => messagesApi.read(id).finally(() => void refreshNotices()),
    documentExists,
    navigate: (to) => navigateTo(to),
    warnDeleted: () => notifyError({ key: NOTICE_DELETED_KEY }),
  });
}

/** 更新提示: confirming reloads, so the page runs the new version. One dialog however many notices arrive. */
export function showVersionDialog(): void {
  modals.closeAll();
  modals.openConfirmModal({
    modalId: VERSION_DIALOG_ID,
    title: i18n.t('versionNotice.title'),
    children: <Text size="sm" data-testid="version-dialog-text">{i18n.t('versionNotice.text')}</Text>,
    labels: { confirm: i18n.t('common.confirm'), cancel: i18n.t('common.cancel') },
    confirmProps: { 'data-testid': 'version-dialog-ok' } as Record<string, string>,
    closeOnClickOutside: false,
    onConfirm: () => window.location.reload(),
  });
}

function showNoticePopup(notice: Notice): void {
  notifications.show({
    id: `notice-${notice.id}`,
    title: notice.messageTypeInfo,
    message: (
      <UnstyledButton onClick={() => void openNoticeInShell(notice)} data-testid="notice-popup-open">
        <Text size="sm">{notice.noticeTemplateInfo}</Text>
      </UnstyledButton>
    ),
    autoClose: NOTICE_POPUP_MS,
    withCloseButton: true,
    'data-testid': 'notice-popup',
  } as Parameters<typeof notifications.show>[0]);
}

/** What the page does with a pushed notice: the version dialog, or a popup; the bell refreshes either way. */
export function handleNotice(queue: UserQueue, notice: Notice): void {
  void refreshNotices();
  if (queue === 'version-message') showVersionDialog();
  else showNoticePopup(notice);
}
