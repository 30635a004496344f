import { Alert, Badge, Button, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { loadPrintClientSettings, savePrintClientSettings } from '../designer/printClient/settings.ts';
import { usePrintClient } from '../designer/printClient/usePrintClient.ts';
import { useBillingT } from './labels';

/**
 * 打印设置 of this till: where its print client (electron-hiprint) runs, its token, and the receipt printer receipts
 * go to without a dialog. Kept in this browser, as the till's own; none chosen, receipts print as a PDF.
 */
export function PrintSettings() {
  const t = useBillingT();
  const [opened, setOpened] = useState(false);
  const [settings, setSettings] = useState(loadPrintClientSettings);
  const { state, connect } = usePrintClient();
  const save = (next: typeof settings) => {
    setSettings(next);
    savePrintClientSettings(next);
  };
  const printers = (state?.printers ?? []).map((p) => ({ value: p.name, label: p.displayName && p.displayName !== p.name ? `${p.displayName}（${p.name}）` : p.name }));
  // The chosen printer stays listed while the client is away.
  if (settings.receiptPrinter && !printers.some((p) => p.value === settings.receiptPrinter)) printers.unshift({ value: settings.receiptPrinter, label: settings.receiptPrinter });
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" withinPortal>
      <Popover.Target>
        <Button size="xs" variant="default" onClick={() => setOpened((o) => !o)} data-testid="register-print-settings">
          {t('printSettings')}{settings.receiptPrinter ? ` · ${settings.receiptPrinter}` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="register-print-settings-panel">
        <Stack gap={6}>
          <TextInput size="xs" label={t('printClientHost')} value={settings.host} onChange={(e) => setSettings({ ...settings, host: e.currentTarget.value })} data-testid="register-print-host" />
          <TextInput size="xs" type="password" label={t('printClientToken')} value={settings.token} onChange={(e) => setSettings({ ...settings, token: e.currentTarget.value })} data-testid="register-print-token" />
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => { save(settings); connect(settings); }} data-testid="register-print-connect">{t('connectClient')}</Button>
            {state && <Badge color={state.status === 'connected' ? 'green' : 'gray'} data-testid="register-print-status" data-status={state.status}>{t(state.status === 'connected' ? 'clientConnected' : state.status === 'closed' ? 'clientClosed' : 'clientConnecting')}</Badge>}
          </Group>
          {state?.status === 'closed' && state.error && <Alert color="red" p={6}>{t('printClientNotConnected', { message: state.error })}</Alert>}
          <Select size="xs" label={t('receiptPrinter')} placeholder={t('noReceiptPrinter')} clearable data={printers} value={settings.receiptPrinter ?? null}
            comboboxProps={{ withinPortal: false }} onChange={(v) => save({ ...settings, receiptPrinter: v ?? undefined })} data-testid="register-receipt-printer" />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
