/** The descriptor model: types, loading against the meta-schemas, cross-checks and derived forms. Pure TypeScript. */
export * from './types.ts';
export * from './load.ts';
export * from './check.ts';
export * from './resource.ts';
export * from './forms.ts';
export * from './dates.ts';
