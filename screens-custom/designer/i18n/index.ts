/**
 * The designer's own i18next instance (its dictionaries are its own: zh-CN default, en, de, es, fr),
 * starting in the shell's language and switchable inside the designer.
 */
import i18next from 'i18next';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { zhCN } from './zh-CN.ts';

export const DESIGNER_LANGUAGES = [
  { value: 'zh-CN', label: '中文' }, { value: 'en', label: 'English' }, { value: 'de', label: 'Deutsch' },
  { value: 'es', label: 'Español' }, { value: 'fr', label: 'Français' },
] as const;
export const DESIGNER_DICTIONARIES = { 'zh-CN': zhCN, en, de, es, fr } as const;

export function createDesignerI18n(language: string) {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(Object.entries(DESIGNER_DICTIONARIES).map(([k, v]) => [k, { translation: v }])),
    lng: language in DESIGNER_DICTIONARIES ? language : 'zh-CN',
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
