import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DESCRIPTOR_TYPES, descriptorTypesSource } from '../../scripts/descriptorTypes.ts';

const root = path.resolve(import.meta.dirname, '../..');

// The descriptor model's types are generated from the meta-schemas that validate the files: a meta-schema changed
// without `npm run schemas:types` would let the code read descriptors the schema no longer describes.
it.each(DESCRIPTOR_TYPES)('$out is generated from $schema (else: npm run schemas:types)', async (t) => {
  expect(readFileSync(path.join(root, t.out), 'utf8') === (await descriptorTypesSource(t.schema, t.name))).toBe(true);
}, 60_000);
