/** The page tab bar: select the editable panel, x deletes one (never the last), + adds one. */
import { ActionIcon, Group, Tabs, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDesigner, type DesignerStore } from '../state/designerStore.ts';
import { addPanel, removePanel } from '../state/templateOps.ts';

export function PanelTabs({ store }: { store: DesignerStore }) {
  const { t } = useTranslation();
  const panels = useDesigner(store, (s) => s.settled.panels);
  const active = useDesigner(store, (s) => s.activePanel);
  return (
    <Group gap={4} wrap="nowrap" data-testid="panel-tabs">
      <Tabs value={String(active)} onChange={(v) => v !== null && store.set({ activePanel: Number(v), selection: [], cellRange: null, column: null })} variant="outline">
        <Tabs.List>
          {panels.map((p, i) => (
            <Tabs.Tab key={i} value={String(i)} data-testid={`panel-tab-${i}`}
              rightSection={panels.length > 1 ? (
                <span role="button" aria-label={t('ui.deletePanel')} data-testid={`panel-tab-close-${i}`} style={{ marginLeft: 4, cursor: 'pointer' }}
                  onClick={(e) => {
                    e.stopPropagation();
                    const s = store.get();
                    store.commit('delete', removePanel(s.template, i), { activePanel: Math.max(0, Math.min(s.activePanel - (i <= s.activePanel && s.activePanel > 0 ? 1 : 0), s.template.panels.length - 2)), selection: [] });
                  }}>×</span>
              ) : null}>
              {t('ui.panel')} {p.name ?? i + 1}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Tooltip label={t('ui.addPanel')}>
        <ActionIcon variant="default" data-testid="panel-tab-add" onClick={() => {
          const s = store.get();
          store.commit('add', addPanel(s.template), { activePanel: s.template.panels.length, selection: [] });
        }}>+</ActionIcon>
      </Tooltip>
    </Group>
  );
}
