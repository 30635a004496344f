import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../src/feedback/notify';
import { type ImportRowError, downloadFile, uploadImport } from '../api/calls';
import type { EndpointRef } from '../api/paths';

export interface ImportDialogProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  template?: EndpointRef;
  upload: EndpointRef;
  /** Called after rows were written, so the list refreshes. */
  onImported: () => void;
  testId: string;
}

/** 导入: download the template, upload a filled one with a progress bar; a refusal lists every bad row. */
export function ImportDialog(props: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [report, setReport] = useState<{ message: string; errors: ImportRowError[] } | null>(null);

  const close = () => {
    setFile(null);
    setPercent(null);
    setReport(null);
    props.onClose();
  };

  const upload = async () => {
    if (!file) return notifyError({ key: 'engine.import.noFile' });
    setReport(null);
    setPercent(0);
    try {
      const answer = await uploadImport(props.upload, file, setPercent);
      if (answer.ok) {
        notifySuccess({ key: 'engine.import.imported', values: { count: answer.count } });
        props.onImported();
        close();
      } else {
        setReport({ message: answer.message, errors: answer.errors });
      }
    } catch {
      notifyError({ key: 'engine.export.failed' });
    } finally {
      setPercent(null);
    }
  };

  return (
    <Modal opened={props.opened} onClose={close} title={`${props.title} · ${t('engine.import.title')}`} size="lg" centered>
      <Stack data-testid={`${props.testId}-import`}>
        <Group justify="space-between">
          <FileInput accept=".xlsx" placeholder={t('engine.import.choose')} value={file} onChange={setFile} clearable style={{ flex: 1 }} data-testid={`${props.testId}-import-file`} />
          {props.template && (
            <Button variant="subtle" data-testid={`${props.testId}-import-template`} onClick={() => void downloadFile(props.template!, undefined, `${props.title}模板.xlsx`).catch(() => notifyError({ key: 'engine.export.failed' }))}>
              {t('engine.import.template')}
            </Button>
          )}
        </Group>
        {percent !== null && (
          <Stack gap={4}>
            <Progress value={percent} animated data-testid={`${props.testId}-import-progress`} />
            <Text size="xs" c="dimmed">{t('engine.import.uploading', { percent })}</Text>
          </Stack>
        )}
        {report && (
          <Alert color="red" title={t('engine.import.reportTitle')} data-testid={`${props.testId}-import-report`}>
            {report.message && <Text size="sm" mb="xs">{report.message}</Text>}
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr><Table.Th>{t('engine.import.row')}</Table.Th><Table.Th>{t('engine.import.field')}</Table.Th><Table.Th>{t('engine.import.message')}</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((e, i) => (
                  <Table.Tr key={`${e.row}-${i}`} data-testid={`${props.testId}-import-report-row`}>
                    <Table.Td>{e.row}</Table.Td><Table.Td>{e.field ?? ''}</Table.Td><Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
          <Button data-testid={`${props.testId}-import-upload`} loading={percent !== null} onClick={() => void upload()}>{t('engine.import.upload')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
