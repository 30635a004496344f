import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDescriptorDirs } from './descriptorFiles.ts';
import { resourcesOfScreen } from './screenDescriptors.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { set } = loadDescriptorDirs([path.join(ROOT, 'schemas'), path.join(ROOT, 'tests/fixtures/engine-module')]);

describe('the resources sent with a screen descriptor', () => {
  it('are its own resource when it names no other', () => {
    expect(resourcesOfScreen(set, set.screens.get('fx-gadget')!).map((r) => r.name)).toEqual(['fx-gadget']);
  });

  it('include every resource a "resource#routeId" reference names, once, and ignore unknown prefixes', () => {
    const screen = structuredClone(set.screens.get('fx-gadget')!);
    screen.rowActions = [
      ...(screen.rowActions ?? []),
      { id: 'shop', label: 'engine.actions.detail', kind: 'call', endpoint: 'shop-base#info' },
      { id: 'shop2', label: 'engine.actions.detail', kind: 'call', endpoint: 'shop-base#list' },
      { id: 'other', label: 'engine.actions.detail', kind: 'link', to: '/x', query: { a: 'no-such#thing' } },
    ];
    screen.forms = { ...screen.forms, wh: { title: 'fxGadget.title', fields: ['name'], load: 'wh-base-info#detail' } };
    expect(resourcesOfScreen(set, screen).map((r) => r.name).sort()).toEqual(['fx-gadget', 'shop-base', 'wh-base-info']);
  });

  it('include the resources a form\'s reference selects read (the SKU form\'s SPU and supplier lists)', () => {
    expect(resourcesOfScreen(set, set.screens.get('pd-sku')!).map((r) => r.name).sort()).toEqual(['pd-sku', 'pd-spu', 'pd-supplier']);
  });
});
