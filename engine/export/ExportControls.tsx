import { Button, Group, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, notifyWarning } from '../../src/feedback/notify';
import { type EndpointRef } from '../api/paths';
import { downloadFile, fetchListPage, notifyDownloadError, saveBlob } from '../api/calls';
import { type ExportProgress, runBrowserExport } from './browserExport';
import type { CsvColumn } from './csv';

export interface ExportControlsProps {
  title: string;
  listEndpoint: EndpointRef;
  /** The list's current filters and sort: the export covers the same rows. */
  query: () => Record<string, unknown>;
  columns: () => CsvColumn[];
  /** The server's streaming export of the same query (large data). */
  serverExport?: EndpointRef;
  /** false: only the server's export (a computed report cannot be paged by keys in the browser). */
  browser?: boolean;
  testId: string;
}

/**
 * 导出: the browser export pages through the list (progress bar, cancel); 服务器导出 streams the same
 * filtered query from the server as one file.
 */
export function ExportControls(props: ExportControlsProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const runInBrowser = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ done: 0, total: 0 });
    const query = props.query();
    const outcome = await runBrowserExport({
      title: props.title,
      columns: props.columns(),
      // Pages after the first continue from the previous page's last key and skip the count.
      fetchPage: (pageNum, pageSize, signal, lastKey) =>
        fetchListPage(props.listEndpoint, pageNum, pageSize, lastKey === undefined ? query : { ...query, lastKey, searchCount: false }, signal, true),
      saveFile: (file) => saveBlob(new Blob(file.parts, { type: 'text/csv;charset=utf-8' }), file.name),
      onProgress: setProgress,
      signal: abort.signal,
    });
    setProgress(null);
    controller.current = null;
    if (outcome.kind === 'empty') notifyWarning({ key: 'engine.export.empty' });
    else if (outcome.kind === 'failed') notifyError({ key: 'engine.export.failed' });
    else if (outcome.kind === 'cancelled') notifyWarning({ key: 'engine.export.cancelled' });
    else notifySuccess({ key: 'engine.export.finished', values: { rows: outcome.rows, files: outcome.files } });
  };

  const runOnServer = async () => {
    if (!props.serverExport) return;
    notifySuccess({ key: 'engine.export.serverStarted' });
    try {
      await downloadFile(props.serverExport, props.query(), `${props.title}.csv`);
    } catch (e) {
      notifyDownloadError(e);
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <>
      {props.serverExport && props.browser === false ? (
        <Button variant="light" data-testid={`${props.testId}-export`} onClick={() => void runOnServer()}>{t('engine.export.button')}</Button>
      ) : props.serverExport ? (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="light" data-testid={`${props.testId}-export`} loading={progress !== null}>{t('engine.export.button')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item data-testid={`${props.testId}-export-browser`} onClick={() => void runInBrowser()}>{t('engine.export.button')} (CSV)</Menu.Item>
            <Menu.Item data-testid={`${props.testId}-export-server`} onClick={() => void runOnServer()}>{t('engine.export.server')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Button variant="light" data-testid={`${props.testId}-export`} loading={progress !== null} onClick={() => void runInBrowser()}>{t('engine.export.button')}</Button>
      )}
      <Modal opened={progress !== null} onClose={() => controller.current?.abort()} title={t('engine.export.title')} withCloseButton={false} closeOnClickOutside={false} centered>
        <Stack data-testid={`${props.testId}-export-progress`}>
          <Progress value={percent} animated />
          {/* Until the first page answers, the number of rows is not known yet. */}
          <Text size="sm">{progress?.total ? t('engine.export.progress', { done: progress.done, total: progress.total }) : t('engine.export.starting')}</Text>
          <Group justify="flex-end">
            <Button variant="default" data-testid={`${props.testId}-export-cancel`} onClick={() => controller.current?.abort()}>{t('engine.export.cancel')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
