import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointRef } from '../api/paths';
import { parsePastedLines } from '../../core/descriptors/documents.ts';
import { fetchSkuOptions, type SkuOption } from './skuOptions';

export interface PastedSku {
  sku: SkuOption;
  quantity: number;
  price?: number;
}

/**
 * 批量添加: lines pasted from a spreadsheet (条码或编码, 数量, 单价 per line). Every code is looked up in one
 * call; when some cannot be used the dialog lists them by line and adds nothing until the user fixes or
 * removes them, so no line is dropped silently.
 */
export function PasteLinesDialog({ route, whId, onAdd, onClose, testId }: { route: EndpointRef; whId?: number; onAdd: (found: PastedSku[]) => void; onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = parsePastedLines(text);
    if (!parsed.length) return setProblems([t('engine.document.pasteEmpty')]);
    const errors = parsed.filter((p) => p.error).map((p) => t('engine.document.pasteLine', { row: p.row, text: p.error }));
    const codes = [...new Set(parsed.filter((p) => !p.error).map((p) => p.code))];
    setBusy(true);
    try {
      const options = codes.length ? await fetchSkuOptions(route, { codes, whId }) : [];
      const byCode = new Map<string, SkuOption>();
      for (const o of options) {
        if (o.barcode) byCode.set(o.barcode, o);
        byCode.set(o.skuCode, o);
      }
      const found: PastedSku[] = [];
      for (const p of parsed) {
        if (p.error) continue;
        const sku = byCode.get(p.code);
        if (!sku) errors.push(t('engine.document.pasteLine', { row: p.row, text: t('engine.document.skuNotFound', { text: p.code }) }));
        else if (!p.quantity || p.quantity <= 0) errors.push(t('engine.document.pasteLine', { row: p.row, text: t('engine.document.pasteQty') }));
        else found.push({ sku, quantity: p.quantity, price: p.price });
      }
      if (errors.length) return setProblems(errors);
      onAdd(found);
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('engine.document.paste')} size="lg" data-testid={`${testId}-paste-dialog`}>
      <Stack>
        <Text size="sm" c="dimmed">{t('engine.document.pasteHelp')}</Text>
        <Textarea autosize minRows={8} maxRows={16} value={text} onChange={(e) => { setText(e.currentTarget.value); setProblems([]); }}
          placeholder={'6901234567892\t10\t3.50\n6901234567908\t5'} data-testid={`${testId}-paste-text`} />
        {problems.length > 0 && (
          <Alert color="orange" title={t('engine.document.pasteProblems')} data-testid={`${testId}-paste-problems`}>
            <List size="sm">{problems.slice(0, 50).map((p) => <List.Item key={p}>{p}</List.Item>)}</List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button loading={busy} onClick={() => void submit()} data-testid={`${testId}-paste-ok`}>{t('engine.document.pasteAdd')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
