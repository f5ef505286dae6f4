/** What the answers of /ogc link to and how they are typed: the media types, the links, the request's own URL. */
import type { FastifyRequest } from 'fastify';

export const GEOJSON = 'application/geo+json';
export const JSON_TYPE = 'application/json';

/** A link of an /ogc answer. */
export interface Link {
  href: string;
  rel: string;
  type?: string;
  title?: string;
}

/** The server's own origin as the client reached it (X-Forwarded-* honoured: trustProxy). */
export function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** The request URL with `changes` applied to its query (null removes a parameter). */
export function withQuery(req: FastifyRequest, changes: Record<string, string | null>): string {
  const u = new URL(req.url, origin(req));
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) u.searchParams.delete(k);
    else u.searchParams.set(k, v);
  }
  return u.href;
}

/** application/json when the client asks for it and not for GeoJSON, else application/geo+json. */
export function featureType(req: FastifyRequest): string {
  const accept = String(req.headers.accept ?? '').toLowerCase();
  return accept.includes(JSON_TYPE) && !accept.includes(GEOJSON) ? JSON_TYPE : GEOJSON;
}
