import { ActionIcon, Anchor, Divider, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './notices.css';
import { useSnapshot } from 'valtio';
import { Icon } from '../layout/icons';
import { socketStatus } from '../realtime/socketStatus';
import { badgeText } from '../permission/permission';
import { openNoticeInShell } from './noticeActions';
import { useUnreadCount, useUnreadNotices } from './noticeQueries';

export const MESSAGE_CENTRE_PATH = '/userInfo/messageNotice';

/** The top bar's bell: unread count (capped at 99), the 3 latest unread, and the way to the message centre. */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadNotices();
  const count = useUnreadCount();
  const badge = badgeText(count);
  const socket = useSnapshot(socketStatus).state;
  const latest = unread.data?.records ?? [];
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={300} opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Indicator label={badge} size={16} disabled={badge === null} color="red" offset={4} data-testid="bell-badge">
          <ActionIcon variant="subtle" color="gray" aria-label={t('navbar.messages')} data-testid="bell" data-socket={socket} onClick={() => setOpened((o) => !o)}>
            <Icon name="bell" />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={500} data-testid="bell-text">{count > 0 ? t('navbar.unread', { count }) : t('navbar.noUnread')}</Text>
        {latest.length > 0 && (
          <Stack gap={4} mt="xs">
            {latest.map((m) => (
              <UnstyledButton
                key={m.id}
                className="notice-bell-item"
                data-testid="bell-item"
                onClick={() => {
                  setOpened(false);
                  void openNoticeInShell(m);
                }}
              >
                <Text size="xs" c="dimmed">{m.messageTypeInfo} · {m.timeDesc}</Text>
                <Text size="sm" lineClamp={2}>{m.noticeTemplateInfo}</Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
        <Divider my="xs" />
        <Anchor
          component="button"
          size="sm"
          data-testid="bell-more"
          onClick={() => {
            setOpened(false);
            navigate(MESSAGE_CENTRE_PATH);
          }}
        >
          {t('messageCentre.viewAll')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
