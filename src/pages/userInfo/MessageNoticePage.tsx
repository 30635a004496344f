import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Tooltip } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagesApi, type Message } from '../../api/messages';
import { FIRST_PAGE, PagedTable, type Column } from '../../components/PagedTable';
import { notifySuccess } from '../../feedback/notify';
import { openNoticeInShell } from '../../notices/noticeActions';
import { READ_FILTER_PARAM, noticeKeys, refreshNotices, useUnreadCount, type ReadFilter } from '../../notices/noticeQueries';

/** 消息中心 (/userInfo/messageNotice): the user's messages, paged, filtered read/unread; mark one or all read. */
export default function MessageNoticePage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [paging, setPaging] = useState(FIRST_PAGE);
  const unreadCount = useUnreadCount();
  const messages = useQuery({
    queryKey: noticeKeys.list(paging.page, paging.size, filter),
    queryFn: () => messagesApi.list(paging.page, paging.size, READ_FILTER_PARAM[filter]),
  });
  const markOne = useMutation({ mutationFn: messagesApi.read, onSettled: refreshNotices, onSuccess: () => notifySuccess({ key: 'messageCentre.marked' }) });
  const markAll = useMutation({ mutationFn: () => messagesApi.batchRead(), onSettled: refreshNotices, onSuccess: () => notifySuccess({ key: 'messageCentre.allMarked' }) });

  const columns: Column<Message>[] = [
    {
      key: 'isRead',
      title: t('messageCentre.status'),
      width: 90,
      render: (m) => (
        <Badge color={m.isRead ? 'gray' : 'red'} variant="light" data-testid="message-status">
          {m.isRead ? t('messageCentre.read') : t('messageCentre.unread')}
        </Badge>
      ),
    },
    { key: 'type', title: t('messageCentre.type'), width: 140, render: (m) => m.messageTypeInfo },
    {
      key: 'content',
      title: t('messageCentre.content'),
      render: (m) => (
        <Anchor component="button" size="sm" ta="left" onClick={() => void openNoticeInShell(m)} data-testid="message-open">
          {m.noticeTemplateInfo}
        </Anchor>
      ),
    },
    {
      key: 'time',
      title: t('messageCentre.time'),
      width: 160,
      render: (m) => (
        <Tooltip label={m.createTime}>
          <span>{m.timeDesc}</span>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      render: (m) =>
        m.isRead ? null : (
          <Button size="compact-xs" variant="light" loading={markOne.isPending && markOne.variables === m.id} onClick={() => markOne.mutate(m.id)} data-testid="message-mark-read">
            {t('messageCentre.markRead')}
          </Button>
        ),
    },
  ];

  return (
    <Stack data-testid="message-centre">
      <Group justify="space-between">
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as ReadFilter);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data={[
            { value: 'all', label: t('messageCentre.all') },
            { value: 'unread', label: t('messageCentre.unread') },
            { value: 'read', label: t('messageCentre.read') },
          ]}
          data-testid="message-filter"
        />
        <Button size="xs" variant="light" disabled={unreadCount === 0} loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="message-mark-all">
          {t('messageCentre.markAllRead')}
        </Button>
      </Group>
      <PagedTable columns={columns} data={messages.data} loading={messages.isFetching} paging={paging} onPaging={setPaging} testId="message-table" />
    </Stack>
  );
}
