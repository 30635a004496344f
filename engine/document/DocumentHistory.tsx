import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One row of a document's history (server/documents/history.ts). */
export interface HistoryEvent {
  action: string;
  actionLabel: string;
  fromStatus: number | null;
  toStatus: number | null;
  note: string | null;
  userName: string | null;
  createTime: string;
}

/** Who did what to the document and when, oldest first, with the status it went from and to. */
export function DocumentHistory({ events, statusLabels, testId }: { events: readonly HistoryEvent[]; statusLabels: Map<string, string>; testId: string }) {
  const { t } = useTranslation();
  const label = (s: number | null) => (s === null ? '' : statusLabels.get(String(s)) ?? String(s));
  return (
    <Table withTableBorder striped data-testid={`${testId}-history`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={170}>{t('engine.document.historyTime')}</Table.Th>
          <Table.Th w={120}>{t('engine.document.historyAction')}</Table.Th>
          <Table.Th w={120}>{t('engine.document.historyUser')}</Table.Th>
          <Table.Th w={180}>{t('engine.document.historyStatus')}</Table.Th>
          <Table.Th>{t('engine.document.historyNote')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e, i) => (
          <Table.Tr key={i} data-testid={`${testId}-history-row`}>
            <Table.Td>{e.createTime}</Table.Td>
            <Table.Td>{e.actionLabel}</Table.Td>
            <Table.Td>{e.userName ?? ''}</Table.Td>
            <Table.Td>{e.fromStatus === null ? label(e.toStatus) : `${label(e.fromStatus)} → ${label(e.toStatus)}`}</Table.Td>
            <Table.Td><Text size="sm">{e.note ?? ''}</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
