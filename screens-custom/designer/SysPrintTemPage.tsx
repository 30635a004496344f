/**
 * /storageManage/sysPrintTem: the template list, and the designer for one template (?id=) or a new
 * one (?id=new). Stored templates are validated by the core model before the designer opens them.
 */
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { queryClient } from '../../src/api/queryClient';
import { notifySuccess } from '../../src/feedback/notify';
import { appState } from '../../src/store/appStore';
import { reserveUploadQueueBottom } from '../../src/upload/uploadQueue';
import { printTemplateApi } from './api.ts';
import { emptyTemplate, validateTemplate, type PrintTemplate } from '../../core/print/template/index.ts';
import { createDesignerI18n } from './i18n/index.ts';
import { fieldsForBusinessType } from './page/businessFields.ts';
import { chooseImageFile } from './page/chooseImage.ts';
import { PRINT_FONTS } from './page/printFonts.ts';
import type { HostContext } from './properties/catalogue.ts';
import { TemplateList, templateKeys } from './page/TemplateList.tsx';
import { printInFrame } from './print/index.ts';
import { renderPreviewHtml } from './preview/previewHtml.ts';
import { DesignerScreen } from './screen/DesignerScreen.tsx';

/** What this page offers the designer's property editors (spec 001 §7: fonts, fields, image chooser). */
const HOST: HostContext = {
  fonts: PRINT_FONTS,
  fieldsFor: fieldsForBusinessType,
  chooseImage: chooseImageFile,
};

/** Height kept free below the upload queue panel for the settings panel's button row. */
const DESIGNER_BUTTON_ROW_PX = 56;

/** The designer's field lists: a document type's fields come from its descriptors on the server, the other types' from businessFields.ts. */
function useHost(businessTypes: Array<{ value: string; label: string }>): HostContext {
  const documentFields = useQuery({
    queryKey: [...templateKeys.businessTypes(), 'fields'],
    queryFn: async () => Object.fromEntries(await Promise.all(businessTypes.map(async (t) => [t.value, await printTemplateApi.businessFields(t.value)] as const))),
    enabled: businessTypes.length > 0,
    staleTime: 5 * 60_000,
  });
  return useMemo(() => ({ ...HOST, fieldsFor: (type: string | null) => fieldsForBusinessType(type, documentFields.data?.[type ?? '']) }), [documentFields.data]);
}

function Designer({ id, language, businessTypes, onBack }: { id: number | null; language: string; businessTypes: Array<{ value: string; label: string }>; onBack: () => void }) {
  const i18n = useMemo(() => createDesignerI18n(language), [language]);
  const host = useHost(businessTypes);
  const [, setParams] = useSearchParams();
  // the settings panel's confirm and delete buttons sit at the bottom right, where the upload queue floats
  useEffect(() => reserveUploadQueueBottom(DESIGNER_BUTTON_ROW_PX), []);
  const record = useQuery({ queryKey: templateKeys.info(id ?? 0), queryFn: () => printTemplateApi.info(id!), enabled: id !== null, staleTime: 0 });
  const loaded = useMemo(() => {
    if (id === null) return { ok: true as const, template: emptyTemplate() };
    if (!record.data) return null;
    return validateTemplate(record.data.template);
  }, [id, record.data]);
  const save = useMutation({
    mutationFn: (input: { template: PrintTemplate; name: string; businessType: string }) =>
      id === null ? printTemplateApi.add(input) : printTemplateApi.edit(id, input),
    onSuccess: (saved) => {
      notifySuccess({ text: i18n.t('ui.saved') });
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      if (id === null) setParams({ id: String(saved.id) }, { replace: true });
    },
  });
  if (id !== null && record.isLoading) return <Loader />;
  if (!loaded) return null;
  if (!loaded.ok) {
    return (
      <Stack>
        <Alert color="red" data-testid="template-load-error">{i18n.t('ui.loadFailed', { message: loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ') })}</Alert>
        <Button variant="default" onClick={onBack}>{i18n.t('ui.back')}</Button>
      </Stack>
    );
  }
  return (
    <DesignerScreen
      key={id ?? 'new'}
      initial={loaded.template}
      name={record.data?.name ?? ''}
      businessType={record.data?.businessType ?? null}
      businessTypes={businessTypes}
      language={language}
      host={host}
      saving={save.isPending}
      onSave={(input) => save.mutateAsync(input)}
      onBack={onBack}
      onPrint={(template) => void printInFrame(renderPreviewHtml(template))}
    />
  );
}

export default function SysPrintTemPage() {
  const { language } = useSnapshot(appState);
  const i18n = useMemo(() => createDesignerI18n(language), [language]);
  const [params, setParams] = useSearchParams();
  const types = useQuery({ queryKey: templateKeys.businessTypes(), queryFn: () => printTemplateApi.businessTypes(), staleTime: 5 * 60_000 });
  const businessTypes = types.data ?? [];
  const idParam = params.get('id');
  const back = () => setParams({}, { replace: false });
  return (
    <I18nextProvider i18n={i18n}>
      <div data-testid="print-template-page">
        {idParam === null
          ? <TemplateList businessTypes={businessTypes} onOpen={(id) => setParams({ id: String(id) })} onCreate={() => setParams({ id: 'new' })} />
          : <Designer id={idParam === 'new' ? null : Number(idParam)} language={language} businessTypes={businessTypes} onBack={back} />}
      </div>
    </I18nextProvider>
  );
}
