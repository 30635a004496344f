import path from 'node:path';
import engineZh from '../../core/descriptors/i18n/zh-CN.json';
import type { DescriptorSet } from '../../core/descriptors/index.ts';
import { dirOfFile, readModuleTexts } from './screenDescriptors.ts';

const lookup = (texts: unknown, key: string): string | undefined => {
  const v = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), texts);
  return typeof v === 'string' ? v : undefined;
};

/**
 * The Chinese name a server export's file carries, by "resource#routeId": the screen's export file name
 * (screen.export.fileName, e.g. 供应商列表), so the server's file is named like the browser's
 * (供应商列表_20261123160954.csv). A route no screen names keeps the resource's title.
 */
export function exportFileTitles(set: DescriptorSet, schemaDirs: string[]): Map<string, string> {
  const textsByDir = new Map(schemaDirs.map((d) => [path.resolve(d), readModuleTexts(d)['zh-CN']]));
  const out = new Map<string, string>();
  for (const screen of set.screens.values()) {
    const ex = screen.export;
    if (!ex?.server || !ex.fileName) continue;
    const file = set.files.get(screen);
    const title = (file && lookup(textsByDir.get(dirOfFile(file)), ex.fileName)) ?? lookup(engineZh, ex.fileName);
    const [resource, routeId] = ex.server.includes('#') ? ex.server.split('#') : [screen.resource, ex.server];
    if (title) out.set(`${resource}#${routeId}`, title);
  }
  return out;
}
