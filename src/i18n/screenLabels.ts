import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

export type Translate<K extends string> = (key: K, values?: Record<string, unknown>) => string;
type Dictionary<K extends string> = Record<K, string>;

/**
 * A hand-written screen's own labels, zh-CN (default) and en, added to the shell's i18next as namespace `ns` when the
 * screen's chunk loads (so the login bundle and the shell carry none of them). `en` must name exactly the keys of
 * `zh` (the types say so; tests/unit/screenLiterals.test.ts checks too). `en` may be a loader (`() => import(...)`):
 * then English is fetched only for a user who reads English (at once when the shell's language is en, else on a
 * switch to it) and `ready()` settles when what the current language needs is there, for a screen that awaits it.
 * `useT` re-renders on a language change and when the English arrives; `t` is for code outside components.
 */
export function screenLabels<K extends string>(ns: string, zh: Dictionary<K>, en: Dictionary<K> | (() => Promise<Dictionary<K>>)) {
  i18n.addResourceBundle('zh-CN', ns, zh, true, true);
  if (typeof en !== 'function') i18n.addResourceBundle('en', ns, en, true, true);
  let english: Promise<void> | null = typeof en === 'function' ? null : Promise.resolve();
  const loadEnglish = (): Promise<void> => (english ??= (en as () => Promise<Dictionary<K>>)().then((dict) => {
    i18n.addResourceBundle('en', ns, dict, true, true);
  }));
  const wantsEnglish = (language: string | undefined) => Boolean(language?.startsWith('en'));
  i18n.on('languageChanged', (language: string) => {
    if (wantsEnglish(language)) void loadEnglish();
  });
  const ready = (): Promise<void> => (wantsEnglish(i18n.language) ? loadEnglish() : Promise.resolve());
  const t: Translate<K> = (key, values) => i18n.t(key, { ns, ...values }) as string;
  // bindI18nStore is react-i18next's own option (spread into its settings), missing from its types.
  const options = { i18n, bindI18nStore: 'added' } as Parameters<typeof useTranslation>[1];
  const useT = (): Translate<K> => useTranslation(ns, options).t as unknown as Translate<K>;
  return { ns, zh, t, useT, ready };
}
