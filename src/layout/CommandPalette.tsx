import { Badge, Group, Kbd, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxy, useSnapshot } from 'valtio';
import { call } from '../api/http';
import type { AppRoute } from '../router/appRoute';
import { navigateTo } from '../router/navigation';
import { resolveRoute } from '../router/resolveRoute';
import { appState } from '../store/appStore';
import { asDocumentNumber, findMenus, menuEntries } from './menuSearch';
import { recentPages } from './recentPages';
import { closeSidebar } from './sidebarState';

/** Whether the palette is open; Ctrl+K, the sidebar's search box and Escape change it. */
export const paletteState = proxy({ open: false });

export function openPalette(): void {
  paletteState.open = true;
}

interface Item {
  key: string;
  kind: 'number' | 'menu' | 'recent';
  title: string;
  hint?: string;
  run: () => Promise<void> | void;
}

interface Found {
  route: string;
  query: Record<string, string>;
}

/**
 * The command palette (Ctrl+K): a menu by its name or pinyin initials (cgd → 采购单), a recent page, or a
 * document by its number (CG20261128-0001 opens its detail page). Arrow keys move, Enter opens.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const { open } = useSnapshot(paletteState);
  const snap = useSnapshot(appState);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  // Ctrl+K (⌘K) anywhere, typing in a field included.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'k') return;
      e.preventDefault();
      paletteState.open = !paletteState.open;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const entries = useMemo(() => menuEntries(snap.routes as AppRoute[]), [snap.routes]);

  const close = () => {
    paletteState.open = false;
    setQuery('');
    setActive(0);
    setFailure(null);
  };
  const go = (to: string) => {
    close();
    navigateTo(to);
    if (appState.device === 'mobile') closeSidebar(false);
  };

  const items: Item[] = [];
  const number = asDocumentNumber(query);
  if (number) {
    items.push({
      key: `number:${number}`, kind: 'number', title: t('sidebar.openRecord', { number }),
      run: async () => {
        try {
          const found = await call<Found>({ method: 'GET', url: '/wxy-system-server/document/find', params: { number }, silent: true });
          go(`${found.route}?${new URLSearchParams(found.query).toString()}`);
        } catch (e) {
          setFailure((e as Error).message);
        }
      },
    });
  }
  for (const e of findMenus(entries, query)) items.push({ key: `menu:${e.path}`, kind: 'menu', title: e.title, hint: e.module, run: () => go(e.path) });
  const q = query.trim().toLowerCase();
  const shown = new Set(items.map((i) => i.key.slice(i.key.indexOf(':') + 1)));
  for (const r of recentPages()) {
    if (shown.has(r.path) || !resolveRoute(snap.routes as AppRoute[], r.path)) continue;
    if (q && !r.title.toLowerCase().includes(q)) continue;
    items.push({ key: `recent:${r.path}`, kind: 'recent', title: r.title, run: () => go(r.fullPath) });
  }
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((current + 1) % Math.max(items.length, 1));
    else if (e.key === 'ArrowUp') setActive((current - 1 + items.length) % Math.max(items.length, 1));
    else if (e.key === 'Enter' && items[current]) void items[current].run();
    else return;
    e.preventDefault();
  };
  const label = (kind: Item['kind']) => (kind === 'number' ? t('sidebar.record') : kind === 'menu' ? t('sidebar.menus') : t('sidebar.recent'));

  return (
    <Modal opened={open} onClose={close} withCloseButton={false} padding="sm" size="lg" yOffset="12vh" title={null} aria-label={t('sidebar.palette')}>
      <TextInput data-autofocus placeholder={t('sidebar.palette')} value={query} onKeyDown={onKeyDown} data-testid="palette-input"
        onChange={(e) => { setQuery(e.currentTarget.value); setActive(0); setFailure(null); }} rightSection={<Kbd size="xs">Esc</Kbd>} rightSectionWidth={44} />
      {failure && <Text c="red" size="sm" mt="xs" data-testid="palette-failure">{failure}</Text>}
      <ScrollArea.Autosize mah="50vh" mt="xs">
        <Stack gap={2} data-testid="palette-results">
          {items.map((item, i) => (
            <UnstyledButton key={item.key} onClick={() => void item.run()} onMouseEnter={() => setActive(i)} data-testid={`palette-item-${item.key}`} data-active={i === current || undefined}
              px="sm" py={6} style={{ borderRadius: 4, background: i === current ? 'var(--mantine-color-blue-light)' : undefined }}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate="end">{item.title}</Text>
                <Group gap={6} wrap="nowrap">
                  {item.hint && <Text size="xs" c="dimmed">{item.hint}</Text>}
                  <Badge size="xs" variant="light" color={item.kind === 'number' ? 'orange' : item.kind === 'menu' ? 'blue' : 'gray'}>{label(item.kind)}</Badge>
                </Group>
              </Group>
            </UnstyledButton>
          ))}
          {q && items.length === 0 && <Text size="sm" c="dimmed" px="sm" py={6}>{t('sidebar.noMatch')}</Text>}
        </Stack>
      </ScrollArea.Autosize>
    </Modal>
  );
}
