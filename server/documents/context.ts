import type { DocumentDecl, ResourceDescriptor } from '../../core/descriptors/types.ts';

/** A document as the layer handles it: its header resource, its lines resource and its declaration. */
export interface DocContext {
  header: ResourceDescriptor;
  /** The lines resource; absent for a header-only document (a petty-cash spend, an attendance request). */
  lines?: ResourceDescriptor;
  doc: DocumentDecl;
}

export function docContext(r: ResourceDescriptor, resources: ReadonlyMap<string, ResourceDescriptor>): DocContext {
  const doc = r.document!;
  if (!doc.lines) return { header: r, doc };
  const lines = resources.get(doc.lines.resource);
  if (!lines) throw new Error(`${r.name}: lines resource "${doc.lines.resource}" not loaded`);
  return { header: r, lines, doc };
}
