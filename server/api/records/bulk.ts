import type { FastifyReply } from 'fastify';
import type { Viewer } from '../../../domain/review.ts';
import type { Db } from '../../db/index.ts';
import { HttpError, badRequest, errorBody } from '../../http/errors.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import type { RecordRow } from './store.ts';
import { createOne, deleteOne, updateOne } from './mutations.ts';
import { RECORD_LIMITS, type BulkBody } from '../../../domain/shapes/records.ts';
import { bodyObject, positiveInt } from '../http/input.ts';

/** The three lists of a bulk body. */
export type BulkOperation = 'creates' | 'updates' | 'deletes';

/** A validated bulk body (POST /api/Features|Records/{projectId}/bulk). */
export interface BulkInput {
  tableId: number;
  creates: unknown[];
  updates: { id: number; body: Record<string, unknown> }[];
  deletes: number[];
}

/** What a bulk call did, in the order of its lists. */
export interface BulkOutcome {
  created: RecordRow[];
  updated: RecordRow[];
  deleted: number[];
}

/** The refusal of one item of a batch: its status and reason, and where it is. */
export class BulkItemError extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly operation: BulkOperation,
    readonly index: number,
  ) {
    super(status, `${operation}[${index}]: ${message}`);
    this.name = 'BulkItemError';
  }
}

/**
 * Checks the items of a bulk body (its shape, BulkRequest, has been validated):
 * at least one and at most RECORD_LIMITS.bulkItems items; a malformed item is a BulkItemError with its index.
 */
export function parseBulk(body: BulkBody): BulkInput {
  const { tableId } = body;
  const creates = body.creates ?? [];
  const rawUpdates = body.updates ?? [];
  const rawDeletes = body.deletes ?? [];
  const total = creates.length + rawUpdates.length + rawDeletes.length;
  if (total === 0) throw badRequest('A bulk call needs at least one item in creates, updates or deletes');
  if (total > RECORD_LIMITS.bulkItems)
    throw badRequest(`A bulk call may have at most ${RECORD_LIMITS.bulkItems} items, got ${total}`);
  const at = <T>(op: BulkOperation, i: number, fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof HttpError && !(e instanceof BulkItemError)) throw new BulkItemError(e.status, e.message, op, i);
      throw e;
    }
  };
  creates.forEach((c, i) => at('creates', i, () => bodyObject(c, 'A create')));
  const updates = rawUpdates.map((u, i) =>
    at('updates', i, () => {
      const o = bodyObject(u, 'An update');
      return { id: positiveInt(o.id, 'id'), body: o };
    }),
  );
  const deletes = rawDeletes.map((d, i) => at('deletes', i, () => positiveInt(d, 'A delete')));
  return { tableId, creates, updates, deletes };
}

/** Runs `fn` for item `index` of `op`, turning its refusal into a BulkItemError. */
async function item<T>(op: BulkOperation, index: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof HttpError && !(e instanceof BulkItemError))
      throw new BulkItemError(e.status, e.message, op, index);
    throw e;
  }
}

/**
 * Applies a batch in one transaction, creates then updates then deletes, each item under the
 * rules of its single call; the first refusal rolls everything back and is thrown as a BulkItemError.
 */
export async function runBulk(
  db: Db,
  meta: TableMeta,
  input: BulkInput,
  viewer: Viewer & { email: string },
): Promise<BulkOutcome> {
  return db.transaction(async (tx) => {
    const out: BulkOutcome = { created: [], updated: [], deleted: [] };
    for (const [i, c] of input.creates.entries())
      out.created.push(await item('creates', i, () => createOne(tx, meta, c, viewer.email)));
    for (const [i, u] of input.updates.entries())
      out.updated.push(await item('updates', i, () => updateOne(tx, meta, u.id, u.body, viewer)));
    for (const [i, id] of input.deletes.entries()) {
      await item('deletes', i, () => deleteOne(tx, meta, id, viewer));
      out.deleted.push(id);
    }
    return out;
  });
}

/** Sends a BulkItemError as `{status, error, message, operation, index}` with the item's status. */
export function sendBulkError(reply: FastifyReply, e: BulkItemError): FastifyReply {
  return reply
    .status(e.status)
    .type('application/json')
    .send({ ...errorBody(e.status, e.message), operation: e.operation, index: e.index });
}
