/**
 * A change-feed answer as a columns message (domain/layerColumns/, docs/layer-wire-format.md):
 * `form=columns`. The items are the feed's own (the JSON text of the Features form, the same SQL
 * as extenttables), read back and written as typed-array columns, so both forms always carry the
 * same values.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Feature } from '../../../domain/model.ts';
import { encodeMessage } from '../../../domain/layerColumns/encode.ts';
import { BODY_BYTES_HEADER, COLUMNS_MEDIA_TYPE } from '../../../domain/layerColumns/format.ts';
import { sendCompressed } from '../http/compress.ts';
import type { TableChanges } from './feed.ts';

/** What every message of an answer carries in its header besides the tables. */
interface AnswerHead {
  cursor: string;
  viewer: string;
  reset: boolean;
}

/** The answer's bytes for changes since a cursor: the cursor, viewer and reset in the header, each table's items as columns. */
export function columnsAnswer(head: AnswerHead, tables: ReadonlyMap<number, TableChanges>): Uint8Array {
  const parsed = new Map<number, { features: Feature[]; removed: number[] }>();
  for (const [id, t] of tables)
    parsed.set(id, { features: t.upserts.map((u) => JSON.parse(u) as Feature), removed: t.removed });
  return encodeMessage(parsed, head);
}

/**
 * A full load of one table as columns messages, one per block of BLOCK_ROWS rows (each with the
 * same header), so that a device stores its copy in blocks as they came. `pages` gives the items
 * BLOCK_ROWS at a time (feed.ts tablePages); each page is encoded before the next is read, so the
 * server holds one page of JSON texts and the encoded blocks, a few bytes a find. A table with no
 * record still gets one (empty) block. When `gone` aborts (the caller left), no further page is read.
 */
export async function fullBlocks(
  tableId: number,
  pages: AsyncIterable<string[]>,
  head: AnswerHead,
  gone?: AbortSignal,
): Promise<Uint8Array[]> {
  const blocks: Uint8Array[] = [];
  const block = (items: string[]): Uint8Array =>
    encodeMessage(new Map([[tableId, { features: items.map((u) => JSON.parse(u) as Feature) }]]), head);
  for await (const page of pages) {
    gone?.throwIfAborted();
    blocks.push(block(page));
  }
  if (blocks.length === 0) blocks.push(block([]));
  return blocks;
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
