import type { FastifyRequest } from 'fastify';

/** A write to records a request made, for the metrics (server/http/metrics.ts counts it once the answer is sent). */
export type WriteEvent =
  | {
      kind: 'records';
      op: 'create' | 'update' | 'delete' | 'archive' | 'restore';
      /** How many records (a bulk batch: many). */
      count: number;
      /** True when an Idempotency-Key repeated an earlier create: nothing new was written. */
      replay: boolean;
    }
  | {
      kind: 'photos';
      count: number;
      /** Bytes of the originals stored (0 for a replay: nothing new was stored). */
      bytes: number;
      replay: boolean;
    };

/** The events of requests still being answered; a request's entry goes with the request. */
const pending = new WeakMap<FastifyRequest, WriteEvent[]>();

/**
 * Notes that `req` wrote records or photos (call it when the write has committed). The metrics
 * count it when the answer has gone out; without metrics (a test's bare API) nothing reads it.
 */
export function noteWrite(req: FastifyRequest, event: WriteEvent): void {
  if (event.count <= 0) return;
  const list = pending.get(req);
  if (list) list.push(event);
  else pending.set(req, [event]);
}

/** The events noted for `req`, once (they are forgotten). */
export function takeWrites(req: FastifyRequest): WriteEvent[] {
  const list = pending.get(req) ?? [];
  pending.delete(req);
  return list;
}
