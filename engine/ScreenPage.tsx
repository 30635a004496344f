import '@mantine/dates/styles.css';
import { Button, Stack, Text } from '@mantine/core';
import { Suspense, use, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { NotFoundContent } from '../src/pages/errors/NotFoundContent';
import { appState } from '../src/store/appStore';
import { useView } from '../src/tabs/ViewContext';
import { loadScreen, retryScreen } from './api/screenDescriptor';
import { loadScreenTexts } from './i18n/screenTexts';
import { lazyNamed } from '../src/router/lazyPage';
import { PageLoader } from '../src/router/PageLoader';
import { ListScreen } from './list/ListScreen';
import { withPeriodDefault } from './runtime/reportModel';
import { localDay } from '../core/calendar.ts';
import { pageFormAt } from './runtime/screenModel';

loadScreenTexts();

// A list is what most menus open: forms (rjsf and its validator), documents and reports are chunks of their own.
const FormPage = lazyNamed(() => import('./forms/FormPage'), 'FormPage');
const DocumentPage = lazyNamed(() => import('./document/DocumentPage'), 'DocumentPage');
const ReportTabs = lazyNamed(() => import('./report/ReportTabs'), 'ReportTabs');

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
  if (pageForm?.form.mode === 'document')
    return <Suspense fallback={<PageLoader />}><DocumentPage key={`${load.screen.name}:${pageForm.name}:${JSON.stringify(query)}`} set={load.set} screen={load.screen} name={pageForm.name} form={pageForm.form} /></Suspense>;
  if (pageForm) return <Suspense fallback={<PageLoader />}><FormPage key={`${load.screen.name}:${pageForm.name}`} set={load.set} screen={load.screen} name={pageForm.name} form={pageForm.form} /></Suspense>;
  if (screen?.report?.tabs) return <Suspense fallback={<PageLoader />}><ReportTabs key={screen.name} set={load.set} screen={screen} /></Suspense>;
  return <ListScreen key={load.screen.name} set={load.set} screen={screen ?? load.screen} />;
}
