import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { QueuedSale } from './offline';

/**
 * The sales kept on this computer while the network was gone (离线单): a badge with how many wait, and a list
 * where a sale the server refused shows why and can be sent again (at today's prices) or removed.
 */
export function OfflineQueue(props: { queue: QueuedSale[]; sending: boolean; onSend: () => void; onRetry: (uuid: string) => void; onRemove: (uuid: string) => void }) {
  const [open, setOpen] = useState(false);
  const waiting = props.queue.filter((q) => q.status === 'waiting').length;
  const failed = props.queue.length - waiting;
  if (!props.queue.length) return null;
  return (
    <>
      <Badge component="button" color={failed ? 'red' : 'orange'} variant="filled" style={{ cursor: 'pointer' }} onClick={() => setOpen(true)} data-testid="register-offline-queue">
        {waiting ? `离线单待上传 ${waiting}` : ''}{waiting && failed ? ' · ' : ''}{failed ? `上传失败 ${failed}` : ''}
      </Badge>
      <Modal opened={open} onClose={() => setOpen(false)} title="离线单" size="lg" centered>
        <Table data-testid="register-offline-list">
          <Table.Thead>
            <Table.Tr><Table.Th>时间</Table.Th><Table.Th ta="right">件数</Table.Th><Table.Th ta="right">金额</Table.Th><Table.Th>状态</Table.Th><Table.Th /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.queue.map((q) => (
              <Table.Tr key={q.uuid}>
                <Table.Td>{new Date(q.createdAt).toLocaleString('zh-CN', { hour12: false })}</Table.Td>
                <Table.Td ta="right">{q.totalQuantity}</Table.Td>
                <Table.Td ta="right">{q.totalAmount.toFixed(2)}</Table.Td>
                <Table.Td>{q.status === 'waiting' ? '等待上传' : <Text c="red" size="sm">上传失败：{q.error}</Text>}</Table.Td>
                <Table.Td>
                  {q.status === 'failed' && (
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="light" onClick={() => props.onRetry(q.uuid)}>按现价重传</Button>
                      <Button size="compact-xs" variant="subtle" color="red"
                        onClick={() => modals.openConfirmModal({
                          title: '删除离线单', children: <Text size="sm">删除后这笔销售不会进入系统（库存和收款都不记录）。确定删除？</Text>,
                          labels: { confirm: '删除', cancel: '取消' }, confirmProps: { color: 'red' }, onConfirm: () => props.onRemove(q.uuid),
                        })}>删除</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" mt="md">
          <Button loading={props.sending} disabled={!waiting} onClick={props.onSend}>立即上传</Button>
        </Group>
      </Modal>
    </>
  );
}
