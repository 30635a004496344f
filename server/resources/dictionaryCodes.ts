import type { DescriptorError, DescriptorSet } from '../../core/descriptors/types.ts';

/**
 * Descriptor errors for dictionary codes no dictionaries/*.json ships: a field's `x-dictionary`, a column's or
 * filter's `dictionary`, a form widget's `ui:options.dictionary`. A tenant would get no labels for them (the
 * 数据字典 page can add codes, but a module must not rely on someone doing so).
 */
export function unknownDictionaryCodes(set: DescriptorSet, known: ReadonlySet<string>): DescriptorError[] {
  const errors: DescriptorError[] = [];
  const check = (file: string, pointer: string, code: unknown) => {
    if (typeof code === 'string' && !known.has(code)) errors.push({ file, pointer, message: `dictionary "${code}" is in no dictionaries/*.json (a tenant would have no labels for it)` });
  };
  for (const r of set.resources.values()) {
    const file = set.files.get(r) ?? r.name;
    for (const [name, f] of Object.entries(r.fields)) check(file, `/fields/${name}/x-dictionary`, f['x-dictionary']);
  }
  // Anywhere in a screen: columns, filters, form uiSchemas.
  const walk = (file: string, node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((x, i) => walk(file, x, `${pointer}/${i}`));
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        const at = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (k === 'dictionary') check(file, at, v);
        else walk(file, v, at);
      }
    }
  };
  for (const s of set.screens.values()) walk(set.files.get(s) ?? s.name, s, '');
  return errors;
}
