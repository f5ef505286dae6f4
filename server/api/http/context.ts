import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Authenticate } from '../../auth/types.ts';
import type { ApiDocs } from '../openapi/apiDocs.ts';
import type { Attachment, Feature } from '../../../worker/types.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { iso, toFeature, type RecordRow } from '../records/store.ts';
import { canSeeCreator } from '../access/recordAccess.ts';
import type { Viewer } from '../../../domain/review.ts';

/** What every route module gets. */
export interface ApiContext {
  db: Db;
  authenticate: Authenticate;
  docs: ApiDocs;
}

/** Largest JSON body of the API (1 MB); bigger ones get 413. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The JSON body media types of SPEC §7. */
export const JSON_TYPES = ['application/json', 'application/json-patch+json'];

/** Path parameters after Fastify validated (and coerced) them against the route's schema. */
export function pathIds<K extends string>(req: FastifyRequest, ..._names: K[]): Record<K, number> {
  return req.params as Record<K, number>;
}

/** A feature with its attachments and record metadata (the /detailed shape). */
export type DetailedFeature = Feature & { attachments: Attachment[]; createdByEmail: string | null; createdAt: string; updatedAt: string; version: number };

/** Builds the /detailed shape of a row for the caller (creator e-mail only for the creator and the group's reviewers). */
export function toDetailed(meta: TableMeta, row: RecordRow, viewer: Viewer, attachments: Attachment[]): DetailedFeature {
  return {
    ...toFeature(meta, row, viewer),
    attachments,
    createdByEmail: canSeeCreator(meta, row, viewer) ? row.created_by_email : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}
