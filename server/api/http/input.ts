import type { FastifyRequest } from 'fastify';
import type { RequestBody, RequestShapeName } from '../../../domain/shapes/index.ts';
import { badRequest } from '../../http/errors.ts';

/** The body of a route whose doc.body names `shape`: Fastify has validated it against that shape. */
export function shapedBody<N extends RequestShapeName>(req: FastifyRequest, _shape: N): RequestBody<N> {
  return req.body as RequestBody<N>;
}

/** Narrows a JSON body to an object; 400 otherwise. */
export function bodyObject(body: unknown, what = 'The body'): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest(`${what} must be a JSON object`);
  return body as Record<string, unknown>;
}

/** A positive int4 from a JSON number (a string is refused); 400 otherwise. */
export function positiveInt(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2147483647)
    throw badRequest(`${name} must be a positive integer`);
  return v;
}

/** Parses a comma-separated list of positive ids (a query string value); 400 otherwise. */
export function parseIdList(raw: unknown, name: string, max: number): number[] {
  if (typeof raw !== 'string' || raw.length > 10_000) throw badRequest(`${name} must be a comma-separated list of ids`);
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN));
  if (ids.length === 0 || ids.length > max || ids.some((n) => !Number.isInteger(n) || n < 1)) {
    throw badRequest(`${name} must be a comma-separated list of 1-${max} ids`);
  }
  return [...new Set(ids)];
}
