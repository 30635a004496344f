/**
 * Pages that know whether they hold unsaved changes (a document page being edited) register here, by their
 * view path. Closing such a tab asks only when it has changes; pages that do not register keep the rule of
 * spec 000 §2 (third-level pages always ask).
 */
const pages = new Map<string, () => boolean>();

/** Registers the page at `path`; returns the unregister function (call it on unmount). */
export function trackUnsaved(path: string, hasChanges: () => boolean): () => void {
  pages.set(path, hasChanges);
  return () => {
    if (pages.get(path) === hasChanges) pages.delete(path);
  };
}

/** true / false for a page that tracks its changes, undefined for one that does not. */
export function unsavedAt(path: string): boolean | undefined {
  const page = pages.get(path);
  return page ? page() : undefined;
}
