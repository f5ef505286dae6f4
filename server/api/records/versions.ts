import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../http/errors.ts';

/**
 * Record versions as HTTP entity tags. Every change of a record's fields, location or status adds
 * one to `records.version` (store.ts updateRecord and the other writers). A reader gets it as
 * the ETag of one record (and as `version` in /detailed and in the caller's own extenttables
 * features); a writer that sends `If-Match` with it is refused with 412 and the current record when
 * somebody changed the record meanwhile. Without If-Match a write goes through as before (old
 * clients keep last-write-wins). Photos do not count: a photo replaced by the same edit must not
 * make that edit's own next change look stale.
 */

/** The strong ETag of a version: `"7"`. */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/** What If-Match asks for: null (no header: no check), 'any' (`*`: the record must exist) or the versions it accepts (null for a weak tag, which never matches). */
export type Expected = null | 'any' | Array<number | null>;

/** Parses If-Match: `"3"`, `"3", "4"`, `*`, or a weak `W/"3"` (which never matches); 400 for anything else. */
export function ifMatch(req: FastifyRequest): Expected {
  const raw = req.headers['if-match'];
  if (raw === undefined) return null;
  const text = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (text === '*') return 'any';
  const tags = text.split(',').map((t) => t.trim());
  const parsed = tags.map((t) => /^(W\/)?"(\d{1,9})"$/.exec(t));
  if (parsed.some((m) => m === null)) throw badRequest('If-Match must be "*" or a list of record ETags such as "3"');
  // RFC 9110 §13.1.1: If-Match compares strongly, so a weak tag never matches.
  return parsed.map((m) => (m![1] ? null : Number(m![2])));
}

/**
 * Refuses a write whose If-Match no longer names the record's version: 412 with the current
 * record (`current`, as the caller may see it) and its ETag, so the client can show both.
 */
export function assertVersion(expected: Expected, version: number, current: () => unknown): void {
  if (expected === null || expected === 'any' || expected.some((e) => e === version)) return;
  throw new HttpError(
    412,
    `The record was changed since you read it (now version ${version})`,
    { current: current(), version },
    { etag: etagOf(version) },
  );
}

/** Sets the ETag of an answer about one record. */
export function sendVersion(reply: FastifyReply, version: number): void {
  void reply.header('etag', etagOf(version));
}

/** The If-Match request header, as the OpenAPI document shows it. */
export const IF_MATCH_HEADER = {
  'If-Match': {
    description:
      'The ETag (version) the change is based on, e.g. "3". A newer version on the server answers 412 with the current record; without the header the change goes through (last write wins).',
    schema: { type: 'string' },
  },
};
