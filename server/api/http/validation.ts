import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Fastify's own Ajv options (@fastify/ajv-compiler): a URL's params and query are text, so their
 * values are coerced to the schema's types ('12' → 12, one value → a one-item array) and defaults filled.
 */
const PARTS_OPTIONS = { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false } as const;

/**
 * A JSON body is checked as sent: no coercion ("12" is not an id), no defaults filled in, no member
 * removed (the handler sees what the client sent), and the first error is the answer (allErrors
 * would let a crafted body make Ajv do much work).
 */
const BODY_OPTIONS = { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false } as const;

function ajvWith(options: typeof PARTS_OPTIONS | typeof BODY_OPTIONS): Ajv {
  const ajv = new Ajv(options);
  addFormats.default(ajv);
  return ajv;
}

const partsAjv = ajvWith(PARTS_OPTIONS);
const bodyAjv = ajvWith(BODY_OPTIONS);
/** Compiled validators by schema: the same shape serves several routes. */
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * The validator compiler of the /api routes: a body against its shape as sent, params and query
 * as Fastify would (coerced from text). A failure is a 400 whose message names the member and
 * the rule ("body/tableId must be integer", server/http/errors.ts).
 */
export const apiValidatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : partsAjv;
  if (httpPart !== 'body') return ajv.compile(schema);
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
};
