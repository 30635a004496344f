import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own validator and serializer compilers, compiled on a route's first use instead of at
 * start-up. The descriptor-generated routes bring a few hundred schemas; compiling all of them before
 * the first request made start-up on an existing data dir several times slower. Descriptors are
 * checked against their meta-schemas at start (schemas:check), so a broken schema is still caught early.
 */
type Validator = ((data: unknown) => unknown) & { errors?: unknown };

export function lazyCompilersFactory() {
  const validatorSelector = AjvCompiler();
  const serializerSelector = SerializerSelector();
  return {
    buildValidator(externalSchemas: unknown, ajvOptions: unknown) {
      const compile = (validatorSelector as (e: unknown, o: unknown) => (route: unknown) => Validator)(externalSchemas, ajvOptions);
      return (route: unknown) => {
        let validate: Validator | undefined;
        // Fastify reads `.errors` from the function it called, so copy them over after each call.
        const lazy: Validator = (data) => {
          validate ??= compile(route);
          const result = validate(data);
          lazy.errors = validate.errors;
          return result;
        };
        return lazy;
      };
    },
    buildSerializer(externalSchemas: unknown, serializerOptions: unknown) {
      const compile = (serializerSelector as (e: unknown, o: unknown) => (route: unknown) => (data: unknown) => string)(externalSchemas, serializerOptions);
      return (route: unknown) => {
        let serialize: ((data: unknown) => string) | undefined;
        return (data: unknown) => (serialize ??= compile(route))(data);
      };
    },
  };
}
