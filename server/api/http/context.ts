import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Authenticate } from '../../auth/types.ts';
import type { ApiDocs } from '../openapi/apiDocs.ts';

/** What every route module gets. */
export interface ApiContext {
  db: Db;
  authenticate: Authenticate;
  docs: ApiDocs;
}

/** Largest JSON body of the API (1 MB); bigger ones get 413. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The JSON body media types: plain JSON and the json-patch type the app's client sends. */
export const JSON_TYPES = ['application/json', 'application/json-patch+json'];

/** Path parameters after Fastify validated (and coerced) them against the route's schema. */
export function pathIds<K extends string>(req: FastifyRequest, ..._names: K[]): Record<K, number> {
  return req.params as Record<K, number>;
}
