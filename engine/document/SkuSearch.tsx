import { Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWarning } from '../../src/feedback/notify';
import type { EndpointRef } from '../api/paths';
import { fetchSkuOptions, type SkuOption } from './skuOptions';

export interface SkuSearchProps {
  route: EndpointRef;
  whId?: number;
  onPick: (sku: SkuOption) => void;
  testId: string;
}

/** Typing pauses this long before names are searched; a scanner's Enter does not wait. */
const SUGGEST_DELAY_MS = 300;

/**
 * The box that adds a line: a barcode scanner (fast keys ending in Enter) or a typed barcode, code or name.
 * Enter with an exact barcode or code adds that SKU at once; otherwise the matches are listed (arrow keys and
 * Enter, or a click, pick one). Nothing found: a message naming what was typed, and the box keeps it.
 */
export function SkuSearch({ route, whId, onPick, testId }: SkuSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<SkuOption[]>([]);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    const typed = text.trim();
    if ([...typed].length < 2) return setOptions([]);
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      void fetchSkuOptions(route, { keyword: typed, whId }).then((found) => {
        if (ask === asked.current) {
          setOptions(found);
          setActive(0);
        }
      }, () => undefined);
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, route, whId]);

  const pick = (sku: SkuOption) => {
    asked.current++;
    onPick(sku);
    setText('');
    setOptions([]);
  };

  const enter = async () => {
    const typed = text.trim();
    if (!typed) return;
    if (options.length > 0 && options[active] && !isExact(options[0], typed)) return pick(options[active]);
    setBusy(true);
    try {
      const found = await fetchSkuOptions(route, { keyword: typed, whId });
      const exact = found.find((o) => isExact(o, typed));
      if (exact) return pick(exact);
      if (found.length === 1) return pick(found[0]);
      if (found.length === 0) {
        setOptions([]);
        return notifyWarning({ text: t('engine.document.skuNotFound', { text: typed }) });
      }
      asked.current++;
      setOptions(found);
      setActive(0);
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ position: 'relative', width: 420 }}>
      <TextInput value={text} placeholder={t('engine.document.skuPlaceholder')} disabled={busy} data-testid={`${testId}-sku-search`} autoComplete="off"
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void enter();
          } else if (e.key === 'ArrowDown' && options.length) {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp' && options.length) {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Escape') setOptions([]);
        }} />
      {options.length > 0 && (
        <Paper withBorder shadow="md" style={{ position: 'absolute', zIndex: 20, top: '100%', left: 0, right: 0, maxHeight: 320, overflowY: 'auto' }} data-testid={`${testId}-sku-options`}>
          <Stack gap={0}>
            {options.map((o, i) => (
              <UnstyledButton key={o.skuId} px="sm" py={6} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(o)} data-testid={`${testId}-sku-option`}
                style={{ background: i === active ? 'var(--mantine-color-blue-light)' : undefined }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>{o.skuName}{o.spec && !o.skuName.includes(o.spec) ? ` ${o.spec}` : ''}</Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {o.skuCode}{o.barcode ? ` / ${o.barcode}` : ''}{o.available !== undefined && o.available !== null ? ` · ${t('engine.document.available', { qty: o.available })}` : ''}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      )}
    </div>
  );
}

const isExact = (o: SkuOption, typed: string) => o.barcode === typed || o.skuCode === typed;
