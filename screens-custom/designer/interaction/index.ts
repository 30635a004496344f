export * from './snap.ts';
export * from './resize.ts';
