import { Alert, Button, Group, Paper, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { notifySuccess } from '../../src/feedback/notify';
import { appState } from '../../src/store/appStore';
import { finishView } from '../../src/tabs/tabActions';
import { useView } from '../../src/tabs/ViewContext';
import { useViewTitle } from '../../src/tabs/useViewTitle';
import { type DescriptorSet, type FormDecl, type ScreenDescriptor, hiddenFields } from '../../core/descriptors/index.ts';
import { pageFormRow, resolveRoute, screenFormContext, screenListKey } from '../runtime/screenModel';
import { FormBody } from './FormDialog';

export interface FormPageProps {
  set: DescriptorSet;
  screen: ScreenDescriptor;
  name: string;
  form: FormDecl;
}

/**
 * A page form ("mode": "page") at its own menu path, the row named by its key in the query
 * (/shopManage/shopBaseDetail?shopId=3): a tab of its own that a reload keeps. 返回列表 (and 关闭/取消, and
 * saving) close the tab and go back to the list, whose tab kept its filters and page.
 */
export function FormPage({ set, screen, name, form }: FormPageProps) {
  const { t } = useTranslation();
  const view = useView();
  const client = useQueryClient();
  const app = useSnapshot(appState);
  const resource = set.resources.get(screen.resource)!;
  const rowKey = screen.rowKey ?? resource.primaryKey;
  const granted = (app.user?.fieldPermissionNames ?? []) as string[];
  const hidden = useMemo(() => hiddenFields(resource, granted, screen.fieldPermissions), [resource, granted, screen.fieldPermissions]);
  const context = useMemo(() => screenFormContext(set, screen), [set, screen]);
  // A notice names its record as ?id= (spec 000 §2), a list link by its key.
  const row = pageFormRow(resource, rowKey, view.query[rowKey] === undefined && view.query.id !== undefined ? { ...view.query, [rowKey]: view.query.id } : view.query);
  const testId = `${screen.name}-page`;
  const back = () => finishView(view.path, screen.route);
  const title = row ? t(form.title) : t('engine.form.create', { title: resource.title });
  useViewTitle(row === null ? title : undefined);
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Group justify="space-between" mb="md">
        <Title order={4}>{title}</Title>
        <Button variant="default" onClick={back} data-testid={`${testId}-back`}>{t('engine.page.back')}</Button>
      </Group>
      {row === undefined || (row === null && !form.submit) ? (
        <Alert color="red" data-testid={`${testId}-missing`}>{t('engine.page.notFound')}</Alert>
      ) : (
        <FormBody key={`${name}:${String(row?.[rowKey] ?? 'new')}`} resource={resource} hidden={hidden} rowKey={rowKey} context={context} testId={`${testId}-form`}
          open={{ name, form, row, submit: form.readOnly ? null : resolveRoute(set, screen, form.submit), load: row ? resolveRoute(set, screen, form.load) : null }}
          onClose={back}
          onSaved={() => {
            notifySuccess({ key: 'engine.saved' });
            void client.invalidateQueries({ queryKey: screenListKey(screen.name) });
            back();
          }} />
      )}
    </Paper>
  );
}
