import { Alert, Badge, Button, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { PaperKind } from './silent.ts';
import { loadPrintClientSettings, savePrintClientSettings } from './settings.ts';
import { usePrintClient } from './usePrintClient.ts';

export interface PrinterSettingsLabels {
  button: string;
  host: string;
  token: string;
  connect: string;
  printer: string;
  none: string;
  notConnected: (message: string) => string;
  connected: string;
  closed: string;
  connecting: string;
}

/**
 * 打印设置 of this browser: where its print client (electron-hiprint) runs, its token, and the printer one kind of
 * paper goes to without a dialog (the till's receipt printer, the office PC's A4 printer), chosen from the client's own
 * list. Kept in this browser (the machine's); none chosen, that paper prints as a PDF. Test ids: `<testId>-print-…`
 * and `<testId>-<kind>-printer`.
 */
export function PrinterSettings({ kind, labels: l, testId }: { kind: PaperKind; labels: PrinterSettingsLabels; testId: string }) {
  const [opened, setOpened] = useState(false);
  const [settings, setSettings] = useState(loadPrintClientSettings);
  const { state, connect } = usePrintClient();
  const field = kind === 'receipt' ? 'receiptPrinter' : 'documentPrinter';
  const chosen = settings[field];
  const save = (next: typeof settings) => {
    setSettings(next);
    savePrintClientSettings(next);
  };
  const printers = (state?.printers ?? []).map((p) => ({ value: p.name, label: p.displayName && p.displayName !== p.name ? `${p.displayName}（${p.name}）` : p.name }));
  // The chosen printer stays listed while the client is away.
  if (chosen && !printers.some((p) => p.value === chosen)) printers.unshift({ value: chosen, label: chosen });
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" withinPortal>
      <Popover.Target>
        <Button size="xs" variant="default" onClick={() => setOpened((o) => !o)} data-testid={`${testId}-print-settings`}>
          {l.button}{chosen ? ` · ${chosen}` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-print-settings-panel`}>
        <Stack gap={6}>
          <TextInput size="xs" label={l.host} value={settings.host} onChange={(e) => setSettings({ ...settings, host: e.currentTarget.value })} data-testid={`${testId}-print-host`} />
          <TextInput size="xs" type="password" label={l.token} value={settings.token} onChange={(e) => setSettings({ ...settings, token: e.currentTarget.value })} data-testid={`${testId}-print-token`} />
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => { save(settings); connect(settings); }} data-testid={`${testId}-print-connect`}>{l.connect}</Button>
            {state && <Badge color={state.status === 'connected' ? 'green' : 'gray'} data-testid={`${testId}-print-status`} data-status={state.status}>{state.status === 'connected' ? l.connected : state.status === 'closed' ? l.closed : l.connecting}</Badge>}
          </Group>
          {state?.status === 'closed' && state.error && <Alert color="red" p={6}>{l.notConnected(state.error)}</Alert>}
          <Select size="xs" label={l.printer} placeholder={l.none} clearable data={printers} value={chosen ?? null}
            comboboxProps={{ withinPortal: false }} onChange={(v) => save({ ...settings, [field]: v ?? undefined })} data-testid={`${testId}-${kind}-printer`} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
