/**
 * The descriptor model: types, cross-checks and derived forms. Pure TypeScript. Loading files against the meta-schemas
 * (load.ts: ajv and the meta-schemas, compiled as it loads) is imported from load.ts itself, by the server and the
 * scripts only: the browser gets descriptors the server validated, and its list screens carry no validator.
 */
export * from './types.ts';
export * from './check.ts';
export * from './resource.ts';
export * from './forms.ts';
export * from './dates.ts';
