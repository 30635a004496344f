import { Ajv } from 'ajv';
import dictionariesMeta from '../../schemas/meta/dictionaries.schema.json';
import type { ResourceDescriptor } from '../../core/descriptors/types.ts';
import { schemaJsonFiles } from '../db/seed/schemaJsonFiles.ts';

export interface DictionaryItem {
  label: string;
  value: string;
}

/** Code -> items in order, and where each code is declared (`file#/dictionaries/<code>`, for error messages). */
export interface Dictionaries {
  items: Map<string, DictionaryItem[]>;
  where: Map<string, string>;
}

const validate = new Ajv({ allErrors: true, strict: false }).compile<{ dictionaries: Record<string, DictionaryItem[]> }>(dictionariesMeta);

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The shipped data dictionaries: dictionaries/*.json of every schema directory (checked against
 * schemas/meta/dictionaries.schema.json), in directory then file-name order, plus the labels the document
 * descriptors give (`docType`: a document's `stockLog` label under its type, so 库存流水 names what moved the
 * stock). A code declared twice, or a value twice within a code, is an error naming file and JSON pointer.
 */
export function readDictionaries(dirs: string[], resources: Iterable<ResourceDescriptor> = []): Dictionaries & { errors: string[] } {
  const items = new Map<string, DictionaryItem[]>();
  const where = new Map<string, string>();
  const errors: string[] = [];
  for (const { file, json } of schemaJsonFiles(dirs, 'dictionaries', validate, errors)) {
  for (const [code, list] of Object.entries(json.dictionaries)) {
    const at = `${file}#/dictionaries/${pointer(code)}`;
    if (where.has(code)) {
      errors.push(`${at} dictionary "${code}" is already declared in ${where.get(code)}`);
      continue;
    }
    const values = new Map<string, number>();
    list.forEach((item, i) => {
      if (values.has(item.value)) errors.push(`${at}/${i}/value value "${item.value}" is already item ${values.get(item.value)}`);
      values.set(item.value, i);
    });
    where.set(code, at);
    items.set(code, list);
  }
  }
  // 库存流水's 类型: each document that posts stock names its label in its document block.
  for (const r of resources) {
    const label = r.document?.stockLog;
    if (!label) continue;
    const list = items.get('docType') ?? [];
    if (!items.has('docType')) {
      items.set('docType', list);
      where.set('docType', `schemas/resources/${r.name}.json#/document/stockLog`);
    }
    if (list.some((x) => x.value === r.document!.type)) errors.push(`schemas/resources/${r.name}.json#/document/type docType "${r.document!.type}" already has a label`);
    else list.push({ label, value: r.document!.type });
  }
  return { items, where, errors };
}
