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

/** The record created earlier with this key, or null; 409 when the key was used for another table. */
export async function findIdempotent(
  q: Queryable,
  key: string | null,
  projectId: number,
  tableId: number,
): Promise<number | null> {
  if (key === null) return null;
  const rows = await q.query<{ id: number; project_id: number; table_id: number }>(
    'select id, project_id, table_id from records where idempotency_key = $1',
    [key],
  );
  const r = rows[0];
  if (!r) return null;
  if (r.project_id !== projectId || r.table_id !== tableId)
    throw new HttpError(409, 'This Idempotency-Key was already used for another table');
  return r.id;
}

/** True for a unique-constraint violation (a concurrent create with the same key won). */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}
