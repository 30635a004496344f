/**
 * The designer's output buttons: export a vector PDF, and print through the local print client
 * (connection status, printer choice, host and token remembered in this browser).
 */
import { Badge, Button, Group, NumberInput, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../src/feedback/notify';
import { DesignerError } from '../../../core/print/errors/index.ts';
import type { PrintTemplate } from '../../../core/print/template/index.ts';
import { renderPreviewHtml } from '../preview/previewHtml.ts';
import { templatePaper } from '../printClient/job.ts';
import { loadPrintClientSettings, savePrintClientSettings } from '../printClient/settings.ts';
import type { ConnectionStatus } from '../printClient/state.ts';
import { usePrintClient } from '../printClient/usePrintClient.ts';
import { downloadBlob, exportTemplatePdf } from './exportPdf.ts';
import { printDocumentHtml } from './printDocument.ts';
import { loadPrintCss } from './printStyles.ts';

const STATUS_COLOR: Record<ConnectionStatus, string> = { connecting: 'blue', connected: 'green', reconnecting: 'orange', closed: 'gray' };

const messageOf = (e: unknown) => (e instanceof DesignerError ? e.zh : e instanceof Error ? e.message : String(e));

/** `getTemplate` is read when a button is pressed, so the toolbar need not re-render on every edit. */
export function OutputActions({ getTemplate, name, templateId }: { getTemplate: () => PrintTemplate; name: string; templateId?: number | string | null }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [opened, setOpened] = useState(false);
  const [settings, setSettings] = useState(loadPrintClientSettings);
  const [printer, setPrinter] = useState<string | null>(null);
  const [copies, setCopies] = useState(1);
  const [sending, setSending] = useState(false);
  const { client, state, connect } = usePrintClient();

  const exportPdf = async () => {
    setExporting(true);
    try {
      const out = await exportTemplatePdf(getTemplate(), { title: name || t('output.untitled') });
      downloadBlob(out.blob, name || t('output.untitled'));
      notifySuccess({ text: t('output.exported', { count: out.pageCount }) });
    } catch (e) {
      notifyError({ text: t('output.exportFailed', { message: messageOf(e) }) });
    } finally {
      setExporting(false);
    }
  };

  const reconnect = () => {
    savePrintClientSettings(settings);
    connect(settings);
  };

  const open = () => {
    setOpened((o) => !o);
    if (!client) connect(settings);
  };

  const print = async () => {
    if (!client) return;
    setSending(true);
    try {
      const template = getTemplate();
      const html = printDocumentHtml(renderPreviewHtml(template), await loadPrintCss(document));
      // The template's paper and name reach the printer: its queue shows the name, not "hiprint打印".
      await client.print({ html, templateId: String(templateId ?? name ?? 'designer'), printer, copies, title: name || t('output.untitled'), paper: templatePaper(template) });
      notifySuccess({ text: t('output.sent') });
    } catch (e) {
      notifyError({ text: t('output.printFailed', { message: messageOf(e) }) });
    } finally {
      setSending(false);
    }
  };

  const status = state?.status ?? 'closed';
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="default" loading={exporting} onClick={() => void exportPdf()} data-testid="designer-export-pdf">{t('output.exportPdf')}</Button>
      <Popover opened={opened} onChange={setOpened} width={300} position="bottom-end" withinPortal>
        <Popover.Target>
          <Button size="xs" variant="default" onClick={open} data-testid="designer-client-print">{t('output.clientPrint')}</Button>
        </Popover.Target>
        <Popover.Dropdown data-testid="print-client-panel">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>{t('output.client')}</Text>
              <Badge color={STATUS_COLOR[status]} data-testid="print-client-status" data-status={status}>
                {t(`output.status.${status}`, { attempt: state?.attempt ?? 0, max: state?.maxAttempts ?? 0 })}
              </Badge>
            </Group>
            {state?.error && status !== 'connected' && <Text size="xs" c="red">{state.error}</Text>}
            <TextInput size="xs" label={t('output.host')} value={settings.host} onChange={(e) => setSettings({ ...settings, host: e.currentTarget.value })} data-testid="print-client-host" />
            <TextInput size="xs" label={t('output.token')} type="password" value={settings.token} onChange={(e) => setSettings({ ...settings, token: e.currentTarget.value })} data-testid="print-client-token" />
            <Button size="xs" variant="light" onClick={reconnect} data-testid="print-client-connect">{t('output.connect')}</Button>
            <Select size="xs" label={t('output.printer')} placeholder={t('output.defaultPrinter')} clearable data-testid="print-client-printer"
              comboboxProps={{ withinPortal: false }}
              data={(state?.printers ?? []).map((p) => ({ value: p.name, label: p.displayName || p.name }))} value={printer} onChange={setPrinter} />
            <NumberInput size="xs" label={t('output.copies')} min={1} max={99} allowDecimal={false} value={copies}
              onChange={(v) => setCopies(typeof v === 'number' && v >= 1 ? Math.min(99, Math.floor(v)) : 1)} data-testid="print-client-copies" />
            <Button size="xs" disabled={status !== 'connected'} loading={sending} onClick={() => void print()} data-testid="print-client-send">{t('output.send')}</Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
