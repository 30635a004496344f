import type { DescriptorSet, ScreenDescriptor } from '../core/descriptors/index.ts';

/** What a list screen hands its panels: the descriptors (to resolve routes) and the filters it applied. */
export interface PanelProps {
  set: DescriptorSet;
  screen: ScreenDescriptor;
  request: Record<string, unknown>;
}
