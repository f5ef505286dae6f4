import type { RequestShapeName, ResponseShapeName } from '../../../domain/shapes/index.ts';

/** The building blocks of the API's remaining hand JSON Schemas (a few documented answers and queries); bodies, answers and id params are TypeBox shapes (domain/shapes/). */

/** A JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;

/** A `$ref` to a component schema of the OpenAPI document: a shape's (domain/shapes/), so a name that is none fails the typecheck. */
export const ref = (name: ResponseShapeName | RequestShapeName): JsonSchema => ({
  $ref: `#/components/schemas/${name}`,
});

/** The plain types. */
export const int = { type: 'integer' };
export const num = { type: 'number' };
export const str = { type: 'string' };
export const bool = { type: 'boolean' };

/** `s` or null. */
export const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] });

/** An array of `items`, with further keywords in `extra`. */
export const arr = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });

/** An object with these required and known properties, with further keywords in `extra`. */
export const obj = (
  required: string[],
  properties: Record<string, JsonSchema>,
  extra: JsonSchema = {},
): JsonSchema => ({
  type: 'object',
  required,
  properties,
  ...extra,
});
