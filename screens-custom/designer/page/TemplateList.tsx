/** 打印模板 list: search by name and business type; create, edit, duplicate, delete (server permissions). */
import { Anchor, Badge, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../src/api/queryClient';
import { type Column, FIRST_PAGE, PagedTable } from '../../../src/components/PagedTable';
import { notifySuccess } from '../../../src/feedback/notify';
import { Permission } from '../../../src/permission/Permission';
import { PRINT_TEMPLATE_PERMS, printTemplateApi, type PrintTemplateSummary } from '../api.ts';

export const templateKeys = {
  all: ['printTemplate'] as const,
  page: (page: number, size: number, name: string, businessType: string) => ['printTemplate', 'page', { page, size, name, businessType }] as const,
  info: (id: number) => ['printTemplate', 'info', id] as const,
  businessTypes: () => ['printTemplate', 'businessTypes'] as const,
};

export function TemplateList({ onOpen, onCreate, businessTypes }: { onOpen: (id: number) => void; onCreate: () => void; businessTypes: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [draft, setDraft] = useState({ name: '', businessType: '' });
  const [filter, setFilter] = useState({ name: '', businessType: '' });
  const list = useQuery({
    queryKey: templateKeys.page(paging.page, paging.size, filter.name, filter.businessType),
    queryFn: () => printTemplateApi.page(paging.page, paging.size, { name: filter.name || undefined, businessType: filter.businessType || undefined }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: templateKeys.all });
  const copy = useMutation({ mutationFn: (id: number) => printTemplateApi.copy(id), onSuccess: () => { notifySuccess({ key: 'common.saved' }); void refresh(); } });
  const remove = useMutation({ mutationFn: (id: number) => printTemplateApi.remove(id), onSuccess: () => { notifySuccess({ text: t('list.deleted') }); void refresh(); } });

  const columns: Column<PrintTemplateSummary>[] = [
    { key: 'name', title: t('list.name'), render: (r) => (r.isDefault ? <Group gap={6} wrap="nowrap">{r.name}<Badge size="xs" variant="light" data-testid={`template-default-${r.name}`}>{t('list.defaultBadge')}</Badge></Group> : r.name) },
    { key: 'businessType', title: t('list.businessType'), render: (r) => r.businessTypeName || r.businessType },
    { key: 'updateTime', title: t('list.updatedAt'), render: (r) => r.updateTime },
    {
      key: 'actions', title: t('list.actions'), render: (r) => (
        <Group gap="xs">
          <Permission perm={PRINT_TEMPLATE_PERMS.edit}><Anchor size="sm" onClick={() => onOpen(r.id)} data-testid={`template-edit-${r.name}`}>{t('list.edit')}</Anchor></Permission>
          <Permission perm={PRINT_TEMPLATE_PERMS.add}><Anchor size="sm" onClick={() => copy.mutate(r.id)} data-testid={`template-copy-${r.name}`}>{t('list.duplicate')}</Anchor></Permission>
          <Permission perm={PRINT_TEMPLATE_PERMS.delete}>
            <Anchor size="sm" c="red" data-testid={`template-delete-${r.name}`} onClick={() => modals.openConfirmModal({
              title: t('list.delete'),
              children: t('list.confirmDelete', { name: r.name }),
              labels: { confirm: t('list.delete'), cancel: t('ui.close') },
              confirmProps: { color: 'red', 'data-testid': 'template-delete-confirm' } as never,
              onConfirm: () => remove.mutate(r.id),
            })}>{t('list.delete')}</Anchor>
          </Permission>
        </Group>
      ),
    },
  ];

  return (
    <Stack data-testid="template-list">
      <form onSubmit={(e) => { e.preventDefault(); setFilter({ name: draft.name.trim(), businessType: draft.businessType }); setPaging({ ...paging, page: 1 }); }}>
        <Group>
          <TextInput placeholder={t('list.name')} value={draft.name} maxLength={50} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} data-testid="template-search-name" />
          <Select placeholder={t('list.businessType')} clearable data={businessTypes} value={draft.businessType || null} onChange={(v) => setDraft({ ...draft, businessType: v ?? '' })} data-testid="template-search-type" />
          <Button type="submit" data-testid="template-search">{t('ui.refresh')}</Button>
          <Permission perm={PRINT_TEMPLATE_PERMS.add}><Button variant="light" onClick={onCreate} data-testid="template-create">{t('list.create')}</Button></Permission>
        </Group>
      </form>
      <PagedTable columns={columns} data={list.data} loading={list.isFetching} paging={paging} onPaging={setPaging} testId="template-table" />
    </Stack>
  );
}
