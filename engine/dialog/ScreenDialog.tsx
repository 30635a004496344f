import { ActionIcon, FloatingWindow, Group, Overlay, Portal, ScrollArea, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { SetFloatingWindowPosition } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_MIN, initialDialogRect } from './dialogRect';

interface Saved { x: number; y: number; width: number; height: number }

/**
 * A modal window: drag it by its title bar, resize it from the corner, maximize it to the viewport
 * and back. The window's geometry is DOM layout (Mantine's FloatingWindow writes it), not app state.
 */
export function ScreenDialog(props: { title: string; opened: boolean; onClose: () => void; width?: number; height?: number; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const [maximized, setMaximized] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const setPositionRef = useRef<SetFloatingWindowPosition | null>(null);
  const saved = useRef<Saved | null>(null);
  // Escape closes the window like its ✕, unless it closes an open dropdown (a select's, a date picker's or
  // a menu's): whether one was open is read before any handler runs, as the dropdown's own handler
  // closes it without always marking the event handled.
  const onClose = props.onClose;
  useEffect(() => {
    if (!props.opened) return;
    let dropdownOpen = false;
    const before = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const dropdowns = document.querySelectorAll('.mantine-Popover-dropdown, .mantine-Combobox-dropdown, .mantine-Menu-dropdown');
      dropdownOpen = [...dropdowns].some((d) => d.getClientRects().length > 0); // kept-mounted ones are display: none
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !dropdownOpen) onClose();
    };
    window.addEventListener('keydown', before, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', before, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [props.opened, onClose]);
  if (!props.opened) return null;
  const rect = initialDialogRect({ width: window.innerWidth, height: window.innerHeight }, { width: props.width ?? 760, height: props.height ?? 560 });

  const toggleMaximized = () => {
    const root = rootRef.current;
    if (!root) return;
    if (!maximized) {
      const box = root.getBoundingClientRect();
      saved.current = { x: box.left, y: box.top, width: box.width, height: box.height };
      setPositionRef.current?.({ left: 0, top: 0 });
      root.style.width = `${window.innerWidth}px`;
      root.style.height = `${window.innerHeight}px`;
    } else if (saved.current) {
      root.style.width = `${saved.current.width}px`;
      root.style.height = `${saved.current.height}px`;
      setPositionRef.current?.({ left: saved.current.x, top: saved.current.y });
    }
    setMaximized(!maximized);
  };

  return (
    <Portal>
      <Overlay fixed zIndex={299} backgroundOpacity={0.35} />
      <FloatingWindow
        ref={rootRef}
        setPositionRef={setPositionRef}
        zIndex={300}
        withBorder
        shadow="lg"
        radius="sm"
        enabled={!maximized}
        constrainToViewport
        dragHandleSelector="[data-drag-handle]"
        excludeDragHandleSelector="button"
        initialPosition={{ left: rect.x, top: rect.y }}
        dimensions={{ initialWidth: rect.width, initialHeight: rect.height, minWidth: DIALOG_MIN.width, minHeight: DIALOG_MIN.height }}
        role="dialog"
        aria-label={props.title}
        data-testid={props.testId}
        data-maximized={maximized || undefined}
        style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <Group data-drag-handle justify="space-between" px="md" py="xs" style={{ cursor: maximized ? 'default' : 'move', borderBottom: '1px solid var(--mantine-color-gray-3)', userSelect: 'none' }}>
          <Text fw={600}>{props.title}</Text>
          <Group gap={4}>
            <ActionIcon variant="subtle" color="gray" aria-label={maximized ? t('engine.form.restore') : t('engine.form.maximize')} data-testid={`${props.testId}-maximize`} onClick={toggleMaximized}>
              {maximized ? '❐' : '□'}
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label={t('engine.form.close')} data-testid={`${props.testId}-close`} onClick={props.onClose}><IconX size={18} /></ActionIcon>
          </Group>
        </Group>
        <ScrollArea style={{ flex: 1 }} p="md">{props.children}</ScrollArea>
        {!maximized && <FloatingWindow.ResizeHandle aria-label={t('engine.form.resize')} title={t('engine.form.resize')} data-testid={`${props.testId}-resize`} style={{ position: 'absolute', right: 0, bottom: 0, width: 14, height: 14, cursor: 'nwse-resize' }} />}
      </FloatingWindow>
    </Portal>
  );
}
