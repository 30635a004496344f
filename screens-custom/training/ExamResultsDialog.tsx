import { Badge, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { examApi, exportResults } from './examApi';

/** 成绩 of a 考试 (row action on the 考试 list): who took it, when, the score and 及格, the pass rate; exported as xlsx. */
export default function ExamResultsDialog({ row, onClose }: RowDialogProps) {
  const { t } = useTranslation();
  const examId = Number(row?.id);
  const results = useQuery({ queryKey: ['exam', 'results', examId], queryFn: () => examApi.results(examId), gcTime: 0 });
  const [exporting, setExporting] = useState(false);
  const r = results.data;
  const doExport = async () => {
    setExporting(true);
    try {
      await exportResults(examId);
    } catch (e) {
      notifyError({ text: e instanceof Error ? e.message : String(e) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('exam.results.title', { name: String(row?.examName ?? '') })} size={1080} centered>
      <Stack data-testid="exam-results-dialog">
        {results.isLoading && <Center><Loader /></Center>}
        {r && (
          <Group justify="space-between">
            <Group gap="xs">
              <Badge variant="light">{t('exam.results.attempts', { count: r.attemptCount })}</Badge>
              <Badge variant="light">{t('exam.results.finished', { count: r.finishedCount })}</Badge>
              <Badge variant="light" color="green" data-testid="exam-results-pass-rate">{t('exam.results.passRate', { rate: r.passRate })}</Badge>
              <Badge variant="light">{t('exam.results.avg', { avg: r.avgScore })}</Badge>
            </Group>
            <Button variant="light" size="xs" onClick={() => void doExport()} loading={exporting} disabled={!r.records.length}>{t('exam.results.export')}</Button>
          </Group>
        )}
        {r && !r.records.length && <Text c="dimmed" ta="center">{t('exam.results.empty')}</Text>}
        {r && !!r.records.length && (
          <Table striped withTableBorder style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                {(['name', 'shop', 'startTime', 'submitTime', 'used', 'score', 'passed', 'state'] as const).map((k) => <Table.Th key={k}>{t(`exam.results.${k}`)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.records.map((x) => (
                <Table.Tr key={x.attemptId} data-testid={`exam-result-row-${x.attemptId}`}>
                  <Table.Td>{x.name}</Table.Td>
                  <Table.Td>{x.shopName ?? ''}</Table.Td>
                  <Table.Td>{x.startTime}</Table.Td>
                  <Table.Td>{x.submitTime ?? ''}</Table.Td>
                  <Table.Td>{x.usedMinutes ?? ''}</Table.Td>
                  <Table.Td>{x.score ?? ''}</Table.Td>
                  <Table.Td>{x.passed === null ? '' : <Badge color={x.passed ? 'green' : 'red'}>{x.passed ? t('exam.result.passed') : t('exam.result.failed')}</Badge>}</Table.Td>
                  <Table.Td>{x.stateName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
