import { Stack, Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { DescriptorSet, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { appState } from '../../src/store/appStore';
import { useView } from '../../src/tabs/ViewContext';
import { ListBody } from '../list/ListScreen';
import { ListFilters } from '../list/ListFilters';
import { setPage, setSorting } from '../list/listState';
import { usePersistedListState } from '../list/usePersistedListState';
import { tabScreen } from '../runtime/reportModel';
import { screenFormContext } from '../runtime/screenModel';

/**
 * A report of several views over the same filters (门店销售: 按门店, 订单, 商品构成): the filters once, then one tab per
 * view, each the engine's list of its own route and columns with its summary, charts, export and actions. The tabs
 * share the filters (searching in one searches all); a tab switch starts at page 1 of that view.
 */
export function ReportTabs({ set, screen }: { set: DescriptorSet; screen: ScreenDescriptor }) {
  const { t } = useTranslation();
  const view = useView();
  const app = useSnapshot(appState);
  const userId = app.user?.userId ?? app.user?.id ?? '';
  const persisted = usePersistedListState(screen, view.path, `${app.tenantId}:${userId}`);
  const tabs = screen.report!.tabs!;
  const [active, setActive] = useState(tabs[0].key);
  const formContext = useMemo(() => screenFormContext(set, screen), [set, screen]);
  const screens = useMemo(() => new Map(tabs.map((tab) => [tab.key, tabScreen(screen, tab)])), [screen, tabs]);
  const current = screens.get(active) ?? screens.get(tabs[0].key)!;
  return (
    <Stack gap="sm" data-testid={`screen-${screen.name}`}>
      {(screen.filters ?? []).length > 0 && <ListFilters set={set} screen={screen} state={persisted.state} formContext={formContext} />}
      <Tabs value={active} onChange={(key) => {
        if (!key) return;
        setActive(key);
        setSorting(persisted.state, []);
        setPage(persisted.state, 1);
      }}>
        <Tabs.List>
          {tabs.map((tab) => <Tabs.Tab key={tab.key} value={tab.key} data-testid={`${screen.name}-tab-${tab.key}`}>{t(tab.label)}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      <ListBody key={current.name} set={set} screen={current} persisted={persisted} showFilters={false} />
    </Stack>
  );
}
