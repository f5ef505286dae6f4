import type { FastifyReply, FastifyRequest } from 'fastify';

/** A single byte range `bytes=a-b`, `bytes=a-` or `bytes=-n` of a body of `size` bytes; null when absent, 'bad' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges (multipart/byteranges) are not offered: the whole body answers them.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'bad';
  return { start, end };
}

/**
 * Sends a stored sound with its type and HTTP Range support (browsers seek in audio with ranges):
 * 206 with Content-Range for a satisfiable single range, 416 for an unsatisfiable one, else 200.
 */
export function sendSound(
  req: FastifyRequest,
  reply: FastifyReply,
  data: Buffer,
  mime: string,
  name: string,
): FastifyReply {
  reply
    .type(mime)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=3600')
    .header('vary', 'authorization')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`);
  const range = parseRange(req.headers.range, data.length);
  if (range === 'bad') return reply.status(416).header('content-range', `bytes */${data.length}`).send();
  if (!range) return reply.send(data);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${data.length}`)
    .send(data.subarray(range.start, range.end + 1));
}
