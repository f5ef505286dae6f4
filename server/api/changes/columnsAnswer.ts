/**
 * A change-feed answer as a columns message (domain/layerColumns/, docs/layer-wire-format.md):
 * `form=columns`. The items are the feed's own (the JSON text of the Features form, the same SQL
 * as extenttables), read back and written as typed-array columns, so both forms always carry the
 * same values.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Feature } from '../../../domain/model.ts';
import { encodeMessage, joinMessages } from '../../../domain/layerColumns/encode.ts';
import { BLOCK_ROWS, BODY_BYTES_HEADER, COLUMNS_MEDIA_TYPE } from '../../../domain/layerColumns/format.ts';
import { sendCompressed } from '../http/compress.ts';
import type { TableChanges } from './feed.ts';

/**
 * The answer's bytes: the cursor, viewer and reset in the header, each table's items as columns.
 * A full load comes as one message per block of BLOCK_ROWS rows of one table (each with the same
 * cursor), so that a device stores its copy in blocks as they came.
 */
export function columnsAnswer(
  cursor: string,
  viewer: string,
  reset: boolean,
  tables: ReadonlyMap<number, TableChanges>,
  full: boolean,
): Uint8Array {
  const extra = { cursor, viewer, reset };
  if (!full) {
    const parsed = new Map<number, { features: Feature[]; removed: number[] }>();
    for (const [id, t] of tables)
      parsed.set(id, { features: t.upserts.map((u) => JSON.parse(u) as Feature), removed: t.removed });
    return encodeMessage(parsed, extra);
  }
  const parts: Uint8Array[] = [];
  for (const [id, t] of tables) {
    for (let i = 0; i === 0 || i < t.upserts.length; i += BLOCK_ROWS) {
      const features = t.upserts.slice(i, i + BLOCK_ROWS).map((u) => JSON.parse(u) as Feature);
      parts.push(encodeMessage(new Map([[id, { features }]]), extra));
    }
  }
  return joinMessages(parts);
}

/**
 * Sends a columns message, compressed as JSON answers are (server/api/http/compress.ts), with its
 * size before compression in BODY_BYTES_HEADER (the data core's progress of a full load).
 */
export function sendColumns(req: FastifyRequest, reply: FastifyReply, bytes: Uint8Array): Promise<FastifyReply> {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  void reply.header(BODY_BYTES_HEADER, String(body.length));
  return sendCompressed(req, reply, body, COLUMNS_MEDIA_TYPE);
}
