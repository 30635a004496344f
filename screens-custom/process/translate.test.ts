import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translateZh } from './translate';

const ROOT = path.resolve(import.meta.dirname, '../../node_modules');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (name.endsWith('.js')) yield readFileSync(p, 'utf8');
  }
}

/** Every text the modeler shows through its translate service: translate('…') calls and the replace menu's labels. */
function modelerTexts(): string[] {
  const texts = new Set<string>();
  for (const dir of ['bpmn-js/lib', 'diagram-js/lib'])
    for (const code of sources(path.join(ROOT, dir))) for (const m of code.matchAll(/translate\(\s*['"]([^'"]+)['"]/g)) texts.add(m[1]);
  const replace = readFileSync(path.join(ROOT, 'bpmn-js/lib/features/replace/ReplaceOptions.js'), 'utf8');
  for (const m of replace.matchAll(/label: ['"]([^'"]+)['"]/g)) texts.add(m[1]);
  // Not texts: ids, a key combination, the library's own example.
  return [...texts].filter((t) => !t.startsWith('replace-with-') && t.trim() !== '+ shift +' && t !== 'HELLO {you}');
}

describe('the BPMN modeler in Chinese', () => {
  it('has Chinese for every palette, context pad, replace menu and search text bpmn-js shows', () => {
    const texts = modelerTexts();
    expect(texts.length).toBeGreaterThan(40);
    expect(texts.filter((t) => !/[\u4e00-\u9fff]/.test(translateZh(t)))).toEqual([]);
  });

  it('fills placeholders as bpmn-js does', () => {
    expect(translateZh('Open {element}', { element: '审批' })).toBe('打开 审批');
  });
});
