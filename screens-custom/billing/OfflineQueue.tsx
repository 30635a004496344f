import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { QueuedSale } from './offline';
import { useBillingT } from './labels';
import { amountText } from '../../core/money.ts';

/**
 * The sales kept on this computer while the network was gone (离线单): a badge with how many wait, and a list
 * where a sale the server refused shows why and can be sent again (at today's prices) or removed.
 */
export function OfflineQueue(props: { queue: QueuedSale[]; sending: boolean; onSend: () => void; onRetry: (uuid: string) => void; onRemove: (uuid: string) => void }) {
  const t = useBillingT();
  const [open, setOpen] = useState(false);
  const waiting = props.queue.filter((q) => q.status === 'waiting').length;
  const failed = props.queue.length - waiting;
  if (!props.queue.length) return null;
  return (
    <>
      <Badge component="button" color={failed ? 'red' : 'orange'} variant="filled" style={{ cursor: 'pointer' }} onClick={() => setOpen(true)} data-testid="register-offline-queue">
        {waiting ? t('offlineWaiting', { count: waiting }) : ''}{waiting && failed ? ' · ' : ''}{failed ? t('offlineFailed', { count: failed }) : ''}
      </Badge>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('offlineSales')} size="lg" centered>
        <Table data-testid="register-offline-list">
          <Table.Thead>
            <Table.Tr><Table.Th>{t('time')}</Table.Th><Table.Th ta="right">{t('items')}</Table.Th><Table.Th ta="right">{t('amount')}</Table.Th><Table.Th>{t('status')}</Table.Th><Table.Th /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.queue.map((q) => (
              <Table.Tr key={q.uuid}>
                <Table.Td>{new Date(q.createdAt).toLocaleString('zh-CN', { hour12: false })}</Table.Td>
                <Table.Td ta="right">{q.totalQuantity}</Table.Td>
                <Table.Td ta="right">{amountText(q.totalAmount)}</Table.Td>
                <Table.Td>{q.status === 'waiting' ? t('waitingUpload') : <Text c="red" size="sm">{t('uploadFailed', { error: q.error })}</Text>}</Table.Td>
                <Table.Td>
                  {q.status === 'failed' && (
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="light" onClick={() => props.onRetry(q.uuid)}>{t('resendAtToday')}</Button>
                      <Button size="compact-xs" variant="subtle" color="red"
                        onClick={() => modals.openConfirmModal({
                          title: t('deleteOffline'), children: <Text size="sm">{t('deleteOfflineText')}</Text>,
                          labels: { confirm: t('delete'), cancel: t('cancel') }, confirmProps: { color: 'red' }, onConfirm: () => props.onRemove(q.uuid),
                        })}>{t('delete')}</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" mt="md">
          <Button loading={props.sending} disabled={!waiting} onClick={props.onSend}>{t('sendNow')}</Button>
        </Group>
      </Modal>
    </>
  );
}
