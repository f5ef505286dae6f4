import type { Queryable } from '../../db/index.ts';
import type { AttachmentOrderBody } from '../../../domain/shapes/review.ts';
import { badRequest } from '../../http/errors.ts';
import { isPhotoMime } from '../../../domain/attachments.ts';

/**
 * The order a record's attachments are listed in: the reporter's order (position), then the upload
 * order (id). Attachments stored before positions existed all have position 0 and keep their upload
 * order.
 */
export const ATTACHMENT_ORDER = 'position, id';

/** The same order with the record's cover first (the photo lists of exports: cover first). */
export const COVER_FIRST_ORDER = `cover desc, ${ATTACHMENT_ORDER}`;

/** SQL condition: the attachment (alias `a`, or none) is a picture; a find's other attachments (e.g. sound) are not photos. */
export function isImageSql(alias = ''): string {
  return `${alias ? `${alias}.` : ''}mime_type like 'image/%'`;
}

/** The position a newly added attachment of `recordId` takes: after every other. */
export async function nextPosition(tx: Queryable, recordId: number): Promise<number> {
  const [row] = await tx.query<{ p: number | null }>(
    'select max(position)::integer as p from attachments where record_id = $1',
    [recordId],
  );
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

/** A new attachment order of a record: its attachment ids in order, and the cover (or null: the first picture). */
export interface AttachmentOrder {
  order: number[];
  cover: number | null;
}

/** The body of PUT .../attachmentorder (validated by its shape) as an AttachmentOrder: no cover is null. */
export function parseAttachmentOrder(body: AttachmentOrderBody): AttachmentOrder {
  return { order: body.order, cover: body.cover ?? null };
}

/**
 * Stores a record's attachment order and cover: the listed attachments take positions 0, 1, …
 * in the order given, the others follow in their old order; only `cover` is the cover.
 * 400 when an id is listed twice or is not an attachment of the record, or the cover is not one
 * of its pictures.
 */
export async function storeAttachmentOrder(tx: Queryable, recordId: number, o: AttachmentOrder): Promise<void> {
  const rows = await tx.query<{ id: number; mime_type: string }>(
    `select id, mime_type from attachments where record_id = $1 order by ${ATTACHMENT_ORDER}`,
    [recordId],
  );
  const ids = rows.map((r) => Number(r.id));
  if (new Set(o.order).size !== o.order.length) throw badRequest('An attachment is listed twice in "order"');
  const unknown = o.order.find((id) => !ids.includes(id));
  if (unknown !== undefined) throw badRequest(`Attachment ${unknown} is not an attachment of record ${recordId}`);
  if (o.cover !== null) {
    const cover = rows.find((r) => Number(r.id) === o.cover);
    if (!cover || !isPhotoMime(cover.mime_type))
      throw badRequest(`The cover ${o.cover} is not a photo of record ${recordId}`);
  }
  const final = [...o.order, ...ids.filter((id) => !o.order.includes(id))];
  await tx.query(
    `update attachments a set position = x.position, cover = coalesce(a.id = $3::integer, false)
       from unnest($1::int[], $2::int[]) as x(id, position)
      where a.id = x.id and a.record_id = $4`,
    [final, final.map((_, i) => i), o.cover, recordId],
  );
}
