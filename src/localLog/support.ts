// Pure and Dexie-free: start-up imports it before the local log database is loaded.

/** What the page must tell the user at start-up about local storage support (pure). */
export function storageSupportProblems(env: { indexedDB: unknown; localStorage: unknown; sessionStorage: unknown }): ('noIndexedDb' | 'noStorage')[] {
  const problems: ('noIndexedDb' | 'noStorage')[] = [];
  if (!env.indexedDB) problems.push('noIndexedDb');
  if (!env.localStorage || !env.sessionStorage) problems.push('noStorage');
  return problems;
}
