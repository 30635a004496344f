import type { DescriptorSet, ResourceDescriptor, ScreenDescriptor } from '../model/index.ts';

/**
 * Every descriptor, bundled into the engine's lazy chunk. They were validated and cross-checked by
 * `npm run schemas:check` (and the server refuses to start on a broken one), so the browser only indexes them.
 */
const resourceFiles = import.meta.glob<ResourceDescriptor>('../../schemas/resources/*.json', { eager: true, import: 'default' });
const screenFiles = import.meta.glob<ScreenDescriptor>('../../schemas/screens/*.json', { eager: true, import: 'default' });

function index(): DescriptorSet {
  const set: DescriptorSet = { resources: new Map(), screens: new Map(), files: new Map() };
  for (const [file, resource] of Object.entries(resourceFiles)) {
    set.resources.set(resource.name, resource);
    set.files.set(resource, file);
  }
  for (const [file, screen] of Object.entries(screenFiles)) {
    set.screens.set(screen.name, screen);
    set.files.set(screen, file);
  }
  return set;
}

export const descriptors: DescriptorSet = index();
