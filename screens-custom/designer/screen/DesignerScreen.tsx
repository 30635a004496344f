/**
 * The print-template designer screen (spec 001 §2): toolbar, element palette, the page tab bar and
 * the editable paper, the settings side panel, context menus and the keyboard. The host (the
 * template page) owns loading and saving; this screen owns the template while it is edited.
 */
import { DndContext, MeasuringStrategy, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { ActionIcon, Alert, Button, Group, Modal, ScrollArea, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { snapTo } from '../interaction/snap.ts';
import { units } from '../../../core/print/paper/index.ts';
import type { PrintTemplate } from '../../../core/print/template/index.ts';
import { pluginFor } from '../elements/registry.ts';
import { DESIGNER_LANGUAGES, createDesignerI18n } from '../i18n/index.ts';
import type { HostContext } from '../properties/catalogue.ts';
import '../render/designer.css';
import { canRedo, canUndo, createDesignerStore, useDesigner, type DesignerStore } from '../state/designerStore.ts';
import { addElement, clearPanel, updatePanel } from '../state/templateOps.ts';
import { ContextMenus } from './ContextMenus.tsx';
import { Palette } from './Palette.tsx';
import { PanelTabs } from './PanelTabs.tsx';
import { PAPER_DROP_ID, type CanvasMenu } from './PaperCanvas.tsx';
import { PanelStack } from './PanelStack.tsx';
import { PreviewModal } from './PreviewModal.tsx';
import { OutputActions } from '../print/OutputActions.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { clipboardActions, useDesignerKeys } from './useDesignerKeys.ts';

export interface DesignerScreenProps {
  initial: PrintTemplate;
  name: string;
  businessType: string | null;
  businessTypes: ReadonlyArray<{ value: string; label: string }>;
  host?: HostContext;
  language?: string;
  saving?: boolean;
  /** a returned promise that resolves marks what was sent as saved (leaving then asks nothing) */
  onSave(input: { template: PrintTemplate; name: string; businessType: string }): void | Promise<unknown>;
  /** 返回列表; asked first (模板有未保存的修改…) while the template differs from what was last saved */
  onBack?(): void;
  onPrint?(template: PrintTemplate): void;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** What a save stores, as one comparable string: unsaved work is a current one that differs from the last saved. */
function savedForm(template: PrintTemplate, name: string, businessType: string | null): string {
  return JSON.stringify({ template, name: name.trim(), businessType: businessType ?? null });
}

function Toolbar({ store, props, name, setName, businessType, setBusinessType, onPreview, language, setLanguage, onBack, onSaved }: {
  store: DesignerStore; props: DesignerScreenProps; name: string; setName: (v: string) => void; businessType: string | null;
  setBusinessType: (v: string | null) => void; onPreview: () => void; language: string; setLanguage: (v: string) => void;
  onBack?: () => void; onSaved: (form: string) => void;
}) {
  const { t } = useTranslation();
  const history = useDesigner(store, (s) => s.history);
  const scale = useDesigner(store, (s) => s.settled.panels[s.activePanel].scale ?? 1);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!name.trim()) return setError(t('ui.required', { field: t('ui.templateName') }));
    if (!businessType) return setError(t('ui.requiredChoice', { field: t('ui.businessType') }));
    setError(null);
    const template = store.get().template;
    const sent = savedForm(template, name, businessType);
    // a failed save is reported by the API client; the work stays unsaved
    void Promise.resolve(props.onSave({ template, name: name.trim(), businessType })).then(() => onSaved(sent), () => {});
  };
  return (
    <div>
      <Group gap="xs" wrap="wrap" data-testid="designer-toolbar">
        {onBack && <Button size="xs" variant="default" onClick={onBack} data-testid="designer-back">{t('ui.back')}</Button>}
        <TextInput size="xs" placeholder={t('ui.templateName')} value={name} maxLength={50} onChange={(e) => setName(e.currentTarget.value)} data-testid="designer-name" w={180} />
        <Select size="xs" placeholder={t('ui.requiredChoice', { field: t('ui.businessType') })} data={[...props.businessTypes]} value={businessType} onChange={setBusinessType} data-testid="designer-business-type" w={140} />
        <Tooltip label="Ctrl+Z"><ActionIcon variant="default" disabled={!canUndo(history)} onClick={() => store.undo()} data-testid="designer-undo" aria-label={t('ui.undo')}>↶</ActionIcon></Tooltip>
        <Tooltip label="Ctrl+Shift+Z"><ActionIcon variant="default" disabled={!canRedo(history)} onClick={() => store.redo()} data-testid="designer-redo" aria-label={t('ui.redo')}>↷</ActionIcon></Tooltip>
        <Select size="xs" w={90} aria-label={t('ui.zoom')} data={ZOOMS.map((z) => ({ value: String(z), label: `${z * 100}%` }))} value={String(scale)} data-testid="designer-zoom"
          onChange={(v) => {
            const s = store.get();
            if (v) store.commit('zoom', updatePanel(s.template, s.activePanel, (p) => ({ ...p, scale: Number(v) })));
          }} />
        <Button size="xs" variant="default" color="red" data-testid="designer-clear" onClick={() => {
          const s = store.get();
          store.commit('clear', clearPanel(s.template, s.activePanel), { selection: [], cellRange: null, column: null });
        }}>{t('ui.clear')}</Button>
        <Button size="xs" variant="default" onClick={onPreview} data-testid="designer-preview">{t('ui.preview')}</Button>
        <Button size="xs" onClick={save} loading={props.saving} data-testid="designer-save">{t('ui.save')}</Button>
        <OutputActions getTemplate={() => store.get().template} name={name} />
        <Select size="xs" w={110} aria-label={t('ui.language')} data={DESIGNER_LANGUAGES.map((l) => ({ ...l }))} value={language} onChange={(v) => v && setLanguage(v)} data-testid="designer-language" />
      </Group>
      {error && <Alert color="red" p={6} mt={6} data-testid="designer-error">{error}</Alert>}
    </div>
  );
}

/** 返回列表 with unsaved work: 离开 goes (the work is dropped), 取消 stays in the designer. */
function LeaveQuestion({ opened, onLeave, onStay }: { opened: boolean; onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onStay} title={t('ui.unsavedTitle')} centered size="sm" data-testid="designer-leave-question">
      <Text size="sm" data-testid="designer-leave-message">{t('ui.unsavedLeave')}</Text>
      <Group justify="flex-end" gap="xs" mt="md">
        <Button variant="default" onClick={onStay} data-testid="designer-leave-cancel">{t('ui.cancel')}</Button>
        <Button color="red" onClick={onLeave} data-testid="designer-leave-confirm">{t('ui.leave')}</Button>
      </Group>
    </Modal>
  );
}

