import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

export type Translate<K extends string> = (key: K, values?: Record<string, unknown>) => string;

/**
 * A hand-written screen's own labels, zh-CN (default) and en, added to the shell's i18next as namespace `ns` when the
 * screen's chunk loads (so the login bundle and the shell carry none of them; the register's strings travel with the
 * register). `en` must name exactly the keys of `zh` (the types say so; tests/unit/screenLabels.test.ts checks too).
 * `useT` re-renders on a language change; `t` is for code outside components (notices, receipts, thrown errors).
 */
export function screenLabels<K extends string>(ns: string, zh: Record<K, string>, en: Record<K, string>) {
  i18n.addResourceBundle('zh-CN', ns, zh, true, true);
  i18n.addResourceBundle('en', ns, en, true, true);
  const t: Translate<K> = (key, values) => i18n.t(key, { ns, ...values }) as string;
  const useT = (): Translate<K> => {
    const fixed = useTranslation(ns, { i18n }).t as unknown as (key: string, values?: Record<string, unknown>) => string;
    return fixed as Translate<K>;
  };
  return { ns, zh, en, t, useT };
}
