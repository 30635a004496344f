import { i18n } from '../../src/i18n/i18n';
import { engineEn } from './en';
import en from '../../core/descriptors/i18n/en.json';
import { engineZhCN } from './zh-CN';
import zhCN from '../../core/descriptors/i18n/zh-CN.json';

/**
 * The engine's own texts (engine.*, zh-CN.ts / en.ts) and the labels descriptors name
 * (engine/i18n/*.json, checked by schemas:check), added to the shell's i18next when the engine chunk
 * loads, so the login bundle carries none of them.
 */
let loaded = false;

export function loadScreenTexts(): void {
  if (loaded) return;
  loaded = true;
  i18n.addResourceBundle('zh-CN', 'translation', { engine: engineZhCN }, true, false);
  i18n.addResourceBundle('en', 'translation', { engine: engineEn }, true, false);
  // Deep merge: the descriptors' engine.actions / engine.confirm join the runtime's engine.* texts.
  i18n.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
  i18n.addResourceBundle('en', 'translation', en, true, false);
}

/** A module directory's labels (its i18n/<lang>.json), served with its screen descriptors (engine/api/screenDescriptor.ts). */
export function addModuleTexts(texts: Record<string, Record<string, unknown>>): void {
  for (const [lang, bundle] of Object.entries(texts)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
}
