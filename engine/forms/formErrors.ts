import type { RJSFValidationError } from '@rjsf/utils';

type Translate = (key: string, values?: Record<string, unknown>) => string;

interface SchemaNode {
  title?: string;
  properties?: Record<string, SchemaNode>;
  'x-msg'?: string;
}

const KEYWORDS: Record<string, string> = {
  required: 'required', maxLength: 'maxLength', minLength: 'minLength', minimum: 'minimum', exclusiveMinimum: 'minimum',
  maximum: 'maximum', exclusiveMaximum: 'maximum', pattern: 'pattern', enum: 'enum', type: 'type', format: 'format', minItems: 'minItems',
};

/** The field an error is about: `.shopName` or `['shop-name']` -> its schema node. */
function fieldOf(error: RJSFValidationError, schema: SchemaNode): { name: string; node: SchemaNode | undefined } {
  const path: string[] = [...((error.property ?? '').match(/[^.[\]'"]+/g) ?? [])];
  if (error.name === 'required' && error.params?.missingProperty) path.push(String(error.params.missingProperty));
  let node: SchemaNode | undefined = schema;
  for (const key of path) node = node?.properties?.[key];
  return { name: path[path.length - 1] ?? '', node };
}

/**
 * Replaces ajv's English messages by sentences naming the field by its title ("门店名称不能为空"),
 * the same rules the server answers with. A pattern may carry its own message in `x-msg`.
 */
export function localizeErrors(errors: RJSFValidationError[], schema: SchemaNode, t: Translate): RJSFValidationError[] {
  return errors.map((error) => {
    const { name, node } = fieldOf(error, schema);
    const field = node?.title ?? error.title ?? name;
    const limit = error.params?.limit;
    const message = error.name === 'pattern' && node?.['x-msg']
      ? node['x-msg']
      : t(`engine.validation.${KEYWORDS[error.name ?? ''] ?? 'other'}`, { field, limit });
    return { ...error, message, stack: message };
  });
}
