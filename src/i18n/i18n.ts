import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
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
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: savedLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function switchLanguage(language: LanguageCode): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}
