import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { messagesApi } from '../api/messages';
import { queryClient } from '../api/queryClient';
import { appState } from '../store/appStore';

/** The bell lists this many of the latest unread messages (spec 000 §9). */
export const BELL_SIZE = 3;

export type ReadFilter = 'all' | 'unread' | 'read';

export const noticeKeys = {
  all: ['notices'] as const,
  bell: () => ['notices', 'bell'] as const,
  list: (page: number, size: number, filter: ReadFilter) => ['notices', 'list', { page, size, filter }] as const,
};

export const READ_FILTER_PARAM: Readonly<Record<ReadFilter, 0 | 1 | undefined>> = { all: undefined, unread: 0, read: 1 };

/** The 3 latest unread messages; its total is the unread count (the server's, so it is never guessed here). */
export function useUnreadNotices() {
  return useQuery({ queryKey: noticeKeys.bell(), queryFn: () => messagesApi.list(1, BELL_SIZE, 0) });
}

/** Unread count for the badge: the bell query's total, the login's totalMessage until it answers. */
export function useUnreadCount(): number {
  const unread = useUnreadNotices();
  const atLogin = useSnapshot(appState).user?.totalMessage ?? 0;
  return unread.data?.total ?? atLogin;
}

/** After a notice arrives or messages are read: the bell and the message centre fetch again. */
export function refreshNotices(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}
