/**
 * A change-feed answer as a columns message (domain/layerColumns/, docs/layer-wire-format.md):
 * `form=columns`. The items are the feed's own (the JSON text of the Features form, the same SQL
 * as extenttables), read back and written as typed-array columns, so both forms always carry the
 * same values.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Feature } from '../../../domain/model.ts';
import { encodeMessage } from '../../../domain/layerColumns/encode.ts';
import { BLOCK_ROWS, BODY_BYTES_HEADER, COLUMNS_MEDIA_TYPE } from '../../../domain/layerColumns/format.ts';
import { COMPRESS_MIN_BYTES } from '../http/compress.ts';
import type { TableChanges } from './feed.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

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
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Sends a columns message, compressed as JSON answers are (server/api/http/compress.ts): brotli
 * quality 3 or gzip level 1 when the client takes it and the body is not small.
 */
export async function sendColumns(req: FastifyRequest, reply: FastifyReply, bytes: Uint8Array): Promise<FastifyReply> {
  void reply.type(COLUMNS_MEDIA_TYPE).header('vary', 'accept-encoding');
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  void reply.header(BODY_BYTES_HEADER, String(body.length));
  const accept = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  if (body.length < COMPRESS_MIN_BYTES) return reply.send(body);
  if (/\bbr\b/.test(accept)) {
    const out = await brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    return reply.header('content-encoding', 'br').send(out);
  }
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(await gz(body, { level: 1 }));
  return reply.send(body);
}
