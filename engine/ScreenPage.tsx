import '@mantine/dates/styles.css';
import { Button, Stack, Text } from '@mantine/core';
import { use, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { NotFoundContent } from '../src/pages/errors/NotFoundContent';
import { appState } from '../src/store/appStore';
import { useView } from '../src/tabs/ViewContext';
import { loadScreen, retryScreen } from './api/screenDescriptor';
import { loadScreenTexts } from './i18n/screenTexts';
import { FormPage } from './forms/FormPage';
import { DocumentPage } from './document/DocumentPage';
import { ListScreen } from './list/ListScreen';
import { ReportTabs } from './report/ReportTabs';
import { withPeriodDefault } from './runtime/reportModel';
import { localDay } from '../core/calendar.ts';
import { pageFormAt } from './runtime/screenModel';

loadScreenTexts();

/**
 * The page of every menu path without a page of its own (src/router/pageRegistry.ts sends them here,
 * lazily: this chunk carries TanStack Table and rjsf, never the login page). The screen descriptor comes
 * from the server at run time, so a module of descriptor files needs no browser build; no descriptor
 * for the path is the 404 page. A page form's route shows that form (FormPage) instead of the list.
 */
export default function ScreenPage() {
  const { path, query } = useView();
  const { t } = useTranslation();
  const { tenantId, user } = useSnapshot(appState);
  const [, setAttempt] = useState(0);
  const userKey = `${tenantId}:${user?.userId ?? ''}`;
  const load = use(loadScreen(userKey, path));
  // A report opens on its default period, the last days ending today.
  const screen = useMemo(() => (load.ok ? withPeriodDefault(load.screen, localDay()) : null), [load]);
  if (!load.ok) {
    if (load.missing) return <NotFoundContent />;
    return (
      <Stack align="center" py={80} data-testid="screen-load-failed">
        <Text c="red">{t('engine.loadFailed')}: {load.message}</Text>
        <Button variant="light" onClick={() => {
            retryScreen(userKey, path);
            setAttempt((n) => n + 1);
          }}>{t('engine.retry')}</Button>
      </Stack>
    );
  }
  // A page form's own route (a hidden menu node) answers its screen's descriptor: show that form.
  const pageForm = pageFormAt(load.screen, path);
  if (pageForm?.form.mode === 'document') return <DocumentPage key={`${load.screen.name}:${pageForm.name}:${JSON.stringify(query)}`} set={load.set} screen={load.screen} name={pageForm.name} form={pageForm.form} />;
  if (pageForm) return <FormPage key={`${load.screen.name}:${pageForm.name}`} set={load.set} screen={load.screen} name={pageForm.name} form={pageForm.form} />;
  if (screen?.report?.tabs) return <ReportTabs key={screen.name} set={load.set} screen={screen} />;
  return <ListScreen key={load.screen.name} set={load.set} screen={screen ?? load.screen} />;
}
