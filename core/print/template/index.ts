export * from './types.ts';
export * from './registry.ts';
export { validateTemplate, emptyTemplate, REMOVED_TABLE_CUSTOM, type ValidateOptions } from './validate.ts';
