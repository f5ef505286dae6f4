import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/index.ts';
import { HttpError, badRequest } from '../../http/errors.ts';

/** Longest accepted Idempotency-Key. */
export const MAX_KEY_LENGTH = 200;

/**
 * The stored idempotency key of a request: the Idempotency-Key header scoped to the caller's
 * e-mail (so two users can never collide), or null without the header; 400 for a malformed one.
 */
export function idempotencyKey(req: FastifyRequest, email: string): string | null {
  const h = req.headers['idempotency-key'];
  if (h === undefined) return null;
  const key = Array.isArray(h) ? h[0] : h;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest(`Idempotency-Key must be 1-${MAX_KEY_LENGTH} visible ASCII characters`);
  }
  return `${email} ${key}`;
}

/** Finds what was stored earlier with a caller-scoped idempotency key for the target named by two ids. */
export type KeyedLookup<T> = (q: Queryable, key: string | null, first: number, second: number) => Promise<T | null>;

/**
 * A KeyedLookup: the row `sql` reads by its key (`$1`) as `result`, or null (also for no key);
 * 409 when the row's `target` columns are not the lookup's two ids (it was stored for
 * `elsewhere`).
 */
export function keyedLookup<K extends string, R extends Record<K, number>, T>(def: {
  sql: string;
  target: [K, K];
  elsewhere: string;
  result: (row: R) => T;
}): KeyedLookup<T> {
  return async (q, key, first, second) => {
    if (key === null) return null;
    const [r] = await q.query<R>(def.sql, [key]);
    if (!r) return null;
    if (r[def.target[0]] !== first || r[def.target[1]] !== second)
      throw new HttpError(409, `This Idempotency-Key was already used for ${def.elsewhere}`);
    return def.result(r);
  };
}

/** The record created earlier with this key (then project id, table id), or null; 409 when used for another table. */
export const findIdempotent = keyedLookup({
  sql: 'select id, project_id, table_id from records where idempotency_key = $1',
  target: ['project_id', 'table_id'],
  elsewhere: 'another table',
  result: (r: { id: number; project_id: number; table_id: number }) => r.id,
});

/** True for a unique-constraint violation (a concurrent create with the same key won). */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}
