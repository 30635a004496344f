import { Ajv, type ErrorObject } from 'ajv';
import resourceMeta from '../../schemas/meta/resource.schema.json';
import screenMeta from '../../schemas/meta/screen.schema.json';
import type { DescriptorError, DescriptorSet, ResourceDescriptor, ScreenDescriptor } from './types.ts';

/** One descriptor file as read from disk (or bundled by the browser build). */
export interface DescriptorFile {
  /** Path for messages, e.g. schemas/resources/shop-base.json. */
  file: string;
  /** Its text, or already parsed JSON. */
  content: string | unknown;
}

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat('regex', (s: string) => {
  try {
    new RegExp(s, 'u');
    return true;
  } catch {
    return false;
  }
});
const validateResource = ajv.compile(resourceMeta);
const validateScreen = ajv.compile(screenMeta);

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** ajv's error as file + JSON pointer + message; the pointer names the offending property itself. */
function toError(file: string, e: ErrorObject): DescriptorError {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') {
    return { file, pointer: `${e.instancePath}/${escapePointer(String(p.additionalProperty))}`, message: 'unknown property' };
  }
  if (e.keyword === 'required') {
    return { file, pointer: `${e.instancePath}/${escapePointer(String(p.missingProperty))}`, message: 'required property missing' };
  }
  if (e.keyword === 'enum') {
    return { file, pointer: e.instancePath, message: `must be one of ${JSON.stringify(p.allowedValues)}` };
  }
  return { file, pointer: e.instancePath, message: e.message ?? e.keyword };
}

/** Which meta-schema a file needs: by its folder (resources/ or screens/). */
export function kindOf(file: string): 'resource' | 'screen' | null {
  const f = file.replace(/\\/g, '/');
  if (/(^|\/)resources\/[^/]+\.json$/.test(f)) return 'resource';
  if (/(^|\/)screens\/[^/]+\.json$/.test(f)) return 'screen';
  return null;
}

/**
 * Parses and validates descriptor files against their meta-schemas and indexes them by name.
 * Files that fail are reported and left out; the set holds only valid descriptors.
 */
export function loadDescriptors(files: DescriptorFile[]): { set: DescriptorSet; errors: DescriptorError[] } {
  const set: DescriptorSet = { resources: new Map(), screens: new Map(), files: new Map() };
  const errors: DescriptorError[] = [];
  for (const { file, content } of files) {
    const kind = kindOf(file);
    if (!kind) {
      errors.push({ file, pointer: '', message: 'not under a resources/ or screens/ folder' });
      continue;
    }
    let json: unknown = content;
    if (typeof content === 'string') {
      try {
        json = JSON.parse(content);
      } catch (err) {
        errors.push({ file, pointer: '', message: `invalid JSON: ${(err as Error).message}` });
        continue;
      }
    }
    const validate = kind === 'resource' ? validateResource : validateScreen;
    if (!validate(json)) {
      for (const e of validate.errors ?? []) if (e.keyword !== 'if') errors.push(toError(file, e));
      continue;
    }
    const d = json as unknown as ResourceDescriptor | ScreenDescriptor;
    // A relative path to the meta-schema (../meta/... inside schemas/; longer from a module directory elsewhere).
    const expected = `meta/${kind}.schema.json`;
    if (typeof d.$schema !== 'string' || !/^(\.\.\/)+/.test(d.$schema) || !d.$schema.endsWith(`/${expected}`))
      errors.push({ file, pointer: '/$schema', message: `must be the relative path of ${expected} (../meta/${kind}.schema.json in schemas/) so editors complete the file` });
    const base = file.replace(/\\/g, '/').split('/').pop()!.replace(/\.json$/, '');
    if (d.name !== base) errors.push({ file, pointer: '/name', message: `must equal the file name "${base}"` });
    const index = kind === 'resource' ? set.resources : set.screens;
    if (index.has(d.name)) {
      errors.push({ file, pointer: '/name', message: `duplicate ${kind} name "${d.name}" (also in ${set.files.get(index.get(d.name)!)})` });
      continue;
    }
    (index as Map<string, typeof d>).set(d.name, d);
    set.files.set(d, file);
  }
  return { set, errors };
}

export const formatError = (e: DescriptorError) => `${e.file}#${e.pointer} ${e.message}`;
