import { i18n } from '../../src/i18n/i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

/**
 * The labels descriptors name (engine/i18n/*.json, checked by schemas:check), added to the shell's
 * i18next when the engine chunk loads, so the login bundle does not carry them.
 */
let loaded = false;

export function loadScreenTexts(): void {
  if (loaded) return;
  loaded = true;
  // Deep merge without overwriting: the engine's own UI texts (engine/i18n/*.ts) stay as they are.
  i18n.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
  i18n.addResourceBundle('en', 'translation', en, true, false);
}
