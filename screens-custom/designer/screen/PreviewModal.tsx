/** Print preview: exactly the pages that print (paginated by core/paginate, drawn by the registry). */
import { Button, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paginateTemplate } from '../../../core/print/paginate/index.ts';
import { PrintPages } from '../preview/PrintPages.tsx';
import { useDesigner, type DesignerStore } from '../state/designerStore.ts';

export function PreviewModal({ store, opened, onClose, onPrint }: { store: DesignerStore; opened: boolean; onClose: () => void; onPrint?: () => void }) {
  const { t } = useTranslation();
  const template = useDesigner(store, (s) => s.settled);
  const pagination = useMemo(() => (opened ? paginateTemplate(template) : null), [template, opened]);
  return (
    <Modal opened={opened} onClose={onClose} size="auto" title={t('ui.preview')} data-testid="preview-modal" centered>
      {pagination && (
        <>
          <Group justify="space-between" mb="xs">
            <Text size="sm" data-testid="preview-page-count">{t('ui.pages', { count: pagination.pages.length })}</Text>
            {onPrint && <Button size="xs" onClick={onPrint} data-testid="preview-print">{t('ui.print')}</Button>}
          </Group>
          <ScrollArea h="75vh" type="auto" style={{ background: '#e9ecef', padding: 12 }}>
            <div data-testid="preview-pages"><PrintPages template={template} pagination={pagination} screenLayout /></div>
          </ScrollArea>
        </>
      )}
    </Modal>
  );
}
