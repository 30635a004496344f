import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { zhCN } from './zh-CN';

export const LANGUAGE_KEY = 'language';
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

export function savedLanguage(): LanguageCode {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(saved ?? '') ? (saved as LanguageCode) : 'zh-CN';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // English is fetched only for a user who reads it (loadEnglish), so the login bundle carries Chinese alone.
  // A copy: i18next merges later bundles (the engine's texts) into the object it holds, and the module's must stay the
  // shell's own (i18n.test.ts compares the two languages' keys).
  resources: { 'zh-CN': { translation: structuredClone(zhCN) } },
  lng: savedLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  initAsync: false,
});

let english: Promise<void> | null = null;

/** The shell's English texts, fetched once; main.tsx awaits them before the first render when English is saved. */
export function loadEnglish(): Promise<void> {
  return (english ??= import('./en').then(({ en }) => {
    i18n.addResourceBundle('en', 'translation', structuredClone(en), true, true);
  }));
}

export function switchLanguage(language: LanguageCode): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void (language === 'en' ? loadEnglish() : Promise.resolve()).then(() => i18n.changeLanguage(language));
}
