import { useEffect } from 'react';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import type { Message } from '../api/messages';
import { openNoticeInShell } from './noticeActions';

/**
 * 查看 on 消息中心's list (the engine's, schemas/screens/message.json): the message is marked read and its page
 * opens, as from the bell. Nothing is drawn: the shell navigates.
 */
export default function MessageOpenDialog({ row, onClose, onDone }: RowDialogProps) {
  useEffect(() => {
    void openNoticeInShell(row as unknown as Message).finally(() => {
      onDone();
      onClose();
    });
  }, []);
  return null;
}
