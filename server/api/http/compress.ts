import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Bodies smaller than this are sent as they are. */
const COMPRESS_MIN_BYTES = 16 * 1024;

/**
 * Sends a JSON text, compressed in the thread pool when the client accepts it (sendCompressed).
 */
export function sendJsonText(
  req: FastifyRequest,
  reply: FastifyReply,
  text: string,
  type = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  return sendCompressed(req, reply, Buffer.from(text, 'utf8'), type);
}

/**
 * Sends a body of the given media type, compressed in the thread pool when the client accepts it
 * and the body is not smaller than COMPRESS_MIN_BYTES: brotli (quality 3, ~30x smaller for feature
 * lists) or gzip (level 1). A 50 MB extent answer compresses in ~0.3-0.4 s.
 */
export async function sendCompressed(
  req: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  type: string,
): Promise<FastifyReply> {
  void reply.type(type).header('vary', 'accept-encoding');
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
