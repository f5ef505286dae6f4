/**
 * The building blocks of the API's shapes (TypeBox): each shape is a JSON Schema the server
 * validates with (Ajv), the OpenAPI document publishes and TypeScript reads as a type (Static).
 */
import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';

export { Type, type Static, type TSchema };

/** A positive int4 id (ids in bodies are JSON numbers; a string is refused). */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** `s` or null. */
export const Nullable = <T extends TSchema>(s: T, options: Record<string, unknown> = {}) =>
  Type.Union([s, Type.Null()], options);

/** An object keyed by any text (an id, a column id) whose values are `value`s. */
export const Dict = <T extends TSchema>(
  value: T,
  options: Record<string, unknown> = {},
): TUnsafe<Record<string, Static<T>>> =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: value, ...options });

/** A page number of a listing (1 when absent). */
export const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 });

/** Path parameters that are all ids (Fastify coerces the URL's text to numbers). */
export const idParams = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((n) => [n, Id])) as Record<K, typeof Id>);
