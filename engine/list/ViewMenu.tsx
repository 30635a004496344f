import { Badge, Button, Checkbox, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../src/feedback/notify';
import { confirmAction } from '../dialog/confirm';
import { type ListView, type ListViewState, addListView, defaultView, deleteListView, editListView, fetchListViews, fetchShareRoles, listViewsKey } from '../api/listViews';
import { type ListState, readGroupChoice } from './listState';

export interface ViewMenuProps {
  screenName: string;
  state: ListState;
  /** The columns shown now (saved with a view) and how to show a view's. */
  shownColumns: readonly string[];
  onColumns: (columns: string[]) => void;
  /** The list came back with its tab's own choices (a reload): its default view is not applied over them. */
  restored: boolean;
}

/** What the list shows now, as a view keeps it. */
export function currentViewState(state: ListState, columns: readonly string[]): ListViewState {
  return {
    filters: { ...state.filters },
    sorting: state.sorting.map((s) => ({ id: s.id, desc: s.desc })),
    size: state.size,
    columns: [...columns],
    group: state.group ? { ...state.group } : null,
  };
}

/** A view's choices put on the list (from page 1); its columns through `onColumns` when they differ. */
export function applyView(state: ListState, view: Pick<ListView, 'state'>, shown: readonly string[], onColumns: (columns: string[]) => void): void {
  const s = view.state as Partial<ListViewState>;
  const filters = s.filters && typeof s.filters === 'object' ? { ...s.filters } : {};
  state.draft = { ...filters };
  state.filters = filters;
  state.sorting = Array.isArray(s.sorting) ? s.sorting.slice(0, 1).map((r) => ({ id: r.id, desc: r.desc })) : [];
  if (typeof s.size === 'number') state.size = s.size;
  state.group = readGroupChoice(s.group);
  state.page = 1;
  state.selection = {};
  if (Array.isArray(s.columns) && s.columns.length && s.columns.join(',') !== shown.join(',')) onColumns([...s.columns]);
}

/**
 * 视图: the list's saved views (the user's own, then those shared with their roles), applied with a click; the
 * current filters, columns, sort, page size and group saved as a new view (private or shared with a role, default or
 * not), the chosen one updated or deleted by its owner. A list opened afresh takes its default view.
 */
export function ViewMenu({ screenName, state, shownColumns, onColumns, restored }: ViewMenuProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const views = useQuery({ queryKey: listViewsKey(screenName), queryFn: () => fetchListViews(screenName), staleTime: 60_000 });
  const [active, setActive] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const applied = useRef(false);

  const choose = (view: ListView, announce = true) => {
    applyView(state, view, shownColumns, onColumns);
    setActive(view.viewId);
    if (announce) notifySuccess({ key: 'engine.views.applied', values: { name: view.name } });
  };
  // The default view, once, when the list was not restored from its tab.
  useEffect(() => {
    if (applied.current || !views.data) return;
    applied.current = true;
    const view = restored ? undefined : defaultView(views.data);
    if (view) choose(view, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the views first arrive
  }, [views.data]);

  const refresh = () => client.invalidateQueries({ queryKey: listViewsKey(screenName) });
  const update = useMutation({
    mutationFn: (view: ListView) => editListView(view.viewId, { state: currentViewState(state, shownColumns) }),
    onSuccess: async () => { await refresh(); notifySuccess({ key: 'engine.views.saved' }); },
  });
  const remove = useMutation({
    mutationFn: (view: ListView) => deleteListView(view.viewId),
    onSuccess: async () => { setActive(null); await refresh(); notifySuccess({ key: 'engine.views.removed' }); },
  });
  const current = views.data?.find((v) => v.viewId === active);
  const list = views.data ?? [];

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant={current ? 'light' : 'default'} leftSection={<IconBookmark size={16} />} data-testid={`${screenName}-views`}>
            {current ? current.name : t('engine.views.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }} miw={240}>
          {list.length === 0 && <Menu.Label>{t('engine.views.none')}</Menu.Label>}
          {list.some((v) => v.mine) && <Menu.Label>{t('engine.views.mine')}</Menu.Label>}
          {list.filter((v) => v.mine).map((v) => <ViewItem key={v.viewId} view={v} active={v.viewId === active} screenName={screenName} onClick={() => choose(v)} />)}
          {list.some((v) => !v.mine) && <Menu.Label>{t('engine.views.shared')}</Menu.Label>}
          {list.filter((v) => !v.mine).map((v) => <ViewItem key={v.viewId} view={v} active={v.viewId === active} screenName={screenName} onClick={() => choose(v)} />)}
          <Menu.Divider />
          <Menu.Item data-testid={`${screenName}-views-save`} onClick={() => setSaving(true)}>{t('engine.views.save')}</Menu.Item>
          {current?.mine && (
            <Menu.Item data-testid={`${screenName}-views-update`} onClick={() => update.mutate(current)}>{t('engine.views.update', { name: current.name })}</Menu.Item>
          )}
          {current?.mine && (
            <Menu.Item color="red" data-testid={`${screenName}-views-delete`}
              onClick={() => void confirmAction(t('engine.views.confirmRemove', { name: current.name }), true).then((yes) => yes && remove.mutate(current))}>
              {t('engine.views.remove', { name: current.name })}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {saving && (
        <SaveViewDialog screenName={screenName} onClose={() => setSaving(false)} state={() => currentViewState(state, shownColumns)}
          onSaved={async (view) => { setSaving(false); setActive(view.viewId); await refresh(); notifySuccess({ key: 'engine.views.saved' }); }} />
      )}
    </>
  );
}

function ViewItem({ view, active, screenName, onClick }: { view: ListView; active: boolean; screenName: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu.Item onClick={onClick} data-testid={`${screenName}-view-item`} rightSection={active ? <IconCheck size={14} /> : null}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{view.name}</Text>
        {view.isDefault && <Badge size="xs" variant="light">{t('engine.views.defaultBadge')}</Badge>}
        {!view.mine && <Text size="xs" c="dimmed">{view.roleName ?? view.ownerName}</Text>}
      </Group>
    </Menu.Item>
  );
}

function SaveViewDialog({ screenName, state, onClose, onSaved }: { screenName: string; state: () => ListViewState; onClose: () => void; onSaved: (view: ListView) => Promise<void> }) {
  const { t } = useTranslation();
  const roles = useQuery({ queryKey: ['engine', 'listViewRoles'], queryFn: fetchShareRoles, staleTime: 300_000 });
  const [name, setName] = useState('');
  const [roleCode, setRoleCode] = useState<string | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const save = useMutation({
    mutationFn: () => addListView({ screen: screenName, name: name.trim(), roleCode, isDefault, state: state() }),
    onSuccess: (view) => onSaved(view),
  });
  return (
    <Modal opened onClose={onClose} title={t('engine.views.save').replace('…', '')} data-testid={`${screenName}-views-dialog`}>
      <Stack gap="sm">
        <TextInput label={t('engine.views.name')} value={name} maxLength={32} required data-autofocus onChange={(e) => setName(e.currentTarget.value)} data-testid={`${screenName}-views-name`} />
        <Select label={t('engine.views.shareRole')} placeholder={t('engine.views.shareNone')} clearable value={roleCode} onChange={setRoleCode}
          data={(roles.data ?? []).map((r) => ({ value: r.code, label: r.name }))} data-testid={`${screenName}-views-role`} comboboxProps={{ withinPortal: true }} />
        <Checkbox label={t('engine.views.isDefault')} checked={isDefault} onChange={(e) => setIsDefault(e.currentTarget.checked)} data-testid={`${screenName}-views-default`} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button loading={save.isPending} disabled={!name.trim()} onClick={() => save.mutate()} data-testid={`${screenName}-views-submit`}>{t('engine.form.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