export function DesignerScreen(props: DesignerScreenProps) {
  const store = useMemo(() => createDesignerStore(props.initial), [props.initial]);
  const [language, setLanguage] = useState(props.language ?? 'zh-CN');
  const i18n = useMemo(() => createDesignerI18n(language), [language]);
  const [name, setName] = useState(props.name);
  const [businessType, setBusinessType] = useState<string | null>(props.businessType);
  const [menu, setMenu] = useState<CanvasMenu | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const clipboard = useMemo(() => clipboardActions(store), [store]);
  useDesignerKeys(store, clipboard, !previewing && !leaving);

  // Unsaved work: the template, name and business type against what was opened or last saved.
  const opened = useMemo(() => savedForm(props.initial, props.name, props.businessType), [props.initial, props.name, props.businessType]);
  const saved = useRef(opened);
  useEffect(() => {
    saved.current = opened;
  }, [opened]);
  const form = useRef({ name, businessType });
  form.current = { name, businessType };
  const unsaved = () => savedForm(store.get().template, form.current.name, form.current.businessType) !== saved.current;
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [store]);
  const onBack = props.onBack && (() => (unsaved() ? setLeaving(true) : props.onBack!()));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const host: HostContext = useMemo(() => {
    const given = props.host ?? {};
    return given.fieldsFor ? { ...given, fields: given.fieldsFor(businessType) } : given;
  }, [props.host, businessType]);

  const onDragEnd = (e: DragEndEvent) => {
    const type = (e.active.data.current as { type?: string } | undefined)?.type;
    const dropped = e.active.rect.current.translated;
    if (!type || e.over?.id !== PAPER_DROP_ID || !dropped) return;
    const paper = e.over.rect;
    const s = store.get();
    const panel = s.template.panels[s.activePanel];
    // the drop point in pt from the paper's on-screen rectangle (zoom included)
    const left = snapTo(((dropped.left - paper.left) / paper.width) * units.mmToPt(panel.width), 3);
    const top = snapTo(((dropped.top - paper.top) / paper.height) * units.mmToPt(panel.height), 3);
    try {
      const element = pluginFor(type).create({ left: Math.max(0, left), top: Math.max(0, top) });
      store.commit('add', addElement(s.template, s.activePanel, element), { selection: [panel.printElements.length], cellRange: null, column: null });
      setDropError(null);
    } catch (err) {
      setDropError((err as Error).message);
    }
  };

  return (
    <I18nextProvider i18n={i18n}>
      {/* the paper is measured while dragging: the canvas may scroll under the pointer (auto-scroll) */}
      <DndContext sensors={sensors} onDragEnd={onDragEnd} measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}>
        <div data-testid="designer" style={{ display: 'grid', gridTemplateColumns: '150px minmax(0, 1fr) 320px', gridTemplateRows: 'auto minmax(0, 1fr)', gap: 8, height: 'calc(100vh - 150px)', minHeight: 560 }}>
          <div style={{ gridColumn: '1 / 4' }}>
            <Toolbar store={store} props={props} name={name} setName={setName} businessType={businessType} setBusinessType={setBusinessType}
              onPreview={() => setPreviewing(true)} language={language} setLanguage={setLanguage} onBack={onBack}
              onSaved={(sent) => { saved.current = sent; }} />
            {dropError && <Alert color="red" p={6} mt={6} data-testid="designer-drop-error">{dropError}</Alert>}
          </div>
          <ScrollArea type="auto"><Palette /></ScrollArea>
          <div style={{ display: 'flex', flexDirection: 'column', minHeight: 0, background: '#f1f3f5', borderRadius: 4 }}>
            <div style={{ padding: '4px 8px', background: '#fff' }}><PanelTabs store={store} /></div>
            <ScrollArea type="auto" style={{ flex: 1 }} data-testid="designer-canvas">
              <PanelStack store={store} onMenu={setMenu} />
            </ScrollArea>
          </div>
          <div style={{ minHeight: 0, borderLeft: '1px solid #e9ecef', paddingLeft: 8 }}>
            <SettingsPanel store={store} host={host} />
          </div>
        </div>
        <ContextMenus store={store} menu={menu} onClose={() => setMenu(null)} clipboard={clipboard} />
        <LeaveQuestion opened={leaving} onStay={() => setLeaving(false)} onLeave={() => { setLeaving(false); props.onBack?.(); }} />
        <PreviewModal store={store} opened={previewing} onClose={() => setPreviewing(false)} onPrint={props.onPrint ? () => props.onPrint!(store.get().template) : undefined} />
      </DndContext>
    </I18nextProvider>
  );
}
