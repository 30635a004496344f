export * from './snap.ts';
export * from './resize.ts';
export * from './imageSize.ts';
