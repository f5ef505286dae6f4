import { Readable, pipeline, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonText } from './compress.ts';

/**
 * Answers that may be large (extenttables: ~50 MB for all of Slovenia) are written as they are
 * read: the body is an async sequence of JSON text pieces. Up to STREAM_FROM_BYTES it is
 * collected and sent whole (exact length, compressed in the thread pool, as every other answer);
 * past that the collected part and the rest go out as a chunked stream, compressed on the fly
 * when the client accepts it, so the server never holds the whole answer in one string and a
 * client starts receiving after the first chunk. Backpressure: the next piece (the next SQL
 * chunk) is read only when the socket has taken the previous ones.
 */

/** Collected answers up to this size are sent whole. */
export const STREAM_FROM_BYTES = 1024 * 1024;

export async function sendJsonPieces(
  req: FastifyRequest,
  reply: FastifyReply,
  pieces: AsyncIterable<string>,
  streamFrom = STREAM_FROM_BYTES,
  type = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  const it = pieces[Symbol.asyncIterator]();
  const head: string[] = [];
  let size = 0;
  // Errors before anything is sent (a bad table, a failed first query) become normal JSON errors.
  for (;;) {
    const next = await it.next();
    if (next.done) return sendJsonText(req, reply, head.join(''), type);
    head.push(next.value);
    size += next.value.length;
    if (size >= streamFrom) break;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield Buffer.from(head.join(''), 'utf8');
    head.length = 0;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield Buffer.from(next.value, 'utf8');
    }
  }
  const source = Readable.from(rest(), { objectMode: false });
  void reply.type(type).header('vary', 'accept-encoding');
  const accept = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  if (!encoding) return reply.send(source);
  const zip: Transform =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 3 } })
      : createGzip({ level: 1 });
  void reply.header('content-encoding', encoding);
  // A failure after the headers went out can only cut the answer short: log it, end the socket.
  pipeline(source, zip, (err) => {
    if (err) req.log.error({ err }, 'streamed answer failed');
  });
  return reply.send(zip);
}

/** The pieces of `{"<key>":{"<id>":[…],…}}`; each table's chunks are comma-separated item lists. */
export async function* keyedArrays(
  key: string,
  tables: readonly { id: number; chunks: () => AsyncIterable<string> }[],
): AsyncGenerator<string> {
  yield `{${JSON.stringify(key)}:{`;
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i]!;
    yield `${i ? ',' : ''}${JSON.stringify(String(t.id))}:[`;
    let first = true;
    for await (const chunk of t.chunks()) {
      yield first ? chunk : `,${chunk}`;
      first = false;
    }
    yield ']';
  }
  yield '}}';
}
