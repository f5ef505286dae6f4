import type { Attachment } from '../../../worker/types.ts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { insertAttachment, type PreparedPhoto } from '../attachments/store.ts';
import { toDetailed, type DetailedFeature } from '../http/context.ts';
import { creatorViewer } from '../access/recordAccess.ts';
import { findIdempotent, isUniqueViolation } from './idempotency.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { attachmentsOf, insertRecord, readRecord } from './store.ts';
import { prepareCreate } from './prepareWrite.ts';

/** A photo to attach to a new record. */
export interface NewPhoto {
  infoId: number;
  photo: PreparedPhoto;
}

/** The outcome of a create: 201 for a new record, 200 when an Idempotency-Key repeated an earlier create. */
export interface Created {
  status: 200 | 201;
  feature: DetailedFeature;
}

/** The earlier result of a repeated create, as its creator sees it. */
async function replay(db: Db, meta: TableMeta, id: number, email: string): Promise<Created> {
  const row = await readRecord(db, meta, id);
  if (!row) throw notFound(`Record ${id} (created earlier with this Idempotency-Key) no longer exists`);
  const att = await attachmentsOf(db, [id]);
  return { status: 200, feature: toDetailed(meta, row, creatorViewer(email), att.get(id) ?? []) };
}

/**
 * Creates a record (and its photos) in one transaction. With an idempotency key, a repeat
 * returns the first result, also when two identical requests race.
 */
export async function createFeature(db: Db, meta: TableMeta, body: unknown, email: string, key: string | null, photos: NewPhoto[]): Promise<Created> {
  const earlier = await findIdempotent(db, key, meta.table.projectId, meta.table.id);
  if (earlier !== null) return replay(db, meta, earlier, email);
  const prepared = await prepareCreate(db, meta, body, email);
  try {
    const feature = await db.transaction(async (tx) => {
      const row = await insertRecord(tx, meta, {
        properties: prepared.properties,
        geometry: prepared.geo?.geometry ?? null,
        bbox: prepared.geo?.bbox ?? null,
        email,
        idempotencyKey: key,
      });
      const attachments: Attachment[] = [];
      for (const p of photos) attachments.push(await insertAttachment(tx, row.id, meta.table.id, p.infoId, p.photo));
      return toDetailed(meta, row, creatorViewer(email), attachments);
    });
    return { status: 201, feature };
  } catch (e) {
    if (key !== null && isUniqueViolation(e)) {
      const id = await findIdempotent(db, key, meta.table.projectId, meta.table.id);
      if (id !== null) return replay(db, meta, id, email);
    }
    throw e;
  }
}
